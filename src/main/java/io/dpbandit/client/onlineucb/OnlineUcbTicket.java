package io.dpbandit.client.onlineucb;

import io.dpbandit.client.WireValues;
import java.util.Arrays;

/**
 * What the server sends to the user with each OnlineUCB decision, besides the chosen action's feature
 * vector: the public inputs of the user's local step (OnlineUCB paper, Algorithm 1, lines 8–14). All of it is
 * a function of earlier users' private reports only, so sending it costs no privacy.
 *
 * <h2>Wire format (JSON object, part of the /decide response)</h2>
 * <ul>
 *   <li>{@code base} (integer ≥ 0): which learner issued the decision. 0 for plain OnlineUCB; the index
 *       of the base learner under the λ_min combiner (paper Algorithm 2). Echoed in the report.</li>
 *   <li>{@code round} (integer ≥ 0): the number of rounds the server had folded into the snapshot the
 *       decision was served from (reports, and its stand-ins for reports that did not come). Echoed in the report, so the server can tell late reports (round
 *       tickets for asynchronous users, docs/papers.md).</li>
 *   <li>{@code theta} (array of d numbers): the online learner's point θ_t (‖θ_t‖ ≤ D), dimensionless
 *       coefficients of the linear reward model. The user evaluates the loss gradient g_t there.</li>
 *   <li>{@code conditioningStd} (number ≥ 0): Δ, the standard deviation of the conditioning perturbation
 *       ζ ~ N(0, Δ²I) the user adds to x (line 11), in feature units; 0 when λ_min &gt; λ̄. It is chosen
 *       by the server and does not affect privacy: ζ is added after the privacy noise and is independent
 *       of the data (post-processing).</li>
 * </ul>
 *
 * @param base            learner index (0 unless the combiner is used)
 * @param round           rounds folded into the snapshot the decision was served from (reports, and the
 *                        server's stand-ins for reports that did not come)
 * @param theta           θ_t, the online learner's point
 * @param conditioningStd Δ ≥ 0
 */
public record OnlineUcbTicket(int base, long round, double[] theta, double conditioningStd) {

    public OnlineUcbTicket {
        if (base < 0 || round < 0) {
            throw new IllegalArgumentException("base and round must be >= 0, got " + base + " and " + round);
        }
        if (theta == null || theta.length == 0) {
            throw new IllegalArgumentException("theta must be a non-empty vector");
        }
        theta = WireValues.finiteCopy(theta, "theta");
        if (!(conditioningStd >= 0) || Double.isInfinite(conditioningStd)) {
            throw new IllegalArgumentException("conditioningStd must be finite and >= 0, got " + conditioningStd);
        }
    }

    /** A copy of θ_t. */
    @Override
    public double[] theta() {
        return theta.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OnlineUcbTicket t && t.base == base && t.round == round
                && Arrays.equals(t.theta, theta) && Double.compare(t.conditioningStd, conditioningStd) == 0;
    }

    @Override
    public int hashCode() {
        return ((31 * base + Long.hashCode(round)) * 31 + Arrays.hashCode(theta)) * 31
                + Double.hashCode(conditioningStd);
    }

    @Override
    public String toString() {
        return "OnlineUcbTicket[base=" + base + ", round=" + round + ", theta=" + Arrays.toString(theta)
                + ", conditioningStd=" + conditioningStd + "]";
    }
}

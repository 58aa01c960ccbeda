package io.dpbandit.client.capri;

import io.dpbandit.client.WireValues;
import java.util.Arrays;

/**
 * One user's CAPRI-LDP report: the only thing about the round that leaves the device. It is
 * (ε, δ)-LDP with respect to the user's (context, reward) for the {@code epsilon} and {@code delta}
 * it carries.
 *
 * <h2>Wire format (JSON object, the {@code report} of POST /feedback)</h2>
 * <ul>
 *   <li>{@code epoch} (integer): the plan's epoch; must be the decision's.</li>
 *   <li>{@code contribution} (m numbers): clip_{C_r}(clip_B(y) · A k_S(w)) + N(0, σ² I), w = context ++
 *       the played action's features.</li>
 *   <li>{@code epsilon}, {@code delta}: the guarantee (the plan's per-round (ε_r, δ_r)).</li>
 *   <li>{@code sigma}: the σ the device used (at least the plan's).</li>
 * </ul>
 */
public record CapriReport(int epoch, double[] contribution, double epsilon, double delta, double sigma) {

    public CapriReport {
        if (epoch < 1) {
            throw new IllegalArgumentException("epoch must be >= 1, got " + epoch);
        }
        if (contribution == null || contribution.length == 0) {
            throw new IllegalArgumentException("contribution must hold at least one number");
        }
        contribution = WireValues.finiteCopy(contribution, "contribution");
        if (!(epsilon > 0) || Double.isInfinite(epsilon) || !(delta > 0 && delta < 1)) {
            throw new IllegalArgumentException("need epsilon > 0 finite and delta in (0, 1)");
        }
        if (!(sigma > 0) || Double.isInfinite(sigma)) {
            throw new IllegalArgumentException("sigma must be positive and finite");
        }
    }

    @Override
    public double[] contribution() {
        return contribution.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CapriReport r && r.epoch == epoch && Arrays.equals(r.contribution, contribution)
                && Double.compare(r.epsilon, epsilon) == 0 && Double.compare(r.delta, delta) == 0
                && Double.compare(r.sigma, sigma) == 0;
    }

    @Override
    public int hashCode() {
        return 31 * epoch + Arrays.hashCode(contribution);
    }

    @Override
    public String toString() {
        return "CapriReport[epoch=" + epoch + ", m=" + contribution.length + ", sigma=" + sigma + "]";
    }
}

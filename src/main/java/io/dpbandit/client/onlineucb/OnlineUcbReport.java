package io.dpbandit.client.onlineucb;

import io.dpbandit.client.WireValues;
import io.dpbandit.client.privacy.CalibrationMethod;
import java.util.Arrays;

/**
 * One user's OnlineUCB report: the only thing that leaves the user's device (OnlineUCB paper, Algorithm 1,
 * line 15), produced by {@link OnlineUcbRandomiser}. It is (ε, δ)-LDP with respect to the user's
 * (x, y) for the {@code epsilon} and {@code delta} it carries.
 *
 * <h2>Wire format (JSON object, request body of the feedback endpoint)</h2>
 * <table>
 *   <caption>Fields</caption>
 *   <tr><th>field</th><th>type</th><th>meaning</th><th>units</th></tr>
 *   <tr><td>{@code base}</td><td>integer ≥ 0</td><td>the ticket's {@code base}, echoed: which learner
 *       the report belongs to (0 for plain OnlineUCB)</td><td>–</td></tr>
 *   <tr><td>{@code round}</td><td>integer ≥ 0</td><td>the ticket's {@code round}, echoed: the snapshot the
 *       decision was served from</td><td>reports</td></tr>
 *   <tr><td>{@code noisyFeatures}</td><td>array of d numbers</td><td>x̃ = clip(x) + N(0, σ_x² I) + ζ,
 *       ζ ~ N(0, Δ² I): the played action's features after clipping to ‖x‖ ≤ B_x, privacy noise and the
 *       conditioning perturbation</td><td>feature units</td></tr>
 *   <tr><td>{@code noisyReward}</td><td>number</td><td>ỹ = clip(y) + N(0, σ_y²): the reward after
 *       clipping to [−B_y, B_y] and privacy noise</td><td>reward units</td></tr>
 *   <tr><td>{@code gradient}</td><td>array of d numbers</td><td>g = 2x̃(⟨x̃, θ⟩ − ỹ) − 2σ_x²θ at the
 *       ticket's θ, clipped to ‖g‖ ≤ G: the gradient of the bias-corrected loss
 *       (⟨x̃, θ⟩ − ỹ)² − σ_x²‖θ‖² (line 14). A function of x̃, ỹ and the public θ
 *       (post-processing)</td><td>reward² per unit of θ</td></tr>
 *   <tr><td>{@code epsilon}</td><td>number &gt; 0</td><td>ε of the report's LDP guarantee (2ε for
 *       PAPER_SEPARATE)</td><td>nats</td></tr>
 *   <tr><td>{@code delta}</td><td>number in (0, 1]</td><td>δ of the report's guarantee (2δ for
 *       PAPER_SEPARATE)</td><td>probability</td></tr>
 *   <tr><td>{@code featureSigma}</td><td>number &gt; 0</td><td>σ_x, the standard deviation of the privacy
 *       noise on each feature coordinate (the loss's Σ = σ_x² I)</td><td>feature units</td></tr>
 *   <tr><td>{@code rewardSigma}</td><td>number &gt; 0</td><td>σ_y, the same on the reward (σ_y = σ_x for
 *       JOINT_VECTOR)</td><td>reward units</td></tr>
 *   <tr><td>{@code conditioningStd}</td><td>number ≥ 0</td><td>Δ used (the ticket's)</td><td>feature
 *       units</td></tr>
 *   <tr><td>{@code release}</td><td>"JOINT_VECTOR" | "PAPER_SEPARATE"</td><td>how (x, y) was
 *       released</td><td>–</td></tr>
 *   <tr><td>{@code calibration}</td><td>"ANALYTIC" | "CLASSICAL"</td><td>how σ was derived from
 *       (ε, δ)</td><td>–</td></tr>
 * </table>
 * The provenance fields (epsilon … calibration) let the server check that the client used the bandit's
 * parameters; they carry no information about the user.
 */
public record OnlineUcbReport(int base, long round, double[] noisyFeatures, double noisyReward,
        double[] gradient, double epsilon, double delta, double featureSigma, double rewardSigma,
        double conditioningStd, ReleaseMode release, CalibrationMethod calibration) {

    public OnlineUcbReport {
        if (base < 0 || round < 0) {
            throw new IllegalArgumentException("base and round must be >= 0, got " + base + " and " + round);
        }
        noisyFeatures = WireValues.finiteCopy(noisyFeatures, "noisyFeatures");
        gradient = WireValues.finiteCopy(gradient, "gradient");
        if (noisyFeatures.length == 0 || gradient.length != noisyFeatures.length) {
            throw new IllegalArgumentException("noisyFeatures and gradient must have the same, positive length");
        }
        if (!Double.isFinite(noisyReward)) {
            throw new IllegalArgumentException("noisyReward must be finite, got " + noisyReward);
        }
        if (!(epsilon > 0) || Double.isInfinite(epsilon) || !(delta > 0 && delta <= 1)) {
            throw new IllegalArgumentException("need epsilon > 0 finite and delta in (0, 1], got "
                    + epsilon + ", " + delta);
        }
        if (!(featureSigma > 0) || Double.isInfinite(featureSigma) || !(rewardSigma > 0)
                || Double.isInfinite(rewardSigma)) {
            throw new IllegalArgumentException("featureSigma and rewardSigma must be positive and finite");
        }
        if (!(conditioningStd >= 0) || Double.isInfinite(conditioningStd)) {
            throw new IllegalArgumentException("conditioningStd must be finite and >= 0, got " + conditioningStd);
        }
        if (release == null || calibration == null) {
            throw new IllegalArgumentException("release and calibration are required");
        }
    }

    /** d, the feature dimension. */
    public int dimension() {
        return noisyFeatures.length;
    }

    /** A copy of x̃. */
    @Override
    public double[] noisyFeatures() {
        return noisyFeatures.clone();
    }

    /** A copy of g. */
    @Override
    public double[] gradient() {
        return gradient.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OnlineUcbReport r && r.base == base && r.round == round
                && Arrays.equals(r.noisyFeatures, noisyFeatures) && Double.compare(r.noisyReward, noisyReward) == 0
                && Arrays.equals(r.gradient, gradient) && Double.compare(r.epsilon, epsilon) == 0
                && Double.compare(r.delta, delta) == 0 && Double.compare(r.featureSigma, featureSigma) == 0
                && Double.compare(r.rewardSigma, rewardSigma) == 0
                && Double.compare(r.conditioningStd, conditioningStd) == 0
                && r.release == release && r.calibration == calibration;
    }

    @Override
    public int hashCode() {
        int h = 31 * base + Long.hashCode(round);
        h = 31 * h + Arrays.hashCode(noisyFeatures);
        h = 31 * h + Double.hashCode(noisyReward);
        h = 31 * h + Arrays.hashCode(gradient);
        return 31 * h + Double.hashCode(featureSigma);
    }

    @Override
    public String toString() {
        return "OnlineUcbReport[base=" + base + ", round=" + round + ", noisyFeatures="
                + Arrays.toString(noisyFeatures) + ", noisyReward=" + noisyReward + ", gradient="
                + Arrays.toString(gradient) + ", epsilon=" + epsilon + ", delta=" + delta + ", featureSigma="
                + featureSigma + ", rewardSigma=" + rewardSigma + ", conditioningStd=" + conditioningStd
                + ", release=" + release + ", calibration=" + calibration + "]";
    }
}

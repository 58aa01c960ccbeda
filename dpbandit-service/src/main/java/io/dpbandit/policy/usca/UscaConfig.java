package io.dpbandit.policy.usca;

import io.dpbandit.kernel.KernelSpec;
import java.util.List;

/**
 * A USCA bandit (paper 000): uniform exploration for {@code horizon} rounds, then ε-DP releases
 * of a recommended action per context by the exponential mechanism.
 *
 * @param horizon             T: learning rounds
 * @param actionFeatures      feature vector of every action
 * @param kernel              kernel on the joint vector (c, x)
 * @param regularization      τ
 * @param rewardBound         B; rewards are clipped to [-B, B]
 * @param epsilon             ε charged per released context (∞: non-private argmax, for comparison)
 * @param approximationSize   n_Z: size of the approximating set Z ([engineering] bounded Z; K = n_Z / T)
 * @param supportSampleCap    at most this many support points for sup σ² (a public subsample beyond)
 */
public record UscaConfig(int horizon, List<double[]> actionFeatures, KernelSpec kernel, double regularization,
        double rewardBound, double epsilon, int approximationSize, int supportSampleCap) {

    public UscaConfig {
        if (horizon < 1) {
            throw new IllegalArgumentException("horizon must be at least 1");
        }
        if (actionFeatures == null || actionFeatures.size() < 2) {
            throw new IllegalArgumentException("USCA needs at least two actions");
        }
        actionFeatures = actionFeatures.stream().map(double[]::clone).toList();
        if (!(regularization > 0) || !(rewardBound > 0)) {
            throw new IllegalArgumentException("need regularization > 0 and rewardBound > 0");
        }
        if (!(epsilon > 0)) {
            throw new IllegalArgumentException("epsilon must be positive (infinity for non-private)");
        }
        if (approximationSize < 1 || supportSampleCap < 1) {
            throw new IllegalArgumentException("approximationSize and supportSampleCap must be positive");
        }
    }

    public boolean privacyEnabled() {
        return Double.isFinite(epsilon);
    }

    /** K = n_Z / T as a real number (spec [engineering]; integer division would give 0). */
    public double multiplierK() {
        return (double) approximationSize / horizon;
    }
}

package io.dpbandit.policy.usca;

import io.dpbandit.policy.JointPoint;
import java.util.List;

/**
 * The estimator of paper eq. 4, built once after learning:
 * μ_T(w) = (1/τ)( k_W(w)ᵀ Y − k_Z(w)ᵀ (K_ZZ + KτI)⁻¹ K_{Z,W} Y ), stored as the aggregated
 * rounds (points and weighted reward sums) and b = (K_ZZ + KτI)⁻¹ K_{Z,W} Y. It is not private by
 * itself; only the exponential-mechanism releases computed from it are.
 */
public record UscaEstimator(UscaPlan plan, List<JointPoint> points, double[] rewardSums, double[] zCoefficients) {

    public UscaEstimator {
        points = List.copyOf(points);
        rewardSums = rewardSums.clone();
        zCoefficients = zCoefficients.clone();
    }
}

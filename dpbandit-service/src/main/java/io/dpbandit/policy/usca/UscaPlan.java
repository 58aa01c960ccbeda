package io.dpbandit.policy.usca;

import io.dpbandit.policy.JointPoint;
import java.util.List;

/**
 * The public part of a USCA bandit, fixed before any data arrives: the approximating set Z
 * (drawn from κ × Unif(X)), the inverse Cholesky factor of K_ZZ + KτI, and sup σ² over the
 * support (so the sensitivity m = 2B sup σ² of Lemma 4.2 is known in advance).
 *
 * @param approximatingSet Z
 * @param inverseFactor    L⁻¹ with K_ZZ + KτI = L Lᵀ, row-major |Z|×|Z|
 * @param multiplierK      K = |Z| / T
 * @param supSigmaSq       sup σ²(w) over the declared support
 * @param gammaEstimate    ½ log det(I + K_GG/τ) on min(T, 1000) data-free points: an estimate of γ_T
 */
public record UscaPlan(List<JointPoint> approximatingSet, double[] inverseFactor, double multiplierK,
        double supSigmaSq, double gammaEstimate) {

    public UscaPlan {
        approximatingSet = List.copyOf(approximatingSet);
        inverseFactor = inverseFactor.clone();
    }
}

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
 * @param supSigmaSq       sup over the declared support of the width the estimator's sensitivity uses:
 *                         σ²(w) for the PAPER estimator, s²(w) for the COMPACT one
 * @param gammaEstimate    ½ log det(I + K_GG/τ) on min(T, 1000) data-free points: an estimate of γ_T
 * @param projectionFactor COMPACT only: L_ε⁻¹ with K_ZZ + εI = L_ε L_εᵀ, row-major (empty for PAPER)
 * @param projectionJitter COMPACT only: ε, with 0 &lt; ε ≤ Kτ/2 so that M is positive semi-definite
 * @param counts           COUNTED only: n_j, how many of the n_Z draws fell on each distinct point of
 *                         Z (empty: every point drawn once, the paper's Z); the diagonal of the
 *                         regularised matrix is then τK/n_j
 */
public record UscaPlan(List<JointPoint> approximatingSet, double[] inverseFactor, double multiplierK,
        double supSigmaSq, double gammaEstimate, double[] projectionFactor, double projectionJitter, int[] counts) {

    public UscaPlan {
        approximatingSet = List.copyOf(approximatingSet);
        inverseFactor = inverseFactor.clone();
        projectionFactor = projectionFactor == null ? new double[0] : projectionFactor.clone();
        counts = counts == null ? new int[0] : counts.clone();
        if (counts.length != 0 && counts.length != approximatingSet.size()) {
            throw new IllegalArgumentException("one count per point of Z");
        }
    }

    /** A plan over the paper's Z (every point drawn once). */
    public UscaPlan(List<JointPoint> approximatingSet, double[] inverseFactor, double multiplierK,
            double supSigmaSq, double gammaEstimate, double[] projectionFactor, double projectionJitter) {
        this(approximatingSet, inverseFactor, multiplierK, supSigmaSq, gammaEstimate, projectionFactor,
                projectionJitter, null);
    }

    /** n_Z: the draws Z stands for (its size where every point was drawn once). */
    public long draws() {
        return counts.length == 0 ? approximatingSet.size() : java.util.Arrays.stream(counts).asLongStream().sum();
    }

    /** Whether the plan is for the COMPACT estimator. */
    public boolean compact() {
        return projectionFactor.length > 0;
    }
}

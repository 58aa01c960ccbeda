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
 * @param estimator           PAPER (eq. 4, keeps the data points) or COMPACT (the data projected onto Z)
 */
public record UscaConfig(int horizon, List<double[]> actionFeatures, KernelSpec kernel, double regularization,
        double rewardBound, double epsilon, int approximationSize, int supportSampleCap, Estimator estimator) {

    /**
     * PAPER: eq. 4, μ_T(w) = (1/τ)(k_W(w)ᵀY − k_Z(w)ᵀ(K_ZZ + KτI)⁻¹K_{Z,W}Y), which keeps every
     * distinct data point w_t (user contexts) for as long as releases are made.
     * <p>COMPACT [engineering]: each φ(w_t) is replaced by its (ridge-ε) projection onto span φ(Z),
     * which gives μ̃_T(w) = (1/τ) k_Z(w)ᵀ M K_{Z,W}Y with M = (K_ZZ + εI)⁻¹ − (K_ZZ + KτI)⁻¹ (positive
     * semi-definite for 0 &lt; ε &lt; Kτ). The estimator is then n_Z numbers and no context: what a
     * service can keep past its raw-data retention. Privacy is the paper's argument in the M metric:
     * one round's term is y_t ω_t k_Z(w)ᵀMk_Z(w_t)/τ ≤ B ω_t s(w) s(w_t) with
     * s²(w) = k_Z(w)ᵀMk_Z(w)/τ ≤ σ²(w) (Cauchy–Schwarz), so with ω_t = min(1, sup s / s(w_t)) the
     * sensitivity is 2B sup s · max_x s(c, x), the same form with s in place of σ. Where Z contains
     * every point the data can take (a finite support covered by Z), the projection is exact up to ε
     * and the two estimators agree.
     */
    public enum Estimator { PAPER, COMPACT }

    /** The paper's estimator. */
    public UscaConfig(int horizon, List<double[]> actionFeatures, KernelSpec kernel, double regularization,
            double rewardBound, double epsilon, int approximationSize, int supportSampleCap) {
        this(horizon, actionFeatures, kernel, regularization, rewardBound, epsilon, approximationSize,
                supportSampleCap, Estimator.PAPER);
    }

    public UscaConfig {
        if (estimator == null) {
            estimator = Estimator.PAPER;
        }
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

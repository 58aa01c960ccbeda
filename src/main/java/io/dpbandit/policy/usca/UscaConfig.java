package io.dpbandit.policy.usca;

import io.dpbandit.client.kernel.KernelSpec;
import java.util.List;

/**
 * A USCA bandit (USCA paper, docs/papers.md): uniform exploration for {@code horizon} rounds, then ε-DP releases
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
 * @param approximatingSet    DRAWN (every draw of Z is its own point) or COUNTED (Z's distinct points
 *                            with their counts: the same estimator, at a cost set by the distinct points)
 */
public record UscaConfig(int horizon, List<double[]> actionFeatures, KernelSpec kernel, double regularization,
        double rewardBound, double epsilon, int approximationSize, int supportSampleCap, Estimator estimator,
        ApproximatingSet approximatingSet) {

    /**
     * How Z is held. DRAWN: the n_Z draws as n_Z points, K_ZZ + KτI an n_Z × n_Z matrix.
     * <p>COUNTED [engineering]: where the support is finite (a public pool × the catalogue), the n_Z
     * draws take at most |pool|·|X| distinct values u_j, drawn n_j times. Then
     * (1/K) Φ_Z Φ_Zᵀ = Σ_j (n_j/K) φ(u_j) φ(u_j)ᵀ, and by Woodbury
     * Z̃⁻¹ = (1/τ)(I − Φ_U (K_UU + D)⁻¹ Φ_Uᵀ) with D = diag(τK/n_j): eq. 4 and eq. 5 hold with
     * K_ZZ + KτI replaced by K_UU + D and K_ZZ by K_UU. The estimator and σ² are the same functions
     * (exactly for PAPER; for COMPACT up to the ε ridge of the projection), so Lemma 4.2's
     * sensitivity argument (a bound on one round's term in the Z̃⁻¹ metric, for any public Z̃) and
     * the release are unchanged; only the cost changes, from O(n_Z³) to O(|U|³), so n_Z can be many
     * times the support size and cover it.
     */
    public enum ApproximatingSet { DRAWN, COUNTED }

    /** The paper's Z: every draw kept as its own point. */
    public UscaConfig(int horizon, List<double[]> actionFeatures, KernelSpec kernel, double regularization,
            double rewardBound, double epsilon, int approximationSize, int supportSampleCap, Estimator estimator) {
        this(horizon, actionFeatures, kernel, regularization, rewardBound, epsilon, approximationSize,
                supportSampleCap, estimator, ApproximatingSet.DRAWN);
    }

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
                supportSampleCap, Estimator.PAPER, ApproximatingSet.DRAWN);
    }

    public UscaConfig {
        if (estimator == null) {
            estimator = Estimator.PAPER;
        }
        if (approximatingSet == null) {
            approximatingSet = ApproximatingSet.DRAWN;
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

    /** The same configuration with another way of holding Z (and n_Z). */
    public UscaConfig withApproximatingSet(ApproximatingSet set, int size) {
        return new UscaConfig(horizon, actionFeatures, kernel, regularization, rewardBound, epsilon, size,
                supportSampleCap, estimator, set);
    }

    public boolean privacyEnabled() {
        return Double.isFinite(epsilon);
    }

    /** K = n_Z / T as a real number (rule "bounded approximating set"; integer division would give 0). */
    public double multiplierK() {
        return (double) approximationSize / horizon;
    }
}

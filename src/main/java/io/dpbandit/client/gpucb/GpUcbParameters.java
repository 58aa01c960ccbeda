package io.dpbandit.client.gpucb;

import io.dpbandit.client.privacy.CalibrationMethod;
import io.dpbandit.client.privacy.GaussianCalibration;
import io.dpbandit.client.privacy.GaussianCalibrator;
import io.dpbandit.client.privacy.PrivacyCost;

/**
 * The public parameters of the local-JDP GP-UCB randomiser (Dubey 2021, Alg. 3): everything the user's
 * device needs besides its own Φ(x_t) and y_t. The device derives both noise scales from these itself
 * ({@link #gramCalibration()}, {@link #rewardFeaturesCalibration()}); it never takes σ from the server, so
 * a server cannot weaken the guarantee by announcing a small σ (local JDP trusts no one).
 *
 * <h2>Sensitivities and calibration (vector-level local-JDP calibration, docs/papers.md; not Lemma 5's
 * per-entry calibration)</h2>
 * The device clips ‖Φ‖ ≤ {@link #FEATURE_NORM_BOUND} &lt; 1 and |y| ≤ Y before any noise. Then, replacing
 * one user's (Φ, y) by any other (Φ', y'):
 * <ul>
 *   <li>the upper triangle of ΦΦᵀ (diagonal included) moves in L2 by
 *       √(Σ_{i≤j} Δ_ij²) ≤ ‖ΦΦᵀ − Φ'Φ'ᵀ‖_F ≤ √(‖Φ‖⁴ + ‖Φ'‖⁴) ≤ √2;</li>
 *   <li>yΦ moves by ≤ |y|‖Φ‖ + |y'|‖Φ'‖ ≤ 2Y.</li>
 * </ul>
 * Each is released by the Gaussian mechanism at (ε/2, δ/2), so the report is (ε, δ)-DP with respect to
 * the user's data by basic composition (Dwork &amp; Roth Thm 3.16): that is Lemma 5's (α, β)-LDP per user,
 * hence Alg. 3's (α, β)-local JDP. The norm margin 1 − 2^-20 absorbs the rounding of the products Φ_iΦ_j
 * and yΦ_i (each within 2^-53 relative), so the sensitivities hold for the computed values, not just the
 * exact ones.
 *
 * <p>Lemma 5 instead calibrates every matrix and vector entry as if it were released alone, which
 * under-noises the joint release; it is not offered.
 *
 * @param featureDimension M = 2 m̄^d, the length of Φ
 * @param epsilon          ε (the paper's α) &gt; 0 of the per-user guarantee
 * @param delta            δ (the paper's β) ∈ (0, 1)
 * @param rewardBound      Y &gt; 0: rewards are clipped to [−Y, Y] before noise (deterministic
 *                         sensitivity; Bernoulli: 1)
 * @param calibration      ANALYTIC (Balle &amp; Wang 2018, valid for every ε; recommended) or CLASSICAL
 *                         (σ = Δ√(2 ln(1.25/δ'))/ε' at (ε', δ') = (ε/2, δ/2), the vector-level
 *                         σ_X² = 16 ln(2.5/δ)/ε²; refused for ε/2 &gt; 1, where the formula under-noises:
 *                         analytic Gaussian calibration for ε ≥ 1, docs/papers.md)
 */
public record GpUcbParameters(int featureDimension, double epsilon, double delta, double rewardBound,
        CalibrationMethod calibration) {

    /**
     * The norm Φ is clipped to: 1 − 2^-20. QFF features have norm 1 (to a few ulps), so this rescales them
     * by 1 − 1e-6, which changes nothing measurable and makes the sensitivities strict (see above).
     */
    public static final double FEATURE_NORM_BOUND = 1.0 - 0x1.0p-20;

    /** √2, the L2 sensitivity of the upper triangle of ΦΦᵀ. */
    public static final double GRAM_SENSITIVITY = StrictMath.sqrt(2.0);

    public GpUcbParameters {
        if (featureDimension < 1) {
            throw new IllegalArgumentException("featureDimension M must be >= 1, got " + featureDimension);
        }
        if (featureDimension > 46_340) {
            throw new IllegalArgumentException("featureDimension M = " + featureDimension
                    + " gives more than 2^31 upper-triangle entries");
        }
        if (!(epsilon > 0) || Double.isInfinite(epsilon)) {
            throw new IllegalArgumentException("epsilon must be positive and finite, got " + epsilon);
        }
        if (!(delta > 0 && delta < 1)) {
            throw new IllegalArgumentException("delta must be in (0, 1), got " + delta);
        }
        if (!(rewardBound > 0) || Double.isInfinite(rewardBound)) {
            throw new IllegalArgumentException("rewardBound Y must be positive and finite, got " + rewardBound);
        }
        if (calibration == null) {
            throw new IllegalArgumentException("calibration must be ANALYTIC or CLASSICAL");
        }
        if (calibration == CalibrationMethod.CLASSICAL && !GaussianCalibrator.classicalFormulaValid(epsilon / 2)) {
            throw new IllegalArgumentException("the classical Gaussian calibration at epsilon/2 = " + epsilon / 2
                    + " > 1 under-noises (the analytic Gaussian calibration rule, docs/papers.md); use ANALYTIC");
        }
    }

    /** The recommended parameters: analytic calibration. */
    public static GpUcbParameters of(int featureDimension, double epsilon, double delta, double rewardBound) {
        return new GpUcbParameters(featureDimension, epsilon, delta, rewardBound, CalibrationMethod.ANALYTIC);
    }

    /** N_t's calibration: sensitivity √2 at (ε/2, δ/2); its σ is the paper's σ_X. */
    public GaussianCalibration gramCalibration() {
        return GaussianCalibrator.calibrate(GRAM_SENSITIVITY, epsilon / 2, delta / 2, calibration);
    }

    /** n_t's calibration: sensitivity 2Y at (ε/2, δ/2); its σ is the paper's σ_u. */
    public GaussianCalibration rewardFeaturesCalibration() {
        return GaussianCalibrator.calibrate(2.0 * rewardBound, epsilon / 2, delta / 2, calibration);
    }

    /** M(M + 1)/2, the number of upper-triangle entries of ΦΦᵀ. */
    public int gramEntries() {
        return featureDimension * (featureDimension + 1) / 2;
    }

    /** The (ε, δ)-LDP guarantee of one report (two releases at (ε/2, δ/2)). */
    public PrivacyCost privacyCost() {
        return new PrivacyCost(epsilon, delta);
    }
}

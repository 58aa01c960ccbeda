package io.dpbandit.policy.gpucb;

import static io.dpbandit.policy.gpucb.JdpTreeCalibration.requireNonNegative;
import static io.dpbandit.policy.gpucb.JdpTreeCalibration.requirePositive;
import static io.dpbandit.policy.gpucb.JdpTreeCalibration.requireProbability;

/**
 * The confidence radius of private GP-UCB with noisy approximate features (Dubey 2021, Thm 1 and
 * Thm 4 in the appendix): with probability ≥ 1 − ζ/2, for all t and x,
 * |μ̂(x) − μ̃_t(x)| ≤ β_t^{1/2} σ̃_t(x), with μ̃_t(x) = ⟨θ̃_t, Φ(x)⟩, σ̃_t(x) = ρ ‖Φ(x)‖_{V_t⁻¹} and
 * V_t = Σ̃_t + λI (Σ̃_t including the privacy noise H_t). Eq. (8) plays
 * x_t = argmax ⟨θ̃_t, Φ(x)⟩ + β_t^{1/2} σ̃_t(x); Alg. 1's "β_t ‖Φ(x)‖_{V_t⁻¹}" is the same rule written
 * loosely.
 *
 * <p>The configuration-time constants are the components; the per-round inputs are t and ln det V_t (from the
 * Cholesky factor of V_t, as PSD check and repair in docs/papers.md says; det itself overflows).
 *
 * @param rkhsNormBound      B ≥ 0, ‖f‖_k ≤ B
 * @param noiseScale         ρ &gt; 0, the reward noise's sub-Gaussian scale (the paper's ρ)
 * @param ridge              λ &gt; 0, V_t = Σ̃_t + λI ([open] in the paper; Thm 4 silently sets λ = ρ²)
 * @param failureProbability ζ ∈ (0, 1)
 * @param approximationError ε_qff ≥ 0, a uniform bound on |k − ΦᵀΦ| over the domain (e.g.
 *                           {@code QuadratureFourierFeatures.errorBound})
 * @param featureDimension   m = M = 2 m̄^d, the dimension of Φ
 * @param spectrum           λ_min, λ_max, κ of the privacy noise ({@link SpectralBounds#NONE} without)
 */
public record ConfidenceRadius(double rkhsNormBound, double noiseScale, double ridge, double failureProbability,
        double approximationError, int featureDimension, SpectralBounds spectrum) {

    public ConfidenceRadius {
        requireNonNegative(rkhsNormBound, "B");
        requirePositive(noiseScale, "rho");
        requirePositive(ridge, "lambda");
        requireProbability(failureProbability, "zeta");
        requireNonNegative(approximationError, "epsilon_qff");
        if (featureDimension < 1) {
            throw new IllegalArgumentException("feature dimension m must be at least 1, got " + featureDimension);
        }
        if (spectrum == null) {
            throw new IllegalArgumentException("spectral bounds are required (SpectralBounds.NONE without privacy noise)");
        }
    }

    /**
     * The four terms of β_t^{1/2}, in the order Thm 1 prints them.
     *
     * @param rkhs          B √(λ_max/ρ² + 1)
     * @param approximation t B ε_qff / (ρ √λ_min)
     * @param privacy       κ/ρ
     * @param martingale    √(ln det V_t − m ln(λ + λ_min) + 2 ln(2/ζ))
     */
    public record Terms(double rkhs, double approximation, double privacy, double martingale) {

        /** β_t^{1/2}. */
        public double total() {
            return rkhs + approximation + privacy + martingale;
        }
    }

    /**
     * β_t^{1/2} of Thm 1 (main text), term by term:
     * B √(λ_max/ρ² + 1) + t B ε_qff/(ρ √λ_min) + κ/ρ + √(ln det V_t − m ln(λ + λ_min) + 2 ln(2/ζ)).
     *
     * <p>The printed "log det((Σ̃_t + λI)/(λ + λ_min))" is read as ln det V_t − m ln(λ + λ_min)
     * (docs/papers.md); the appendix's form (Thm 4) uses the non-private Σ_t and λ = ρ², and is bounded by this
     * one because H_t ⪰ λ_min I. The first term comes from ‖θ̂‖_{H_t+λI} ≤ B√(λ_max + λ) in Thm 4's
     * proof with λ = ρ²: for λ &gt; ρ² the printed term is smaller than the proof allows, so prefer
     * {@link #reconciledRadius}, which keeps λ.
     *
     * @param round      t ≥ 1 (Σ̃_t holds the t − 1 earlier rounds)
     * @param logDetV    ln det V_t
     * @throws IllegalArgumentException if λ_min = 0 while ε_qff &gt; 0 (the approximation term is
     *                                  unbounded: the non-private baseline needs {@link #reconciledRadius}),
     *                                  or if ln det V_t &lt; m ln(λ + λ_min) − 2 ln(2/ζ), which contradicts
     *                                  H_t ⪰ λ_min I
     */
    public Terms theorem1(int round, double logDetV) {
        requireRound(round);
        double rho = noiseScale;
        double lambdaMin = spectrum.lambdaMin();
        double rkhs = rkhsNormBound * StrictMath.sqrt(spectrum.lambdaMax() / (rho * rho) + 1.0);
        double approximation;
        if (approximationError == 0.0 || rkhsNormBound == 0.0) {
            approximation = 0.0;
        } else if (lambdaMin == 0.0) {
            throw new IllegalArgumentException("Thm 1's approximation term t B eps/(rho sqrt(lambda_min)) is unbounded at "
                    + "lambda_min = 0 (no privacy noise); use reconciledRadius, whose term is t B eps/sqrt(lambda + lambda_min)");
        } else {
            approximation = round * rkhsNormBound * approximationError / (rho * StrictMath.sqrt(lambdaMin));
        }
        double privacy = spectrum.kappa() / rho;
        double martingale = StrictMath.sqrt(martingaleRadicand(logDetV));
        return new Terms(rkhs, approximation, privacy, martingale);
    }

    /** β_t^{1/2} of Thm 1, the sum of {@link #theorem1}'s terms; the UCB bonus is this times ρ‖Φ(x)‖_{V_t⁻¹}. */
    public double sqrtBeta(int round, double logDetV) {
        return theorem1(round, logDetV).total();
    }

    /**
     * The reconciled radius r_t of docs/papers.md [reconstructed], the same Abbasi-Yadkori / Shariff–Sheffet
     * decomposition as Thm 4's proof (terms A, B, C) with λ and ρ kept apart:
     * r_t = ρ √(2 ln(2/ζ) + ln det V_t − m ln(λ + λ_min)) + B √(λ_max + λ) + t B ε_qff/√(λ + λ_min) + κ.
     * The UCB bonus is r_t ‖Φ(x)‖_{V_t⁻¹} (no extra ρ). With λ = ρ² it equals ρ β_t^{1/2} except for
     * the approximation term, which uses V_t ⪰ (λ + λ_min)I where the paper uses only H_t ⪰ λ_min I,
     * so it is then never larger; with λ &gt; ρ² its B√(λ_max + λ), which is what Thm 4's proof
     * derives, exceeds Thm 1's B√(λ_max + ρ²). It stays finite without privacy noise (λ_min = 0).
     */
    public double reconciledRadius(int round, double logDetV) {
        requireRound(round);
        double lambdaMin = spectrum.lambdaMin();
        double martingale = noiseScale * StrictMath.sqrt(martingaleRadicand(logDetV));
        double rkhs = rkhsNormBound * StrictMath.sqrt(spectrum.lambdaMax() + ridge);
        double approximation = round * rkhsNormBound * approximationError / StrictMath.sqrt(ridge + lambdaMin);
        return martingale + rkhs + approximation + spectrum.kappa();
    }

    /** ln det V_t − m ln(λ + λ_min) + 2 ln(2/ζ), which H_t ⪰ λ_min I makes ≥ 2 ln(2/ζ). */
    private double martingaleRadicand(double logDetV) {
        if (!Double.isFinite(logDetV)) {
            throw new IllegalArgumentException("ln det V_t must be finite, got " + logDetV);
        }
        double logDetRatio = logDetV - featureDimension * StrictMath.log(ridge + spectrum.lambdaMin());
        double radicand = logDetRatio + 2.0 * StrictMath.log(2.0 / failureProbability);
        if (radicand < 0) {
            throw new IllegalArgumentException("ln det V_t = " + logDetV + " is below m ln(lambda + lambda_min) - 2 ln(2/zeta) = "
                    + (logDetV - radicand) + ": V_t is not >= (lambda + lambda_min) I, so the spectral bounds do not hold");
        }
        return radicand;
    }

    private static void requireRound(int round) {
        if (round < 1) {
            throw new IllegalArgumentException("round t must be at least 1, got " + round);
        }
    }
}

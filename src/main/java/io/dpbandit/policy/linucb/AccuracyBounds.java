package io.dpbandit.policy.linucb;

import io.dpbandit.policy.CalibrationMode;
import io.dpbandit.privacy.TreeMechanismCalibration;

/**
 * The regulariser shift and the (α/2n)-accurate bounds ρ_min, ρ_max, γ of Shariff &amp; Sheffet 2018's
 * Definition 3 (Prop. 9, Prop. 11; reconstructions in docs/papers.md) for one configuration. Pure functions
 * of public parameters: they shape the confidence radius and the PSD repair, never the noise.
 *
 * @param shift  the amount added to the diagonal of the released top-left block: +2Υ·s (Gaussian),
 *               −c·s (Wishart, Eq. 4), +ρ (non-private), with s the tuning's shiftScale
 * @param rhoMin ρ_min: H_t ⪰ ρ_min I with probability ≥ 1 − α/2n per round
 * @param rhoMax ρ_max: ‖H_t‖ ≤ ρ_max likewise
 * @param gamma  γ: ‖h_t‖_{H_t⁻¹} ≤ γ likewise
 * @param noiseBound Gaussian: Υ, the bound on the top-left noise block's operator norm; Wishart:
 *               c of Eq. 4 (before scaling); 0 for the non-private variant
 */
public record AccuracyBounds(double shift, double rhoMin, double rhoMax, double gamma, double noiseBound) {

    public AccuracyBounds {
        if (!(rhoMin > 0) || !(rhoMax >= rhoMin) || !(gamma >= 0) || !Double.isFinite(rhoMax)
                || !Double.isFinite(gamma) || !Double.isFinite(shift)) {
            throw new IllegalArgumentException("accuracy bounds need 0 < rhoMin <= rhoMax < inf and gamma >= 0, got "
                    + "rhoMin=" + rhoMin + ", rhoMax=" + rhoMax + ", gamma=" + gamma + " (shift " + shift
                    + "); is the shift too large or too small?");
        }
    }

    /** The bounds for a configuration and its tree calibration. */
    public static AccuracyBounds of(LinUcbConfig config, TreeMechanismCalibration calibration) {
        return switch (config.noise()) {
            case NONE -> new AccuracyBounds(config.ridge(), config.ridge(), config.ridge(), 0.0, 0.0);
            case GAUSSIAN -> gaussian(config, calibration);
            case WISHART -> wishart(config, calibration);
        };
    }

    /**
     * Gaussian node noise (paper Prop 11). Υ bounds ‖N_t^{d×d}‖ with probability 1 − α/2n:
     * PAPER Υ = σ√(2m)(4√d + 2 ln(2n/α)) as printed (no square root on the log term; "Υ" in
     * docs/papers.md); ENGINEERED Υ = σ√(2m)(2√d + √(2 ln(4n/α))) (see {@link LinUcbConfig.Tuning}).
     * With shift 2Υ·s: ρ_min = (2s − 1)Υ, ρ_max = (2s + 1)Υ (s = 1: Υ and 3Υ as printed), and
     * γ = σ√m(√d + √(2 ln(2n/α)))/√ρ_min ([reconstructed] from Claim 17: ‖h‖ ≤ √m σ(√d + √(2 ln(2n/α)))
     * and ‖h‖_{H⁻¹} ≤ ‖h‖/√ρ_min; at s = 1 this is the printed σ Υ^{-1/2} √m (…)).
     */
    static AccuracyBounds gaussian(LinUcbConfig config, TreeMechanismCalibration calibration) {
        // With K blocks the model keeps only the diagonal blocks of the release: each is the
        // d/K × d/K top-left block of a symmetrised Gaussian, so Υ is the bound for dimension d/K.
        int d = config.blockDimension();
        // Releases: one per leaf, each holding K blocks; the union bound runs over all of them.
        double n = (double) config.leaves() * config.blocks();
        double alpha = config.alphaConf();
        int m = calibration.levels();
        double sigma = calibration.sigma();
        double upsilon = config.tuning().mode() == CalibrationMode.PAPER
                ? paperUpsilon(sigma, m, d, n, alpha)
                : sigma * StrictMath.sqrt(2.0 * m) * (2.0 * StrictMath.sqrt(d) + StrictMath.sqrt(2.0 * StrictMath.log(4.0 * n / alpha)));
        if (config.tuning().regulariser() == LinUcbConfig.Regulariser.FLOOR) {
            // V = G̃ with its eigenvalues raised to the floor s·Υ (s the tuning's shiftScale): V ⪰ sΥI
            // always, and on the good event ‖N‖ ≤ Υ the regulariser H = V − G has ‖H‖ ≤ (s + 1)Υ.
            double floor = config.tuning().shiftScale() * upsilon;
            double gamma = sigma * StrictMath.sqrt(m) * (StrictMath.sqrt(d) + StrictMath.sqrt(2.0 * StrictMath.log(2.0 * n / alpha)))
                    / StrictMath.sqrt(floor);
            return new AccuracyBounds(0.0, floor, floor + upsilon, gamma, upsilon);
        }
        double shift = config.tuning().shiftScale() * 2.0 * upsilon;
        double rhoMin = shift - upsilon;
        double rhoMax = shift + upsilon;
        double gamma = sigma * StrictMath.sqrt(m) * (StrictMath.sqrt(d) + StrictMath.sqrt(2.0 * StrictMath.log(2.0 * n / alpha)))
                / StrictMath.sqrt(rhoMin);
        return new AccuracyBounds(shift, rhoMin, rhoMax, gamma, upsilon);
    }

    /** Paper §4.2: Υ = σ_noise √(2m) (4√d + 2 ln(2n/α)). */
    public static double paperUpsilon(double sigma, int m, int d, double n, double alpha) {
        return sigma * StrictMath.sqrt(2.0 * m) * (4.0 * StrictMath.sqrt(d) + 2.0 * StrictMath.log(2.0 * n / alpha));
    }

    /**
     * Wishart node noise (paper Prop 9 and Eq. 4), for N_t ~ W_{d+1}(L̃²I, mk) (the tree pads every
     * release to m samples: Wishart padding, docs/papers.md). With a = √d + √(2 ln(8n/α)):
     * unshifted ρ_min = L̃²(√(mk) − a)², ρ_max = L̃²(√(mk) + a)², γ = L̃(√d + √(2 ln(2n/α)));
     * c = L̃²(√(mk) − a)² − 4L̃²√(mk)·a (Eq. 4). The shift −s·c moves both ρ's down by s·c. γ after
     * the shift: PAPER at s = 1 the printed γ' = L̃(mk)^{1/4}(√d + √(2 ln(2n/α))); otherwise Claim 20,
     * γ·√(ρ_min/ρ'_min), which is tighter and valid for every shift below ρ_min.
     */
    static AccuracyBounds wishart(LinUcbConfig config, TreeMechanismCalibration calibration) {
        int d = config.dimension();
        double n = config.leaves(); // releases: one per leaf
        double alpha = config.alphaConf();
        double rowSquared = calibration.rowNormBound() * calibration.rowNormBound();
        double rootMk = StrictMath.sqrt((double) calibration.levels() * calibration.degreesOfFreedom());
        double a = StrictMath.sqrt(d) + StrictMath.sqrt(2.0 * StrictMath.log(8.0 * n / alpha));
        if (!(rootMk > a)) {
            throw new IllegalArgumentException("Wishart degrees of freedom mk = " + rootMk * rootMk
                    + " are too few for the eigenvalue bound (need sqrt(mk) > " + a + ")");
        }
        double unshiftedMin = rowSquared * (rootMk - a) * (rootMk - a);
        double unshiftedMax = rowSquared * (rootMk + a) * (rootMk + a);
        double unshiftedGamma = calibration.rowNormBound()
                * (StrictMath.sqrt(d) + StrictMath.sqrt(2.0 * StrictMath.log(2.0 * n / alpha)));
        double c = unshiftedMin - 4.0 * rowSquared * rootMk * a; // Eq. 4
        double s = config.tuning().shiftScale();
        double rhoMin = unshiftedMin - s * c;
        double rhoMax = unshiftedMax - s * c;
        double gamma;
        if (config.tuning().mode() == CalibrationMode.PAPER && s == 1.0) {
            gamma = calibration.rowNormBound() * StrictMath.sqrt(rootMk)
                    * (StrictMath.sqrt(d) + StrictMath.sqrt(2.0 * StrictMath.log(2.0 * n / alpha)));
        } else {
            gamma = unshiftedGamma * StrictMath.sqrt(unshiftedMin / rhoMin); // Claim 20
        }
        return new AccuracyBounds(-s * c, rhoMin, rhoMax, gamma, c);
    }

    /**
     * β_t of Prop 4, times the tuning's radiusScale.
     *
     * <ul>
     *   <li>EXACT: σ√(2 ln(2/α) + ln det V_t − d ln ρ_min) + S√ρ_max + γ. The argument of the square
     *       root is floored at 0 (it is ≥ 2 ln(2/α) on the analysis' good event V_t ⪰ ρ_min I, which
     *       the PSD repair also enforces).</li>
     *   <li>BOUND: σ√(2 ln(2/α) + d ln(ρ_max/ρ_min + t L²/(d ρ_min))) + S√ρ_max + γ, t the number of
     *       observations folded so far.</li>
     * </ul>
     */
    public double radius(LinUcbConfig config, double logDetV, long observations) {
        return radius(config, config.dimension(), logDetV, observations);
    }

    /** β for a model (or one block of it) of dimension d with ln det V = {@code logDetV}. */
    public double radius(LinUcbConfig config, int d, double logDetV, long observations) {
        double base = 2.0 * StrictMath.log(2.0 / config.alphaConf());
        double logTerm = switch (config.tuning().radiusForm()) {
            case EXACT -> logDetV - d * StrictMath.log(rhoMin);
            case BOUND -> d * StrictMath.log(rhoMax / rhoMin
                    + observations * config.featureBound() * config.featureBound() / (d * rhoMin));
        };
        double beta = config.rewardNoise() * StrictMath.sqrt(Math.max(0.0, base + logTerm))
                + config.thetaBound() * StrictMath.sqrt(rhoMax) + gamma;
        return config.tuning().radiusScale() * beta;
    }
}

package io.dpbandit.policy.gpucb;

import static io.dpbandit.policy.gpucb.JdpTreeCalibration.requireNonNegative;
import static io.dpbandit.policy.gpucb.JdpTreeCalibration.requirePositive;
import static io.dpbandit.policy.gpucb.JdpTreeCalibration.requirePositiveHorizon;
import static io.dpbandit.policy.gpucb.JdpTreeCalibration.requireProbability;

import io.dpbandit.client.privacy.CalibrationMethod;
import io.dpbandit.client.privacy.GaussianCalibration;
import io.dpbandit.client.privacy.GaussianCalibrator;

/**
 * Calibration of the client noise of Dubey 2021's local-JDP protocol (Alg. 3, §5.2): client t sends
 * Σ̃_t + Φ(x_t)Φ(x_t)ᵀ + N_t and ũ_t + y_tΦ(x_t) + n_t, N_t symmetric with i.i.d. N(0, σ_X²) entries on
 * and above the diagonal, n_t with i.i.d. N(0, σ_u²) entries, each release (α/2, β/2)-DP.
 */
public final class LocalJdpCalibration {

    private LocalJdpCalibration() {
    }

    /**
     * The two client noises, with their calibrations for provenance.
     *
     * @param gram         N_t's calibration: sensitivity √2, (α/2, β/2)
     * @param rewardVector n_t's calibration: sensitivity 2Y, (α/2, β/2)
     */
    public record ClientNoise(GaussianCalibration gram, GaussianCalibration rewardVector) {

        /** σ_X. */
        public double sigmaX() {
            return gram.sigma();
        }

        /** σ_u. */
        public double sigmaU() {
            return rewardVector.sigma();
        }
    }

    /**
     * The vector-level local-JDP calibration of docs/papers.md ([derived], not in the paper). Under replacement
     * of user t's data, with ‖Φ‖ ≤ 1 and |y| ≤ Y (clipped):
     * <ul>
     *   <li>the released upper triangle of ΦΦᵀ moves by √(Σ_{i≤j} Δ_ij²) ≤ ‖ΦΦᵀ − Φ'Φ'ᵀ‖_F ≤ √2;</li>
     *   <li>yΦ moves by ≤ 2Y.</li>
     * </ul>
     * Each gets a Gaussian mechanism at (α/2, β/2). With {@link CalibrationMethod#CLASSICAL} this is
     * σ_X² = 16 ln(2.5/β)/α² and σ_u² = 32 Y² ln(2.5/β)/α², valid only for α/2 ≤ 1 (analytic Gaussian
     * calibration for ε ≥ 1; refused otherwise); {@link CalibrationMethod#ANALYTIC} (Balle &amp; Wang) is
     * valid for every α and smaller.
     *
     * <p>Lemma 5 instead calibrates each matrix and vector entry as if it were released alone
     * (σ_X² ≥ 8 ln(5/(2β))/α², σ_u² ≥ 8(B² + 2 ln(8m/β)) ln(5/β)/α²). That under-noises the joint
     * release: entries of ΦΦᵀ each move by ≤ 1 but jointly by √2, so its σ_X² is half the
     * one needed; yΦ moves by 2Y, not by one entry's high-probability bound. It is not offered.
     *
     * @param rewardBound Y &gt; 0, the bound rewards are clipped to
     */
    public static ClientNoise vectorLevel(double alpha, double beta, double rewardBound, CalibrationMethod method) {
        requirePositive(alpha, "alpha");
        requireProbability(beta, "beta");
        requirePositive(rewardBound, "reward bound Y");
        GaussianCalibration gram = GaussianCalibrator.calibrate(StrictMath.sqrt(2.0), alpha / 2, beta / 2, method);
        GaussianCalibration vector = GaussianCalibrator.calibrate(2.0 * rewardBound, alpha / 2, beta / 2, method);
        return new ClientNoise(gram, vector);
    }

    /**
     * Λ = √T (4√m + 2 ln(2T/ζ)) of Lemma 6: ‖H_t‖ ≤ σ_X Λ for all t with probability ≥ 1 − ζ/2, H_t
     * being the sum of the (at most T) client matrices N_τ. No √2 as in Lemma 3: N_τ's diagonal has
     * variance σ_X², not 2σ_X² (local-JDP shift 2σ_XΛ, docs/papers.md).
     */
    public static double noiseNormScale(int featureDimension, int horizon, double zeta) {
        if (featureDimension < 1) {
            throw new IllegalArgumentException("feature dimension m must be at least 1, got " + featureDimension);
        }
        requirePositiveHorizon(horizon);
        requireProbability(zeta, "zeta");
        return StrictMath.sqrt(horizon)
                * (4.0 * StrictMath.sqrt(featureDimension) + 2.0 * StrictMath.log(2.0 * horizon / zeta));
    }

    /**
     * 2σ_X Λ, the shift S_t a client adds to Σ̃_t before use ([reconstructed], docs/papers.md: the paper
     * never writes it; it is post-processing, so it costs no privacy and is not stored).
     */
    public static double shift(double sigmaX, int featureDimension, int horizon, double zeta) {
        requirePositive(sigmaX, "sigma_X");
        return 2.0 * sigmaX * noiseNormScale(featureDimension, horizon, zeta);
    }

    /**
     * Lemma 6 with the shift 2σ_XΛ: λ_min = σ_X Λ, λ_max = 3σ_X Λ, and
     * κ = σ_u √T (√m + √(2 ln(2T/ζ))) / √(σ_X Λ).
     *
     * <p>κ deviates from the printed κ = σ_u √(mT/Λ) in two ways, both from the lemma's own proof
     * ("identical to Lemma 3", i.e. κ = ‖h_t‖/√λ_min): the printed form divides by √Λ instead of
     * √λ_min = √(σ_XΛ), which is too small whenever σ_X &lt; 1 (e.g. α = 10); and it bounds ‖h_t‖ by
     * σ_u√(mT), the typical size, where a bound holding for all t with probability 1 − ζ/2 needs the
     * extra √(2 ln(2T/ζ)) that Lemma 3 has. [derived]
     */
    public static SpectralBounds lemma6Bounds(double sigmaX, double sigmaU, int featureDimension, int horizon,
            double zeta) {
        requirePositive(sigmaX, "sigma_X");
        requireNonNegative(sigmaU, "sigma_u");
        double lambdaMin = sigmaX * noiseNormScale(featureDimension, horizon, zeta);
        double vectorNorm = sigmaU * StrictMath.sqrt(horizon) * (StrictMath.sqrt(featureDimension)
                + StrictMath.sqrt(2.0 * StrictMath.log(2.0 * horizon / zeta)));
        return new SpectralBounds(lambdaMin, 3.0 * lambdaMin, vectorNorm / StrictMath.sqrt(lambdaMin));
    }

    /**
     * Lemma 6's bounds for the noise of the first {@code reports} client reports and a shift
     * s·2σ_XΛ_r, where Λ_r = √r (4√m + 2 ln(2T/ζ)) [derived; the per-round Λ_t of docs/papers.md].
     *
     * <p>Why it is valid: H_t, the sum of r = t − 1 client matrices, has the law of √r times one of
     * them, so Lemma 6's bound for the sum of T matrices, σ_X√T(4√m + 2 ln(2T/ζ)), holds for the sum of
     * r with √r in place of √T and the same failure probability ζ/(2T) per round (the log term keeps
     * T: it pays for the union bound over the T rounds). Likewise ‖h_t‖ ≤ σ_u√r (√m + √(2 ln(2T/ζ))).
     * With shift s·2σ_XΛ_r: λ_min = (2s − 1)σ_XΛ_r, λ_max = (2s + 1)σ_XΛ_r, κ = ‖h_t‖/√λ_min. At
     * r = T and s = 1 this is {@link #lemma6Bounds}; at r = 0 there is no noise and the bounds are
     * {@link SpectralBounds#NONE}.
     *
     * @param reports    r ≥ 0, the reports summed so far
     * @param shiftScale s &gt; 1/2, so that λ_min &gt; 0
     */
    public static SpectralBounds roundBounds(double sigmaX, double sigmaU, int featureDimension, long reports,
            int horizon, double zeta, double shiftScale) {
        requirePositive(sigmaX, "sigma_X");
        requireNonNegative(sigmaU, "sigma_u");
        requireShiftScale(shiftScale);
        if (reports < 0 || reports > horizon) {
            throw new IllegalArgumentException("reports must be in [0, T = " + horizon + "], got " + reports);
        }
        if (reports == 0) {
            return SpectralBounds.NONE;
        }
        double norm = sigmaX * roundNoiseNormScale(featureDimension, reports, horizon, zeta); // ‖H_t‖ ≤ σ_XΛ_r
        double lambdaMin = (2.0 * shiftScale - 1.0) * norm;
        double vectorNorm = sigmaU * StrictMath.sqrt(reports) * (StrictMath.sqrt(featureDimension)
                + StrictMath.sqrt(2.0 * StrictMath.log(2.0 * horizon / zeta)));
        return new SpectralBounds(lambdaMin, (2.0 * shiftScale + 1.0) * norm, vectorNorm / StrictMath.sqrt(lambdaMin));
    }

    /**
     * The bounds for the eigenvalue floor f = s·σ_XΛ_r of {@link GpUcbConfig.Regulariser#FLOOR} after r reports
     * [engineering, as LinUCB's FLOOR]: λ_min = f, λ_max = f + σ_XΛ_r, κ = ‖h_t‖/√f with ‖h_t‖ as in
     * {@link #roundBounds}. The floor is a function of public parameters and r only, and it is applied to
     * the sum of the reports: post-processing, no privacy cost. At r = 0 (no noise) the bounds are
     * {@link SpectralBounds#NONE} and there is no floor.
     */
    public static SpectralBounds roundFloorBounds(double sigmaX, double sigmaU, int featureDimension, long reports,
            int horizon, double zeta, double floorScale) {
        requirePositive(sigmaX, "sigma_X");
        requireNonNegative(sigmaU, "sigma_u");
        requireShiftScale(floorScale);
        if (reports < 0 || reports > horizon) {
            throw new IllegalArgumentException("reports must be in [0, T = " + horizon + "], got " + reports);
        }
        if (reports == 0) {
            return SpectralBounds.NONE;
        }
        double norm = sigmaX * roundNoiseNormScale(featureDimension, reports, horizon, zeta);
        double floor = floorScale * norm;
        double vectorNorm = sigmaU * StrictMath.sqrt(reports) * (StrictMath.sqrt(featureDimension)
                + StrictMath.sqrt(2.0 * StrictMath.log(2.0 * horizon / zeta)));
        return new SpectralBounds(floor, floor + norm, vectorNorm / StrictMath.sqrt(floor));
    }

    /** Λ_r = √r (4√m + 2 ln(2T/ζ)) of {@link #roundBounds}; the shift is s·2σ_XΛ_r. */
    public static double roundNoiseNormScale(int featureDimension, long reports, int horizon, double zeta) {
        if (featureDimension < 1) {
            throw new IllegalArgumentException("feature dimension m must be at least 1, got " + featureDimension);
        }
        requirePositiveHorizon(horizon);
        requireProbability(zeta, "zeta");
        if (reports < 0) {
            throw new IllegalArgumentException("reports must be >= 0, got " + reports);
        }
        return StrictMath.sqrt(reports)
                * (4.0 * StrictMath.sqrt(featureDimension) + 2.0 * StrictMath.log(2.0 * horizon / zeta));
    }

    /**
     * Lemma 6 at the horizon with shift s·2σ_XΛ (Λ = {@link #noiseNormScale}): λ_min = (2s − 1)σ_XΛ,
     * λ_max = (2s + 1)σ_XΛ, κ = σ_u√T (√m + √(2 ln(2T/ζ)))/√λ_min; {@link #lemma6Bounds} at s = 1.
     */
    public static SpectralBounds lemma6Bounds(double sigmaX, double sigmaU, int featureDimension, int horizon,
            double zeta, double shiftScale) {
        return roundBounds(sigmaX, sigmaU, featureDimension, horizon, horizon, zeta, shiftScale);
    }

    static void requireShiftScale(double shiftScale) {
        if (!(shiftScale > 0.5) || !Double.isFinite(shiftScale)) {
            throw new IllegalArgumentException("shift scale must be finite and > 1/2 (the shift must exceed the "
                    + "noise norm bound for lambda_min > 0), got " + shiftScale);
        }
    }
}

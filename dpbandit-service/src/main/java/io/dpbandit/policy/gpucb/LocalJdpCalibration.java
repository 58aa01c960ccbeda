package io.dpbandit.policy.gpucb;

import static io.dpbandit.policy.gpucb.JdpTreeCalibration.requireNonNegative;
import static io.dpbandit.policy.gpucb.JdpTreeCalibration.requirePositive;
import static io.dpbandit.policy.gpucb.JdpTreeCalibration.requirePositiveHorizon;
import static io.dpbandit.policy.gpucb.JdpTreeCalibration.requireProbability;

import io.dpbandit.privacy.CalibrationMethod;
import io.dpbandit.privacy.GaussianCalibration;
import io.dpbandit.privacy.GaussianCalibrator;

/**
 * Calibration of the client noise of paper 003's local-JDP protocol (Alg. 3, §5.2): client t sends
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
     * Spec P3's vector-level calibration ([derived] in the spec, not in the paper). Under replacement
     * of user t's data, with ‖Φ‖ ≤ 1 and |y| ≤ Y (clipped):
     * <ul>
     *   <li>the released upper triangle of ΦΦᵀ moves by √(Σ_{i≤j} Δ_ij²) ≤ ‖ΦΦᵀ − Φ'Φ'ᵀ‖_F ≤ √2;</li>
     *   <li>yΦ moves by ≤ 2Y.</li>
     * </ul>
     * Each gets a Gaussian mechanism at (α/2, β/2). With {@link CalibrationMethod#CLASSICAL} this is
     * σ_X² = 16 ln(2.5/β)/α² and σ_u² = 32 Y² ln(2.5/β)/α², valid only for α/2 ≤ 1 (spec P4; refused
     * otherwise); {@link CalibrationMethod#ANALYTIC} (Balle &amp; Wang) is valid for every α and smaller.
     *
     * <p>Lemma 5 instead calibrates each matrix and vector entry as if it were released alone
     * (σ_X² ≥ 8 ln(5/(2β))/α², σ_u² ≥ 8(B² + 2 ln(8m/β)) ln(5/β)/α²). That under-noises the joint
     * release (spec P3): entries of ΦΦᵀ each move by ≤ 1 but jointly by √2, so its σ_X² is half the
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
     * variance σ_X², not 2σ_X² (spec §2.6).
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
     * 2σ_X Λ, the shift S_t a client adds to Σ̃_t before use (spec §2.6 [reconstructed]: the paper
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
}

package io.dpbandit.client.onlineucb;

import io.dpbandit.client.privacy.CalibrationMethod;
import io.dpbandit.client.privacy.GaussianCalibration;
import io.dpbandit.client.privacy.GaussianCalibrator;
import io.dpbandit.client.privacy.PrivacyCost;

/**
 * The public parameters of the OnlineUCB local randomiser: everything the user's device needs besides
 * its own data and the per-decision {@link OnlineUcbTicket}. The device derives the privacy noise σ from
 * these itself ({@link #featureCalibration()}); it never takes σ from the server, so a server cannot
 * weaken the guarantee by announcing a small σ (LDP trusts no one).
 *
 * <p>Only (ε, δ), the bounds, the release mode and the calibration method affect privacy. The gradient
 * bound G does not: g is computed from the already-private (x̃, ỹ) and the public θ_t (post-processing).
 *
 * @param dimension     d, the length of the feature vectors
 * @param epsilon       ε &gt; 0 of the per-user guarantee the caller asks for
 * @param delta         δ ∈ (0, 1) of the same
 * @param featureBound  B_x: features are clipped to ‖x‖ ≤ B_x before noise (paper: ‖x‖ ≤ 1)
 * @param rewardBound   B_y: rewards are clipped to [−B_y, B_y] before noise (paper: |y| ≤ 1)
 * @param gradientBound G: the reported gradient is clipped to ‖g‖ ≤ G (paper, App. B "clipping
 *                      constant"); utility only
 * @param release       joint (ε, δ) release (default) or the paper's two separate releases (2ε, 2δ)
 * @param calibration   ANALYTIC (Balle &amp; Wang 2018, default, valid for every ε) or CLASSICAL (the
 *                      paper's σ = Δ√(2 ln(1.25/δ))/ε, refused for ε &gt; 1 where it under-noises)
 */
public record OnlineUcbParameters(int dimension, double epsilon, double delta, double featureBound,
        double rewardBound, double gradientBound, ReleaseMode release, CalibrationMethod calibration) {

    public OnlineUcbParameters {
        if (dimension < 1) {
            throw new IllegalArgumentException("dimension must be >= 1, got " + dimension);
        }
        requirePositiveFinite(epsilon, "epsilon");
        if (!(delta > 0 && delta < 1)) {
            throw new IllegalArgumentException("delta must be in (0, 1), got " + delta);
        }
        requirePositiveFinite(featureBound, "featureBound");
        requirePositiveFinite(rewardBound, "rewardBound");
        requirePositiveFinite(gradientBound, "gradientBound");
        if (release == null) {
            throw new IllegalArgumentException("release mode must be JOINT_VECTOR or PAPER_SEPARATE");
        }
        if (calibration == null) {
            throw new IllegalArgumentException("calibration must be ANALYTIC or CLASSICAL");
        }
        if (calibration == CalibrationMethod.CLASSICAL && !GaussianCalibrator.classicalFormulaValid(epsilon)) {
            throw new IllegalArgumentException("the classical Gaussian calibration holds only for epsilon <= 1, got "
                    + epsilon + " (at epsilon = 10 it under-noises, the analytic Gaussian calibration rule, docs/papers.md); use ANALYTIC");
        }
    }

    /**
     * The recommended parameters: the paper's bounds B_x = B_y = 1, joint release, analytic calibration,
     * and the given gradient clip G.
     */
    public static OnlineUcbParameters of(int dimension, double epsilon, double delta, double gradientBound) {
        return new OnlineUcbParameters(dimension, epsilon, delta, 1.0, 1.0, gradientBound,
                ReleaseMode.JOINT_VECTOR, CalibrationMethod.ANALYTIC);
    }

    /**
     * The calibration of the noise on the features: for JOINT_VECTOR the one mechanism on (x, y), with
     * L2 sensitivity 2√(B_x² + B_y²); for PAPER_SEPARATE the mechanism on x alone, sensitivity 2B_x.
     */
    public GaussianCalibration featureCalibration() {
        double sensitivity = release == ReleaseMode.JOINT_VECTOR
                ? 2.0 * StrictMath.hypot(featureBound, rewardBound)
                : 2.0 * featureBound;
        return GaussianCalibrator.calibrate(sensitivity, epsilon, delta, calibration);
    }

    /**
     * The calibration of the noise on the reward: the joint mechanism again for JOINT_VECTOR, the
     * mechanism on y alone (sensitivity 2B_y) for PAPER_SEPARATE.
     */
    public GaussianCalibration rewardCalibration() {
        return release == ReleaseMode.JOINT_VECTOR
                ? featureCalibration()
                : GaussianCalibrator.calibrate(2.0 * rewardBound, epsilon, delta, calibration);
    }

    /** σ of the privacy noise on each feature coordinate (before any grid inflation of the source). */
    public double featureSigma() {
        return featureCalibration().sigma();
    }

    /** σ of the privacy noise on the reward. */
    public double rewardSigma() {
        return rewardCalibration().sigma();
    }

    /**
     * The (ε, δ)-LDP guarantee of one report: (ε, δ) for JOINT_VECTOR, (2ε, 2δ) for PAPER_SEPARATE
     * (basic composition of the two releases, Dwork &amp; Roth Thm 3.16).
     */
    public PrivacyCost privacyCost() {
        PrivacyCost one = new PrivacyCost(epsilon, delta);
        return release == ReleaseMode.JOINT_VECTOR ? one : one.plus(one);
    }

    private static void requirePositiveFinite(double value, String name) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be positive and finite, got " + value);
        }
    }
}

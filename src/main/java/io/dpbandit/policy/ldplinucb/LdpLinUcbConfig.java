package io.dpbandit.policy.ldplinucb;

import io.dpbandit.client.privacy.CalibrationMethod;
import io.dpbandit.client.privacy.GaussianCalibration;
import io.dpbandit.client.privacy.GaussianCalibrator;

/**
 * LDP-LinUCB's parameters.
 *
 * @param dimension          d
 * @param epsilon            ε of each user's report ((ε, δ)-LDP: one Gaussian release of the whole report)
 * @param delta              δ
 * @param featureBound       B_x: ‖x‖ is clipped to B_x
 * @param rewardBound        B_y: y is clipped to [−B_y, B_y]
 * @param horizon            T (union bound of the shift)
 * @param failureProbability α
 * @param regularisation     λ of V = λI + Σ x xᵀ
 * @param parameterBound     S ≥ ‖θ*‖
 * @param subgaussianScale   R of the reward noise
 * @param betaScale          β is multiplied by this (1 = the bound below) [engineering]
 * @param calibration        ANALYTIC (default) or CLASSICAL (ε ≤ 1 only)
 */
public record LdpLinUcbConfig(int dimension, double epsilon, double delta, double featureBound, double rewardBound,
        int horizon, double failureProbability, double regularisation, double parameterBound,
        double subgaussianScale, double betaScale, CalibrationMethod calibration) {

    public LdpLinUcbConfig {
        if (dimension < 1 || horizon < 1) {
            throw new IllegalArgumentException("dimension and horizon must be >= 1");
        }
        if (!(featureBound > 0) || !(rewardBound > 0) || !(regularisation > 0) || !(parameterBound > 0)
                || !(subgaussianScale >= 0) || !(betaScale >= 0) || !(failureProbability > 0 && failureProbability < 1)) {
            throw new IllegalArgumentException("bounds and λ must be positive, R and betaScale >= 0, α in (0, 1)");
        }
        if (calibration == null) {
            throw new IllegalArgumentException("calibration must be ANALYTIC or CLASSICAL");
        }
        GaussianCalibrator.calibrate(1.0, epsilon, delta, calibration); // checks ε, δ and CLASSICAL's range
    }

    /** Unit bounds, analytic calibration, λ = 1, S = R = 1, α = 0.05 and the bound's β. */
    public static LdpLinUcbConfig of(int dimension, double epsilon, double delta, int horizon) {
        return new LdpLinUcbConfig(dimension, epsilon, delta, 1, 1, horizon, 0.05, 1, 1, 1, 1,
                CalibrationMethod.ANALYTIC);
    }

    /** The report's length: the d(d+1)/2 upper-triangle entries of x xᵀ, then the d entries of y x. */
    public int reportLength() {
        return dimension * (dimension + 1) / 2 + dimension;
    }

    /**
     * The L2 sensitivity of the report (upper triangle of xxᵀ, yx): its triangle part moves by at most
     * ‖xxᵀ − x′x′ᵀ‖_F ≤ 2B_x² and its vector part by at most ‖yx − y′x′‖ ≤ 2B_xB_y, so the whole moves
     * by at most 2√(B_x⁴ + B_x²B_y²) (2√2 for unit bounds; conservative, the exact supremum is smaller).
     */
    public double sensitivity() {
        double bx2 = featureBound * featureBound;
        return 2.0 * StrictMath.sqrt(bx2 * bx2 + bx2 * rewardBound * rewardBound);
    }

    /** The Gaussian calibration of the one release per user. */
    public GaussianCalibration noiseCalibration() {
        return GaussianCalibrator.calibrate(sensitivity(), epsilon, delta, calibration);
    }
}

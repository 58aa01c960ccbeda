package io.dpbandit.client.privacy;

/**
 * The Gaussian mechanism: releases f(D) + N(0, σ²I) for a vector query f of L2 sensitivity Δ, with σ
 * from a {@link GaussianCalibration} (classical: Dwork &amp; Roth Thm A.1; analytic: Balle &amp; Wang
 * 2018 Thm 8). The release is (ε, δ)-DP and ρ-zCDP with ρ = Δ²/(2σ²) (Bun &amp; Steinke 2016,
 * Prop 1.6).
 *
 * <p>Sensitivity is the caller's promise (e.g. 2C after clipping every contribution to norm C with
 * {@link ContributionBounds}); this class cannot check it.
 */
public final class GaussianMechanism {

    private final GaussianCalibration calibration;

    public GaussianMechanism(GaussianCalibration calibration) {
        if (calibration == null) {
            throw new IllegalArgumentException("calibration must not be null");
        }
        this.calibration = calibration;
    }

    /** A mechanism calibrated by {@link GaussianCalibrator#calibrate}. */
    public static GaussianMechanism calibrated(
            double sensitivity, double epsilon, double delta, CalibrationMethod method) {
        return new GaussianMechanism(GaussianCalibrator.calibrate(sensitivity, epsilon, delta, method));
    }

    public GaussianCalibration calibration() {
        return calibration;
    }

    /**
     * The standard deviation actually used for a d-dimensional release from this source: σ, or
     * slightly more for a source that rounds values to a grid g (see {@link SecureNoiseSource}).
     *
     * <p>Rounding each coordinate to gZ moves it by at most g/2, so the rounded query has L2
     * sensitivity at most Δ' = Δ + g√d. δ(σ) depends only on σ/Δ (Balle &amp; Wang Thm 8), so the
     * calibration for Δ' is σ·Δ'/Δ. The grid grows with σ; g is taken at 2σ, an upper bound for the
     * inflated σ (g(σ) ≤ σ·2^-45, so the inflation is at most (σ/Δ)·√d·2^-44 relative).
     */
    public double noiseScale(int dimension, NoiseSource noise) {
        if (dimension < 1) {
            throw new IllegalArgumentException("dimension must be >= 1, got " + dimension);
        }
        if (noise == null) {
            throw new IllegalArgumentException("noise source must not be null");
        }
        double sigma = calibration.sigma();
        double granularity = noise.gaussianGranularity(2.0 * sigma);
        if (granularity == 0.0) {
            return sigma;
        }
        double roundingSlack = granularity * StrictMath.sqrt(dimension);
        double sensitivity = calibration.sensitivity();
        if (!(roundingSlack < sensitivity)) {
            throw new IllegalArgumentException("grid rounding (" + roundingSlack + ") would exceed the "
                    + "sensitivity " + sensitivity + "; sigma/sensitivity is too large for this dimension");
        }
        // nextUp: the product is rounded, and the inflated σ must not fall below the exact value.
        return Math.nextUp(sigma * ((sensitivity + roundingSlack) / sensitivity));
    }

    /**
     * Releases value + N(0, σ²I). The input is not modified.
     *
     * @throws IllegalArgumentException for an empty array or a non-finite entry (a NaN would make the
     *         release meaningless and an infinite value would reveal itself through the noise)
     */
    public double[] release(double[] value, NoiseSource noise) {
        Checks.finite(value, "value");
        if (value.length == 0) {
            throw new IllegalArgumentException("cannot release an empty vector");
        }
        double sigma = noiseScale(value.length, noise);
        double[] released = new double[value.length];
        for (int i = 0; i < value.length; i++) {
            released[i] = noise.addGaussian(value[i], sigma);
        }
        return released;
    }
}

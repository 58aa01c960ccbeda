package io.dpbandit.client.privacy;

/**
 * The outcome of calibrating a Gaussian mechanism: N(0, σ²I) noise on a query of L2 sensitivity Δ
 * gives (ε, δ)-DP by the stated method. Callers record it as the release's provenance.
 *
 * <p>The canonical constructor only checks ranges; it does not re-derive σ. Obtain calibrations from
 * {@link GaussianCalibrator}.
 */
public record GaussianCalibration(
        double sensitivity, double epsilon, double delta, double sigma, CalibrationMethod method) {

    public GaussianCalibration {
        Checks.positiveFinite(sensitivity, "sensitivity");
        Checks.positiveFinite(epsilon, "epsilon");
        Checks.openUnitInterval(delta, "delta");
        Checks.positiveFinite(sigma, "sigma");
        if (method == null) {
            throw new IllegalArgumentException("calibration method must not be null");
        }
    }

    /** The (ε, δ) the ledger charges for one release. */
    public PrivacyCost cost() {
        return new PrivacyCost(epsilon, delta);
    }

    /** The same release in zero-concentrated DP: ρ = Δ²/(2σ²) (Bun &amp; Steinke 2016, Prop 1.6). */
    public ZcdpCost zcdpCost() {
        return ZcdpCost.ofGaussian(sensitivity, sigma);
    }
}

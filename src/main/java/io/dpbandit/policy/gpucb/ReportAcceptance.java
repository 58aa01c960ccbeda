package io.dpbandit.policy.gpucb;

import io.dpbandit.client.gpucb.GpUcbParameters;
import io.dpbandit.client.gpucb.GpUcbReport;

/**
 * Whether a client report belongs to this bandit: the local-JDP server folds only reports made by
 * {@link io.dpbandit.client.gpucb.GpUcbRandomiser} with the bandit's public parameters. The report's
 * provenance must match them exactly (M, α, β, Y, calibration method), and its noise scales must be
 * the ones those parameters calibrate (up to the noise source's grid inflation, ≤ 1e-6 relative):
 * Lemma 6's spectral bounds, hence the shift and the radius, assume exactly σ_X and σ_u, and a report
 * with less noise would not carry the promised guarantee. The server recomputes σ itself; it never
 * tells a client which σ to use.
 */
final class ReportAcceptance {

    /** Relative tolerance on a report's σ above the calibrated one (grid inflation is ~1e-10). */
    static final double SIGMA_TOLERANCE = 1e-6;

    private final GpUcbParameters parameters;
    private final double sigmaX;
    private final double sigmaU;

    ReportAcceptance(GpUcbParameters parameters) {
        this.parameters = parameters;
        this.sigmaX = parameters.gramCalibration().sigma();
        this.sigmaU = parameters.rewardFeaturesCalibration().sigma();
    }

    /**
     * @throws IllegalArgumentException naming the first mismatch, prefixed with {@code what}
     */
    void check(GpUcbReport report, String what) {
        if (report == null) {
            throw new IllegalArgumentException(what + " is null");
        }
        if (report.featureDimension() != parameters.featureDimension()) {
            throw mismatch(what, "featureDimension", report.featureDimension(), parameters.featureDimension());
        }
        if (Double.compare(report.epsilon(), parameters.epsilon()) != 0) {
            throw mismatch(what, "epsilon", report.epsilon(), parameters.epsilon());
        }
        if (Double.compare(report.delta(), parameters.delta()) != 0) {
            throw mismatch(what, "delta", report.delta(), parameters.delta());
        }
        if (Double.compare(report.rewardBound(), parameters.rewardBound()) != 0) {
            throw mismatch(what, "rewardBound", report.rewardBound(), parameters.rewardBound());
        }
        if (report.calibration() != parameters.calibration()) {
            throw mismatch(what, "calibration", report.calibration(), parameters.calibration());
        }
        if (!withinTolerance(report.gramSigma(), sigmaX)) {
            throw mismatch(what, "gramSigma", report.gramSigma(), sigmaX);
        }
        if (!withinTolerance(report.rewardFeaturesSigma(), sigmaU)) {
            throw mismatch(what, "rewardFeaturesSigma", report.rewardFeaturesSigma(), sigmaU);
        }
        // The noisy values must be ones the randomiser can produce with this bandit's own σ (never the
        // declared one): ‖ΦΦᵀ‖_F ≤ 1 and ‖yΦ‖ ≤ Y before noise (‖Φ‖ ≤ 1, |y| ≤ Y), and the norm of
        // N(0, s²I_k) exceeds s(√k + 10) with probability about 2e-22 (Gaussian concentration).
        int m = parameters.featureDimension();
        double gramEntries = m * (m + 1) / 2.0;
        if (norm(report.noisyGram()) > Math.sqrt(2) + sigmaX * (1 + SIGMA_TOLERANCE) * (Math.sqrt(gramEntries) + 10)) {
            throw new IllegalArgumentException(what + ": noisyGram is larger than the randomiser can produce");
        }
        if (norm(report.noisyRewardFeatures()) > parameters.rewardBound()
                + sigmaU * (1 + SIGMA_TOLERANCE) * (Math.sqrt(m) + 10)) {
            throw new IllegalArgumentException(what + ": noisyRewardFeatures is larger than the randomiser can "
                    + "produce");
        }
    }

    private static double norm(double[] v) {
        double sum = 0;
        for (double x : v) {
            sum += x * x;
        }
        return Math.sqrt(sum);
    }

    private static boolean withinTolerance(double reported, double calibrated) {
        return reported >= calibrated && reported <= calibrated * (1.0 + SIGMA_TOLERANCE);
    }

    private static IllegalArgumentException mismatch(String what, String field, Object got, Object expected) {
        return new IllegalArgumentException(what + ": " + field + " is " + got + ", this bandit's randomiser uses "
                + expected + " (reports must come from GpUcbRandomiser with the bandit's parameters)");
    }
}

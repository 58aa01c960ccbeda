package io.dpbandit.client.privacy;

import io.dpbandit.testing.ThresholdAudit;

import io.dpbandit.testing.StatisticalBounds;

import io.dpbandit.client.privacy.CalibrationMethod;
import io.dpbandit.client.privacy.SecureNoiseSource;

import io.dpbandit.client.privacy.GaussianCalibration;
import io.dpbandit.client.privacy.GaussianCalibrator;
import io.dpbandit.client.privacy.GaussianMechanism;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.NormalDistribution;
import io.dpbandit.client.privacy.SeededNoiseSource;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Statistical tests of the Gaussian mechanism in the manner of Google's DP test suite: a closeness
 * test of the output distribution, an (ε, δ) audit on neighbouring inputs that must pass, and the
 * same audit on a mechanism with half the required noise, which must fail.
 *
 * <p>Setting: a one-dimensional query with f(D) = 0 and f(D') = Δ = 1 (neighbours at the full
 * sensitivity), ε = 1, δ = 1e-2, analytic σ ≈ 1.878. A release of an n-vector of identical values has
 * n independent coordinates, so one release yields n independent runs of the one-dimensional
 * mechanism.
 *
 * <p>Audit ({@link ThresholdAudit}): for thresholds t on a grid of 2001 points over [−6σ, Δ + 6σ], the
 * events {X ≤ t} and {X > t} in both directions. The true worst event of a Gaussian pair is a
 * threshold event (monotone likelihood ratio), so this class of events is the informative one. By
 * DKW, both empirical CDFs are within τ of the truth with probability ≥ 1 − 4·exp(−2nτ²), set to
 * 1 − 1e-7; then every observed P̂_D(E) − e^ε P̂_D'(E) exceeds the truth by at most τ(1 + e^ε). With
 * n = 2·10⁶: τ = 0.00209 and slack = 0.0078.
 * <ul>
 *   <li>Pass: the truth is ≤ δ for every event, so the audit passes except with probability 1e-7.</li>
 *   <li>Fail: at σ/2 the exact δ(σ/2) = 0.150, 0.14 above the target; at the grid's best threshold the
 *       violation exceeds 2·slack = 0.0156 by a wide margin (checked in the test from the exact CDFs),
 *       so the audit detects it except with probability 1e-7.</li>
 * </ul>
 */
@Tag("statistical")
class GaussianMechanismPrivacyTest {

    private static final double EPSILON = 1.0;
    private static final double DELTA = 1e-2;
    private static final double SENSITIVITY = 1.0;
    private static final double FALSE_FAILURE = 1e-7;

    private static final GaussianCalibration CALIBRATION =
            GaussianCalibrator.analytic(SENSITIVITY, EPSILON, DELTA);

    private static double[] runs(GaussianCalibration calibration, double value, int n, NoiseSource noise) {
        double[] input = new double[n];
        Arrays.fill(input, value);
        return new GaussianMechanism(calibration).release(input, noise);
    }

    private static double[] thresholds(double sigma) {
        return StatisticalBounds.grid(-6 * sigma, SENSITIVITY + 6 * sigma, 2000);
    }

    /** The audit statistic computed from the exact CDFs of N(0, σ²) and N(Δ, σ²): no sampling. */
    private static double exactViolation(double sigma, double[] thresholds) {
        double[] cdfD = new double[thresholds.length];
        double[] cdfNeighbour = new double[thresholds.length];
        for (int i = 0; i < thresholds.length; i++) {
            cdfD[i] = NormalDistribution.cdf(thresholds[i] / sigma);
            cdfNeighbour[i] = NormalDistribution.cdf((thresholds[i] - SENSITIVITY) / sigma);
        }
        return ThresholdAudit.maxViolationOfCdfs(cdfD, cdfNeighbour, EPSILON, DELTA);
    }

    @Test
    void calibratedMechanismPassesTheAuditOnNeighbouringInputs() {
        int n = 2_000_000;
        double sigma = CALIBRATION.sigma();
        double[] fromD = runs(CALIBRATION, 0.0, n, new SeededNoiseSource(1001L));
        double[] fromNeighbour = runs(CALIBRATION, SENSITIVITY, n, new SeededNoiseSource(1002L));

        double violation = ThresholdAudit.maxViolation(fromD, fromNeighbour, thresholds(sigma), EPSILON, DELTA);
        assertThat(violation).isLessThanOrEqualTo(ThresholdAudit.slack(n, EPSILON, FALSE_FAILURE));
        // Sanity: the exact profile is tight at the calibrated σ (the audit is not vacuous).
        assertThat(exactViolation(sigma, thresholds(sigma))).isBetween(-1e-4, 1e-9);
    }

    @Test
    void mechanismWithHalfTheNoiseFailsTheSameAudit() {
        int n = 2_000_000;
        double sigma = CALIBRATION.sigma();
        GaussianCalibration halfNoise = new GaussianCalibration(
                SENSITIVITY, EPSILON, DELTA, sigma / 2, CalibrationMethod.ANALYTIC);
        double slack = ThresholdAudit.slack(n, EPSILON, FALSE_FAILURE);

        // Detection margin, from the exact CDFs: the true violation must exceed 2·slack.
        double trueViolation = exactViolation(sigma / 2, thresholds(sigma));
        assertThat(trueViolation).isGreaterThan(2 * slack);
        assertThat(GaussianCalibrator.exactDelta(SENSITIVITY, EPSILON, sigma / 2)).isGreaterThan(0.14);

        double[] fromD = runs(halfNoise, 0.0, n, new SeededNoiseSource(2001L));
        double[] fromNeighbour = runs(halfNoise, SENSITIVITY, n, new SeededNoiseSource(2002L));
        double violation = ThresholdAudit.maxViolation(fromD, fromNeighbour, thresholds(sigma), EPSILON, DELTA);
        assertThat(violation).isGreaterThan(slack);
    }

    @Test
    void productionNoiseSourcePassesTheAuditToo() {
        // Unseeded: fails with probability ≤ 1e-7 when correct. n = 5·10⁵ gives slack 0.0156.
        int n = 500_000;
        double sigma = CALIBRATION.sigma();
        SecureNoiseSource secure = new SecureNoiseSource();
        double[] fromD = runs(CALIBRATION, 0.0, n, secure);
        double[] fromNeighbour = runs(CALIBRATION, SENSITIVITY, n, secure);
        double violation = ThresholdAudit.maxViolation(fromD, fromNeighbour, thresholds(sigma), EPSILON, DELTA);
        assertThat(violation).isLessThanOrEqualTo(ThresholdAudit.slack(n, EPSILON, FALSE_FAILURE));
    }

    @Test
    void releasedValuesFollowTheCalibratedNormalDistribution() {
        // Closeness: KS against N(f(D), σ²) with the DKW band at 1e-7 (fixed seed, so deterministic).
        int n = 200_000;
        double sigma = CALIBRATION.sigma();
        double[] released = runs(CALIBRATION, 3.0, n, new SeededNoiseSource(3001L));
        assertThat(StatisticalBounds.kolmogorovSmirnov(released, x -> NormalDistribution.cdf((x - 3.0) / sigma)))
                .isLessThan(StatisticalBounds.dkwBand(n, FALSE_FAILURE));
    }
}

package io.dpbandit.client.capri;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.client.privacy.ContributionBounds;
import io.dpbandit.client.privacy.GaussianCalibrator;
import io.dpbandit.client.privacy.NormalDistribution;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.client.privacy.SeededNoiseSource;
import io.dpbandit.testing.StatisticalBounds;
import io.dpbandit.testing.ThresholdAudit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Privacy audit of the CAPRI-LDP device randomiser, in the manner of OnlineUcbRandomiserPrivacyTest.
 *
 * <p>Neighbours at the full sensitivity, from outside the bounds: user A has context (0.1, 0.2) and
 * reward 50, user B the same context and reward −50. Both rewards clip to ±B and both contributions
 * to norm C_r (the plan's bound is below ‖B · A k_S(w)‖), so g_B = −g_A and ‖g_A − g_B‖ = 2C_r, the
 * sensitivity σ is calibrated on. The reports differ in law only along u = g_A/C_r, so the
 * privacy-loss variable is a monotone function of s = ⟨report, u⟩ ~ N(±C_r, σ²), and threshold events
 * on s include the worst event on the whole report.
 *
 * <p>Error rates: DKW with n = 10⁶ draws per user; a private randomiser fails the audit with
 * probability ≤ 10⁻⁷, and a non-private one (true violation &gt; 2·slack, checked exactly) passes it with
 * probability ≤ 10⁻⁷.
 */
@Tag("statistical")
class CapriRandomiserPrivacyTest {

    private static final double EPSILON = 1.0;
    private static final double DELTA = 1e-2;
    private static final double BOUND = 0.8;
    private static final double FALSE_FAILURE = 1e-7;
    private static final int N = 1_000_000;
    private static final double[] CONTEXT = {0.1, 0.2};
    private static final double[] ACTION = {0.5};

    static CapriRandomiserPlan plan() {
        double[][] points = {{0.1, 0.2, 0.5}, {0.7, 0.3, 0.5}, {0.4, 0.9, 0.1}};
        double[] a = {1, 0, 0, 0, 1, 0, 0, 0, 1};
        return new CapriRandomiserPlan("audit", 1, io.dpbandit.client.kernel.KernelSpec.rbf(0.5), points, a, BOUND, 1.0,
                EPSILON, DELTA, 1e-9);
    }

    private static double[] projections(CapriRandomiser device, double reward, long seed) {
        double[] u = device.contribution(CONTEXT, ACTION, 1.0);
        double norm = ContributionBounds.l2Norm(u);
        SeededNoiseSource noise = new SeededNoiseSource(seed);
        double[] s = new double[N];
        for (int i = 0; i < N; i++) {
            double[] r = device.randomise(CONTEXT, ACTION, reward, noise).contribution();
            double dot = 0;
            for (int j = 0; j < r.length; j++) {
                dot += r[j] * u[j] / norm;
            }
            s[i] = dot;
        }
        return s;
    }

    private static double[] thresholds(double sigma) {
        return StatisticalBounds.grid(-BOUND - 6 * sigma, BOUND + 6 * sigma, 2000);
    }

    private static double exactViolation(double sigma, double[] thresholds) {
        double[] cdfA = new double[thresholds.length];
        double[] cdfB = new double[thresholds.length];
        for (int i = 0; i < thresholds.length; i++) {
            cdfA[i] = NormalDistribution.cdf((thresholds[i] - BOUND) / sigma);
            cdfB[i] = NormalDistribution.cdf((thresholds[i] + BOUND) / sigma);
        }
        return ThresholdAudit.maxViolationOfCdfs(cdfA, cdfB, EPSILON, DELTA);
    }

    @Test
    void theNeighboursAreAtTheFullSensitivity() {
        CapriRandomiser device = new CapriRandomiser(plan(), PrivacyFloor.NONE);
        double[] a = device.contribution(CONTEXT, ACTION, 50);
        double[] b = device.contribution(CONTEXT, ACTION, -50);
        double[] diff = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            diff[i] = a[i] - b[i];
        }
        assertThat(ContributionBounds.l2Norm(diff)).isCloseTo(2 * BOUND, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void reportsPassTheEpsilonDeltaAuditAtTheCalibratedNoise() {
        CapriRandomiser device = new CapriRandomiser(plan(), PrivacyFloor.NONE);
        double sigma = device.sigma();
        assertThat(sigma).isEqualTo(GaussianCalibrator.analyticSigma(2 * BOUND, EPSILON, DELTA));
        double violation = ThresholdAudit.maxViolation(projections(device, 50, 11), projections(device, -50, 12),
                thresholds(sigma), EPSILON, DELTA);
        assertThat(violation).isLessThanOrEqualTo(ThresholdAudit.slack(N, EPSILON, FALSE_FAILURE));
        assertThat(exactViolation(sigma, thresholds(sigma))).isBetween(-1e-4, 1e-9);
    }

    @Test
    void reportsWithHalfTheNoiseFailTheSameAudit() {
        CapriRandomiser half = new CapriRandomiser(plan(), 0.5);
        double sigma = new CapriRandomiser(plan(), PrivacyFloor.NONE).sigma();
        double slack = ThresholdAudit.slack(N, EPSILON, FALSE_FAILURE);
        assertThat(exactViolation(sigma / 2, thresholds(sigma))).isGreaterThan(2 * slack);
        double violation = ThresholdAudit.maxViolation(projections(half, 50, 21), projections(half, -50, 22),
                thresholds(sigma), EPSILON, DELTA);
        assertThat(violation).isGreaterThan(slack);
    }
}

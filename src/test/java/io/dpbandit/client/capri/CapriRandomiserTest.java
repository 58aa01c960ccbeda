package io.dpbandit.client.capri;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.client.privacy.ContributionBounds;
import io.dpbandit.client.privacy.GaussianCalibrator;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.client.privacy.SeededNoiseSource;
import org.junit.jupiter.api.Test;

/** The device-side CAPRI randomiser: bounded contributions for any input, and never less noise than the calibration. */
class CapriRandomiserTest {

    /** Three projection points in R^3 (2 context + 1 action feature), A = identity (a valid lower triangle). */
    static CapriRandomiserPlan plan(double sigma) {
        double[][] points = {{0.1, 0.2, 0.5}, {0.7, 0.3, 0.5}, {0.4, 0.9, 0.1}};
        double[] a = {1, 0, 0, 0, 1, 0, 0, 0, 1};
        return new CapriRandomiserPlan("b", 1, KernelSpec.rbf(0.5), points, a, 0.8, 1.0, 0.5, 1e-5, sigma);
    }

    @Test
    void contributionsAreBoundedWhateverTheUserSends() {
        CapriRandomiser device = new CapriRandomiser(plan(1.0), PrivacyFloor.NONE);
        double[][] contexts = {{0.1, 0.2}, {1e300, -1e300}, {Double.NaN, 0}, {0.4, 0.9}};
        double[] rewards = {1.0, 1e9, -1e9, Double.POSITIVE_INFINITY, Double.NaN};
        for (double[] c : contexts) {
            for (double y : rewards) {
                double[] g = device.contribution(c, new double[] {0.5}, y);
                assertThat(g).hasSize(3);
                assertThat(ContributionBounds.l2Norm(g)).isLessThanOrEqualTo(0.8 * (1 + 1e-12));
                for (double v : g) {
                    assertThat(Double.isFinite(v)).isTrue();
                }
            }
        }
    }

    @Test
    void aPlanAnnouncingTooLittleNoiseDoesNotWeakenTheDevice() {
        double exact = GaussianCalibrator.analyticSigma(2 * 0.8, 0.5, 1e-5);
        assertThat(new CapriRandomiser(plan(exact / 100), PrivacyFloor.NONE).sigma()).isEqualTo(exact);
        assertThat(new CapriRandomiser(plan(exact * 3), PrivacyFloor.NONE).sigma()).isEqualTo(exact * 3);
        CapriReport report = new CapriRandomiser(plan(exact / 100), PrivacyFloor.NONE).randomise(new double[] {0.1, 0.2},
                new double[] {0.5}, 1.0, new SeededNoiseSource(1));
        assertThat(report.sigma()).isGreaterThanOrEqualTo(exact);
        assertThat(report.epoch()).isEqualTo(1);
        assertThat(report.contribution()).hasSize(3);
    }

    @Test
    void aContextOfTheWrongDimensionIsRefused() {
        CapriRandomiser device = new CapriRandomiser(plan(1.0), PrivacyFloor.NONE);
        assertThatThrownBy(() -> device.randomise(new double[] {0.1}, new double[] {0.5}, 1.0,
                new SeededNoiseSource(1))).isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * What the server folds for a round whose report is missing is this device's mechanism on a zero
     * contribution: bit for bit the report a device sends with reward 0 (whose contribution is 0), from
     * the same noise, so it carries the same N(0, σ²I) a report would, never nothing.
     */
    @Test
    void aMissingReportsStandInIsTheDevicesMechanismOnAZeroContribution() {
        CapriRandomiser device = new CapriRandomiser(plan(1.0), PrivacyFloor.NONE);
        CapriReport standIn = device.absent(new SeededNoiseSource(5));
        CapriReport zero = device.randomise(new double[] {0.1, 0.2}, new double[] {0.5}, 0.0, new SeededNoiseSource(5));
        assertThat(standIn).isEqualTo(zero);
        assertThat(standIn.sigma()).isEqualTo(device.sigma());
        assertThat(standIn.contribution()).as("noise, not nothing").doesNotContain(0.0);
    }
}

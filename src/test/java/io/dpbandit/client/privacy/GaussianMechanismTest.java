package io.dpbandit.client.privacy;

import io.dpbandit.client.privacy.CalibrationMethod;
import io.dpbandit.client.privacy.GaussianMechanism;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PowerOfTwoGrid;
import io.dpbandit.client.privacy.SecureNoiseSource;
import io.dpbandit.client.privacy.SeededNoiseSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class GaussianMechanismTest {

    private final GaussianMechanism mechanism = GaussianMechanism.calibrated(2.0, 0.5, 1e-6, CalibrationMethod.ANALYTIC);

    @Test
    void releaseNoisesEveryCoordinateAndLeavesTheInputAlone() {
        double[] value = {1.0, 2.0, 3.0};
        double[] released = mechanism.release(value, new SeededNoiseSource(1L));
        assertThat(released).hasSize(3);
        assertThat(value).containsExactly(1.0, 2.0, 3.0);
        for (int i = 0; i < 3; i++) {
            assertThat(released[i]).isNotEqualTo(value[i]);
        }
    }

    @Test
    void seededReleasesReplay() {
        double[] value = new double[50];
        assertThat(mechanism.release(value, new SeededNoiseSource(9L)))
                .containsExactly(mechanism.release(value, new SeededNoiseSource(9L)));
    }

    @Test
    void withoutAGridTheNoiseScaleIsTheCalibratedSigma() {
        assertThat(mechanism.noiseScale(1000, new SeededNoiseSource(1L))).isEqualTo(mechanism.calibration().sigma());
    }

    @Test
    void onAGridTheNoiseScaleCoversTheRoundingOfTheInput() {
        SecureNoiseSource secure = new SecureNoiseSource();
        double sigma = mechanism.calibration().sigma();
        for (int dimension : new int[] {1, 2000, 1_000_000}) {
            double scale = mechanism.noiseScale(dimension, secure);
            double g = secure.gaussianGranularity(scale);
            double requiredForRoundedQuery = sigma * (2.0 + g * Math.sqrt(dimension)) / 2.0;
            assertThat(scale).isGreaterThanOrEqualTo(requiredForRoundedQuery);
            assertThat(scale / sigma - 1.0).isLessThan(1e-9);
        }
    }

    @Test
    void secureReleasesLieOnTheGrid() {
        SecureNoiseSource secure = new SecureNoiseSource();
        double[] released = mechanism.release(new double[] {0.1, -7.25, 1e6}, secure);
        double g = secure.gaussianGranularity(mechanism.noiseScale(3, secure));
        for (double x : released) {
            assertThat(PowerOfTwoGrid.isMultipleOf(x, g)).isTrue();
        }
    }

    @Test
    void nonFiniteOrEmptyInputsAreRejected() {
        NoiseSource noise = new SeededNoiseSource(1L);
        assertThatThrownBy(() -> mechanism.release(new double[] {1.0, Double.NaN}, noise))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("value[1]");
        assertThatThrownBy(() -> mechanism.release(new double[0], noise)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> mechanism.release(new double[] {1.0}, null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new GaussianMechanism(null)).isInstanceOf(IllegalArgumentException.class);
    }
}

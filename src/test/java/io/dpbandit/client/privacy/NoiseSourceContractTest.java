package io.dpbandit.client.privacy;

import io.dpbandit.client.privacy.PowerOfTwoGrid;

import io.dpbandit.client.privacy.NoiseSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The contract every {@link NoiseSource} meets (EJML style: one abstract test per interface). */
abstract class NoiseSourceContractTest {

    abstract NoiseSource createSource();

    @Test
    void uniformDrawsLieInTheHalfOpenUnitInterval() {
        NoiseSource source = createSource();
        for (int i = 0; i < 10_000; i++) {
            assertThat(source.uniform()).isGreaterThanOrEqualTo(0.0).isLessThan(1.0);
        }
    }

    @Test
    void uniformIntegersCoverTheirRangeAndNothingElse() {
        NoiseSource source = createSource();
        boolean[] seen = new boolean[7];
        for (int i = 0; i < 10_000; i++) {
            int k = source.uniformInt(7);
            assertThat(k).isBetween(0, 6);
            seen[k] = true;
        }
        assertThat(seen).containsOnly(true);
        assertThat(source.uniformInt(1)).isZero();
        assertThatThrownBy(() -> source.uniformInt(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void bernoulliOfZeroAndOneIsDeterministic() {
        NoiseSource source = createSource();
        for (int i = 0; i < 1_000; i++) {
            assertThat(source.bernoulli(0.0)).isFalse();
            assertThat(source.bernoulli(1.0)).isTrue();
        }
    }

    @ParameterizedTest
    @ValueSource(doubles = {-0.1, 1.1, Double.NaN})
    void bernoulliRejectsNonProbabilities(double p) {
        assertThatThrownBy(() -> createSource().bernoulli(p)).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.0, -1.0, Double.NaN, Double.POSITIVE_INFINITY})
    void gaussianAndLaplaceRejectInvalidScales(double scale) {
        NoiseSource source = createSource();
        assertThatThrownBy(() -> source.gaussian(scale)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> source.laplace(scale)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> source.addGaussian(1.0, scale)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void noiseIsFiniteAndCentredAtTheValue() {
        NoiseSource source = createSource();
        double sumGaussian = 0;
        double sumLaplace = 0;
        int n = 20_000;
        for (int i = 0; i < n; i++) {
            double g = source.addGaussian(10.0, 2.0);
            double l = source.addLaplace(10.0, 2.0);
            assertThat(g).isFinite();
            assertThat(l).isFinite();
            sumGaussian += g;
            sumLaplace += l;
        }
        // Standard errors 2/√n = 0.014 and 2√2/√n = 0.02: 0.2 is 10+ standard errors
        // (P < 1e-12 even for the heavier-tailed Laplace, by a Bernstein bound).
        assertThat(sumGaussian / n).isBetween(9.8, 10.2);
        assertThat(sumLaplace / n).isBetween(9.8, 10.2);
    }

    @Test
    void granularityIsZeroOrAPowerOfTwoAndNonDecreasing() {
        NoiseSource source = createSource();
        double previous = 0.0;
        for (double sigma = 1e-6; sigma < 1e9; sigma *= 1.37) {
            double g = source.gaussianGranularity(sigma);
            assertThat(g == 0.0 || PowerOfTwoGrid.isPowerOfTwo(g)).isTrue();
            assertThat(g).isGreaterThanOrEqualTo(previous);
            assertThat(g).isLessThanOrEqualTo(sigma * 0x1.0p-40);
            previous = g;
        }
    }
}

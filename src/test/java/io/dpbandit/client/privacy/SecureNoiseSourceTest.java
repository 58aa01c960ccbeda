package io.dpbandit.client.privacy;

import io.dpbandit.testing.StatisticalBounds;

import io.dpbandit.client.privacy.NormalDistribution;

import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PowerOfTwoGrid;
import io.dpbandit.client.privacy.SecureNoiseSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The production source. Its draws are unseeded, so every statistical check below states its
 * false-failure probability (each ≤ 1e-7, by the DKW inequality).
 */
class SecureNoiseSourceTest extends NoiseSourceContractTest {

    private static final double FALSE_FAILURE = 1e-7;

    @Override
    NoiseSource createSource() {
        return new SecureNoiseSource();
    }

    @Test
    void granularityIsThePowerOfTwoJustAboveTwoToTheMinus46TimesTheScale() {
        SecureNoiseSource source = new SecureNoiseSource();
        for (double sigma : new double[] {1e-250, 1e-9, 0.3, 1.0, 3.730631634815942, 1024.0, 1e17, 1e250}) {
            double g = source.gaussianGranularity(sigma);
            assertThat(PowerOfTwoGrid.isPowerOfTwo(g)).isTrue();
            assertThat(sigma / g).isGreaterThan(0x1.0p45).isLessThanOrEqualTo(0x1.0p46);
            assertThat(source.laplaceGranularity(sigma)).isEqualTo(g);
        }
    }

    @Test
    void noisyValuesAreMultiplesOfTheGranularityAndOfItsRoundedInput() {
        SecureNoiseSource source = new SecureNoiseSource();
        SplittableRandom inputs = new SplittableRandom(5L);
        for (int i = 0; i < 20_000; i++) {
            double value = (inputs.nextDouble() - 0.5) * Math.pow(10, inputs.nextInt(-3, 6));
            double sigma = Math.pow(10, inputs.nextDouble(-3, 4));
            double g = source.gaussianGranularity(sigma);
            double rounded = PowerOfTwoGrid.roundToMultiple(value, g);

            double gaussian = source.addGaussian(value, sigma);
            double laplace = source.addLaplace(value, sigma);
            for (double noisy : new double[] {gaussian, laplace}) {
                assertThat(PowerOfTwoGrid.isMultipleOf(noisy, g)).as("%s on grid %s", noisy, g).isTrue();
                double steps = (noisy - rounded) / g; // exact: both are multiples of g
                assertThat(steps).isEqualTo(Math.rint(steps));
            }
            assertThat(PowerOfTwoGrid.isMultipleOf(source.gaussian(sigma), g)).isTrue();
        }
    }

    @Test
    void theOutputDependsOnTheInputOnlyThroughItsGridRounding() {
        // Two inputs with the same rounding produce the same set of possible outputs: here the noise
        // differences are both integer multiples of g from the same base point.
        SecureNoiseSource source = new SecureNoiseSource();
        double sigma = 1.0;
        double g = source.gaussianGranularity(sigma);
        double x = 0.1;
        double xNeighbour = Math.nextUp(x);
        assertThat(PowerOfTwoGrid.roundToMultiple(x, g)).isEqualTo(PowerOfTwoGrid.roundToMultiple(xNeighbour, g));
        double base = PowerOfTwoGrid.roundToMultiple(x, g);
        for (int i = 0; i < 1_000; i++) {
            double a = source.addGaussian(x, sigma);
            double b = source.addGaussian(xNeighbour, sigma);
            assertThat(PowerOfTwoGrid.isMultipleOf(a - base, g)).isTrue();
            assertThat(PowerOfTwoGrid.isMultipleOf(b - base, g)).isTrue();
        }
    }

    @Tag("statistical")
    @ParameterizedTest
    @ValueSource(doubles = {1e-3, 3.7, 2.5e6})
    void gaussianNoiseMatchesTheNormalCdf(double sigma) {
        // Kolmogorov–Smirnov with the DKW bound: sup |F_n − Φ(·/σ)| > τ with probability ≤ 1e-7 when
        // the sampler is right. The lattice (spacing ≤ σ·2^-45) moves the true CDF by < 1e-13, which
        // is added to τ. At n = 200 000, τ = 0.0065: a σ wrong by 3% (KS distance ≈ 0.24·3%) or a
        // visibly non-Gaussian shape fails.
        int n = 200_000;
        NoiseSource source = new SecureNoiseSource();
        double[] samples = new double[n];
        for (int i = 0; i < n; i++) {
            samples[i] = source.gaussian(sigma);
        }
        double band = StatisticalBounds.dkwBand(n, FALSE_FAILURE) + 1e-13;
        assertThat(StatisticalBounds.kolmogorovSmirnov(samples, x -> NormalDistribution.cdf(x / sigma)))
                .isLessThan(band);
    }

    @Tag("statistical")
    @ParameterizedTest
    @ValueSource(doubles = {1e-3, 3.7, 2.5e6})
    void laplaceNoiseMatchesTheLaplaceCdf(double scale) {
        // As above: DKW at 1e-7 plus 1e-13 for the lattice.
        int n = 200_000;
        NoiseSource source = new SecureNoiseSource();
        double[] samples = new double[n];
        for (int i = 0; i < n; i++) {
            samples[i] = source.laplace(scale);
        }
        double band = StatisticalBounds.dkwBand(n, FALSE_FAILURE) + 1e-13;
        assertThat(StatisticalBounds.kolmogorovSmirnov(samples, x -> SeededNoiseSourceTest.laplaceCdf(x, scale)))
                .isLessThan(band);
    }

    @Tag("statistical")
    @Test
    void bernoulliFrequencyMatchesItsProbability() {
        // Hoeffding at 1e-7: |p̂ − p| ≤ 0.0092 for n = 100 000.
        int n = 100_000;
        NoiseSource source = new SecureNoiseSource();
        int hits = 0;
        for (int i = 0; i < n; i++) {
            hits += source.bernoulli(0.3) ? 1 : 0;
        }
        assertThat((double) hits / n).isCloseTo(0.3,
                org.assertj.core.api.Assertions.within(StatisticalBounds.hoeffdingBand(n, 1, FALSE_FAILURE)));
    }

    @Test
    void scalesOutsideTheSupportedRangeAreRejected() {
        SecureNoiseSource source = new SecureNoiseSource();
        assertThatThrownBy(() -> source.gaussian(1e-300 * 1e-10)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> source.laplace(1e300)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> source.addGaussian(Double.NaN, 1.0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SecureNoiseSource(null)).isInstanceOf(IllegalArgumentException.class);
    }
}

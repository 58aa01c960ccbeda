package io.dpbandit.client.privacy;

import io.dpbandit.testing.StatisticalBounds;

import io.dpbandit.client.privacy.NormalDistribution;
import io.dpbandit.client.privacy.RandomBits;

import io.dpbandit.client.privacy.DiscreteNoise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class DiscreteNoiseTest {

    private static final double[] SCALES = {
        DiscreteNoise.MIN_SCALE, DiscreteNoise.MIN_SCALE + 0.5, 0x1.0p45 + 1, 1.5 * 0x1.0p45, 0x1.0p46 - 0.5,
        DiscreteNoise.MAX_SCALE};

    @Test
    void gaussianAcceptanceNeverExceedsOneSoTheEnvelopeIsValid() {
        for (double s : SCALES) {
            long w = Math.round(s);
            double peak = 0.0;
            for (int j = 0; j <= DiscreteNoise.GAUSSIAN_MAX_BLOCK; j++) {
                for (long u : new long[] {0, 1, w / 2, w - 1}) {
                    double a = DiscreteNoise.gaussianAcceptance(j, j * w + u, s);
                    assertThat(a).as("s=%s j=%d u=%d", s, j, u).isBetween(0.0, 1.0);
                    peak = Math.max(peak, a);
                }
            }
            // The envelope is tight: the peak at j = 1, u = 0 is within 1e-6 of 1.
            assertThat(peak).isCloseTo(1.0, within(2e-6));
        }
    }

    @Test
    void laplaceAcceptanceNeverExceedsOneAndPeaksAtZero() {
        for (double s : SCALES) {
            long w = DiscreteNoise.laplaceBlockWidth(s);
            double excess = w / s - Math.log(2);
            assertThat(excess).isPositive();
            assertThat(DiscreteNoise.laplaceAcceptance(0, 0, s, excess)).isEqualTo(1.0);
            for (int j = 0; j <= DiscreteNoise.LAPLACE_MAX_BLOCK; j += 10) {
                assertThat(DiscreteNoise.laplaceAcceptance(j, w - 1, s, excess)).isBetween(0.0, 1.0);
            }
            // m < 151 w must stay exactly representable.
            assertThat((double) ((DiscreteNoise.LAPLACE_MAX_BLOCK + 1) * w)).isLessThan(0x1.0p53);
        }
    }

    @Tag("statistical")
    @Test
    void discreteGaussianMatchesTheNormalCdfAndItsVariance() {
        // Seeded bits, so deterministic; with random bits the DKW check fails with probability ≤ 1e-7.
        RandomBits bits = new RandomBits(new SplittableRandom(11L)::nextLong);
        double s = 0x1.0p20 * 3;
        int n = 200_000;
        double[] samples = new double[n];
        double sumSquares = 0;
        for (int i = 0; i < n; i++) {
            samples[i] = DiscreteNoise.gaussian(bits, s);
            sumSquares += samples[i] * samples[i];
        }
        assertThat(StatisticalBounds.kolmogorovSmirnov(samples, x -> NormalDistribution.cdf(x / s)))
                .isLessThan(StatisticalBounds.dkwBand(n, 1e-7) + 1e-6);
        assertThat(sumSquares / n / (s * s)).isCloseTo(1.0, within(0.02));
    }

    @Tag("statistical")
    @Test
    void discreteLaplaceMatchesTheLaplaceCdf() {
        RandomBits bits = new RandomBits(new SplittableRandom(12L)::nextLong);
        double s = 0x1.0p33 + 12345.5;
        int n = 200_000;
        double[] samples = new double[n];
        for (int i = 0; i < n; i++) {
            samples[i] = DiscreteNoise.laplace(bits, s);
        }
        assertThat(StatisticalBounds.kolmogorovSmirnov(samples, x -> SeededNoiseSourceTest.laplaceCdf(x, s)))
                .isLessThan(StatisticalBounds.dkwBand(n, 1e-7) + 1e-6);
    }

    @Test
    void scalesOutsideTheLatticeRangeAreRejected() {
        RandomBits bits = new RandomBits(() -> 0L);
        assertThatThrownBy(() -> DiscreteNoise.gaussian(bits, 1000.0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DiscreteNoise.laplace(bits, 0x1.0p47)).isInstanceOf(IllegalArgumentException.class);
    }
}

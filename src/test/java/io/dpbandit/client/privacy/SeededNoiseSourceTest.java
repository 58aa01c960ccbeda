package io.dpbandit.client.privacy;

import io.dpbandit.testing.StatisticalBounds;

import io.dpbandit.client.privacy.NormalDistribution;

import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.SeededNoiseSource;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class SeededNoiseSourceTest extends NoiseSourceContractTest {

    @Override
    NoiseSource createSource() {
        return new SeededNoiseSource(42L);
    }

    @Test
    void theSameSeedReplaysTheSameDraws() {
        NoiseSource a = new SeededNoiseSource(123L);
        NoiseSource b = new SeededNoiseSource(123L);
        for (int i = 0; i < 1_000; i++) {
            assertThat(a.gaussian(1.5)).isEqualTo(b.gaussian(1.5));
            assertThat(a.laplace(0.5)).isEqualTo(b.laplace(0.5));
            assertThat(a.uniformInt(10)).isEqualTo(b.uniformInt(10));
            assertThat(a.bernoulli(0.3)).isEqualTo(b.bernoulli(0.3));
        }
    }

    @Test
    void differentSeedsGiveDifferentDraws() {
        assertThat(new SeededNoiseSource(1L).gaussian(1.0)).isNotEqualTo(new SeededNoiseSource(2L).gaussian(1.0));
    }

    @Tag("statistical")
    @Test
    void seededGaussianAndLaplaceFollowTheirDistributions() {
        // Fixed seed, so deterministic; a random seed would fail with probability ≤ 1e-7 per check (DKW).
        int n = 100_000;
        double band = StatisticalBounds.dkwBand(n, 1e-7);
        NoiseSource source = new SeededNoiseSource(99L);
        double[] gaussian = new double[n];
        double[] laplace = new double[n];
        for (int i = 0; i < n; i++) {
            gaussian[i] = source.gaussian(2.0);
            laplace[i] = source.laplace(3.0);
        }
        assertThat(StatisticalBounds.kolmogorovSmirnov(gaussian, x -> NormalDistribution.cdf(x / 2.0)))
                .isLessThan(band);
        assertThat(StatisticalBounds.kolmogorovSmirnov(laplace, x -> laplaceCdf(x, 3.0))).isLessThan(band);
    }

    static double laplaceCdf(double x, double b) {
        return x < 0 ? 0.5 * Math.exp(x / b) : 1.0 - 0.5 * Math.exp(-x / b);
    }
}

package io.dpbandit.privacy;

import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.SeededNoiseSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dpbandit.kernel.SymmetricEigenFunctions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The Bartlett sampler of W_p(sI, k) has the right mean, E[W] = k·s·I, within a bound that holds for
 * the true distribution with probability ≥ 1 − 1e-7.
 *
 * <p>Bound: over N samples, Σ W_ii/s is exactly χ²_{Nk} under the true law (a sum of independent
 * χ²_k), and Σ W_ij/s (i ≠ j) is a sum of Nk products g·g' of independent N(0, 1), which equals
 * (A − B)/2 for independent A, B ~ χ²_{Nk} (g·g' = ((g+g')² − (g−g')²)/4). Laurent &amp; Massart
 * (2000, Lemma 1; the paper's Claim 17): P(|χ²_D − D| ≥ 2√(Dx) + 2x) ≤ 2e^{−x}. So every diagonal
 * mean is within (2√(Dx) + 2x)/N of k and every off-diagonal mean within the same of 0, except with
 * probability ≤ (2p + 4·p(p−1)/2)·e^{−x}, which x is chosen to make 1e-7.
 */
class WishartSamplerTest {

    private static void assertMeanIsKTimesIdentity(int p, double scale, long k, int samples, long seed) {
        NoiseSource noise = new SeededNoiseSource(seed);
        double[][] sum = new double[p][p];
        for (int s = 0; s < samples; s++) {
            SymmetricMatrix w = WishartSampler.sample(p, scale, k, noise);
            for (int i = 0; i < p; i++) {
                for (int j = 0; j < p; j++) {
                    sum[i][j] += w.get(i, j) / scale;
                }
            }
        }
        int events = 2 * p + 2 * p * (p - 1);
        double x = Math.log(events / 1e-7);
        double dof = (double) samples * k;
        double tolerance = (2 * Math.sqrt(dof * x) + 2 * x) / samples;
        for (int i = 0; i < p; i++) {
            for (int j = 0; j < p; j++) {
                assertThat(sum[i][j] / samples).isCloseTo(i == j ? k : 0.0,
                        org.assertj.core.data.Offset.offset(tolerance));
            }
        }
    }

    @Tag("statistical")
    @Test
    void smallDegreesOfFreedomHaveMeanKI() {
        // k = p exercises every Bartlett diagonal χ²_{k−i} down to χ²_1 (the Gamma shape < 1 branch);
        // an off-by-one in the degrees of freedom would move the mean by 1 = 33% of k, the tolerance is 4%.
        assertMeanIsKTimesIdentity(3, 2.0, 3, 20_000, 11);
    }

    @Tag("statistical")
    @Test
    void largeDegreesOfFreedomHaveMeanKI() {
        // Shariff & Sheffet 2018's k at d = 5 (worked numbers in docs/papers.md): tolerance ≈ 0.05% of k.
        assertMeanIsKTimesIdentity(6, 2.0, 139_115, 2_000, 12);
    }

    @Test
    void samplesAreSymmetricPositiveSemidefinite() {
        NoiseSource noise = new SeededNoiseSource(13);
        for (int s = 0; s < 200; s++) {
            SymmetricMatrix w = WishartSampler.sample(4, 1.5, 4, noise);
            assertThat(SymmetricEigenFunctions.eigenvaluesAscending(w.toDense())[0]).isGreaterThanOrEqualTo(-1e-12);
        }
    }

    @Test
    void refusesDegreesOfFreedomBelowTheDimension() {
        assertThatThrownBy(() -> WishartSampler.sample(4, 1.0, 3, new SeededNoiseSource(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}

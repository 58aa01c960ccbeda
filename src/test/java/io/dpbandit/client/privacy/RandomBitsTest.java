package io.dpbandit.client.privacy;

import io.dpbandit.testing.StatisticalBounds;

import io.dpbandit.client.privacy.RandomBits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class RandomBitsTest {

    /** A bit stream that yields the given bits (least significant bit of the word first). */
    private static RandomBits bitsOf(int... bits) {
        long word = 0;
        for (int i = 0; i < bits.length; i++) {
            word |= (long) bits[i] << i;
        }
        long fixed = word;
        return new RandomBits(() -> fixed);
    }

    @Test
    void bernoulliComparesTheUniformDigitsWithTheProbabilitysBinaryExpansion() {
        // p = 0.375 = 0.011₂.
        assertThat(bitsOf(0, 1, 0).bernoulli(0.375)).as("U = 0.010… < p").isTrue();
        assertThat(bitsOf(0, 0).bernoulli(0.375)).as("U = 0.00… < p").isTrue();
        assertThat(bitsOf(1).bernoulli(0.375)).as("U = 0.1… > p").isFalse();
        assertThat(bitsOf(0, 1, 1, 0).bernoulli(0.375)).as("U = 0.011 0… ≥ p").isFalse();
    }

    @Test
    void bernoulliIsExactForProbabilitiesWithShortExpansions() {
        // P(true) for p = k/16 is exactly the fraction of 4-bit prefixes that say true.
        for (int k = 0; k <= 16; k++) {
            double p = k / 16.0;
            int trues = 0;
            for (int prefix = 0; prefix < 16; prefix++) {
                int[] digits = {(prefix >> 3) & 1, (prefix >> 2) & 1, (prefix >> 1) & 1, prefix & 1};
                trues += bitsOf(digits).bernoulli(p) ? 1 : 0;
            }
            assertThat(trues).as("p = %d/16", k).isEqualTo(k);
        }
    }

    @Test
    void bernoulliOfSubnormalProbabilitiesTerminates() {
        RandomBits bits = new RandomBits(new SplittableRandom(1L)::nextLong);
        for (int i = 0; i < 10_000; i++) {
            assertThat(bits.bernoulli(Double.MIN_VALUE)).isFalse();
        }
        assertThat(bitsOf().bernoulli(Double.MIN_VALUE)).as("U = 0 is below every positive p").isTrue();
    }

    @Test
    void bernoulliRejectsNonProbabilities() {
        RandomBits bits = bitsOf();
        assertThatThrownBy(() -> bits.bernoulli(-0.5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> bits.bernoulli(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void geometricCountsHeadsBeforeTheFirstTailAndRespectsItsCap() {
        assertThat(bitsOf(1, 1, 1, 0).geometricHalf(10)).isEqualTo(3);
        assertThat(bitsOf(0).geometricHalf(10)).isZero();
        assertThat(new RandomBits(() -> -1L).geometricHalf(63)).isEqualTo(-1);
    }

    @Tag("statistical")
    @Test
    void uniformLongStaysInRangeAndIsRoughlyFlat() {
        RandomBits bits = new RandomBits(new SplittableRandom(2L)::nextLong);
        int[] counts = new int[5];
        int n = 100_000;
        for (int i = 0; i < n; i++) {
            counts[(int) bits.uniformLong(5)]++;
        }
        // Fixed seed; Hoeffding over 5 bins at 1e-7 gives ±0.0096.
        for (int count : counts) {
            assertThat((double) count / n).isCloseTo(0.2, within(StatisticalBounds.hoeffdingBand(n, 5, 1e-7)));
        }
        assertThat(bits.uniformLong(1)).isZero();
        long big = (1L << 46) + 12345;
        for (int i = 0; i < 1000; i++) {
            assertThat(bits.uniformLong(big)).isBetween(0L, big - 1);
        }
    }
}

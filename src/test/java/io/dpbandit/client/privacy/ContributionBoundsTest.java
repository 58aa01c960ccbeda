package io.dpbandit.client.privacy;

import io.dpbandit.client.privacy.ClippedReward;
import io.dpbandit.client.privacy.ClippedVector;
import io.dpbandit.client.privacy.ContributionBounds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ContributionBoundsTest {

    /** ‖v‖² exactly, in decimal arithmetic (no rounding at all). */
    private static BigDecimal exactSquaredNorm(double[] v) {
        BigDecimal sum = BigDecimal.ZERO;
        for (double x : v) {
            BigDecimal b = new BigDecimal(x);
            sum = sum.add(b.multiply(b));
        }
        return sum;
    }

    private static boolean exactNormAtMost(double[] v, double bound) {
        BigDecimal c = new BigDecimal(bound);
        return exactSquaredNorm(v).compareTo(c.multiply(c)) <= 0;
    }

    @Test
    void rewardsInsideTheBoundPassUnchanged() {
        assertThat(ContributionBounds.clipReward(0.3, 1.0)).isEqualTo(new ClippedReward(0.3, false));
        assertThat(ContributionBounds.clipReward(1.0, 1.0)).isEqualTo(new ClippedReward(1.0, false));
        assertThat(ContributionBounds.clipReward(-1.0, 1.0)).isEqualTo(new ClippedReward(-1.0, false));
    }

    @Test
    void rewardsOutsideTheBoundAreClippedAndFlagged() {
        assertThat(ContributionBounds.clipReward(1.5, 1.0)).isEqualTo(new ClippedReward(1.0, true));
        assertThat(ContributionBounds.clipReward(-7.0, 2.0)).isEqualTo(new ClippedReward(-2.0, true));
        assertThat(ContributionBounds.clipReward(Double.MAX_VALUE, 1.0)).isEqualTo(new ClippedReward(1.0, true));
    }

    @ParameterizedTest
    @ValueSource(doubles = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY})
    void nonFiniteRewardsAreRejectedNotClipped(double reward) {
        assertThatThrownBy(() -> ContributionBounds.clipReward(reward, 1.0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("finite");
    }

    @Test
    void invalidBoundsAreRejected() {
        assertThatThrownBy(() -> ContributionBounds.clipReward(0.0, 0.0)).hasMessageContaining("B");
        assertThatThrownBy(() -> ContributionBounds.clipReward(0.0, Double.NaN)).hasMessageContaining("B");
        assertThatThrownBy(() -> ContributionBounds.clipToNorm(new double[] {1.0}, -1.0)).hasMessageContaining("C");
    }

    @Test
    void vectorsWithinTheNormAreReturnedUnchangedAndUnflagged() {
        double[] v = {0.6, 0.8};
        ClippedVector result = ContributionBounds.clipToNorm(v, 1.0);
        assertThat(result.clipped()).isFalse();
        assertThat(result.scale()).isEqualTo(1.0);
        assertThat(result.value()).containsExactly(0.6, 0.8);
        assertThat(ContributionBounds.clipToNorm(new double[] {1.0, 0.0}, 1.0).clipped()).isFalse();
        assertThat(ContributionBounds.clipToNorm(new double[3], 1.0).clipped()).isFalse();
    }

    @Test
    void longVectorsAreScaledOntoTheBallAndFlagged() {
        ClippedVector result = ContributionBounds.clipToNorm(new double[] {3.0, 4.0}, 1.0);
        assertThat(result.clipped()).isTrue();
        assertThat(result.inputNorm()).isEqualTo(5.0);
        assertThat(result.scale()).isCloseTo(0.2, within(1e-15));
        assertThat(result.value()).containsExactly(new double[] {0.6, 0.8}, within(1e-15));
        assertThat(exactNormAtMost(result.value(), 1.0)).isTrue();
    }

    @Test
    void clippedRandomVectorsNeverExceedTheBoundExactlyAndKeepTheirDirection() {
        SplittableRandom random = new SplittableRandom(20240611L);
        for (int trial = 0; trial < 2_000; trial++) {
            int dimension = 1 + random.nextInt(64);
            double magnitude = Math.pow(10, random.nextDouble(-5, 5));
            double[] v = new double[dimension];
            for (int i = 0; i < dimension; i++) {
                v[i] = magnitude * (2 * random.nextDouble() - 1);
            }
            double bound = Math.pow(10, random.nextDouble(-3, 3));
            ClippedVector result = ContributionBounds.clipToNorm(v, bound);
            double[] out = result.value();
            assertThat(exactNormAtMost(out, bound)).as("trial %d", trial).isTrue();
            if (!exactNormAtMost(v, bound)) {
                assertThat(result.clipped()).as("trial %d: a vector above the bound must be flagged", trial).isTrue();
            }
            if (result.clipped()) {
                assertThat(ContributionBounds.l2Norm(out)).isCloseTo(bound, within(1e-14 * bound));
                for (int i = 0; i < dimension; i++) {
                    assertThat(out[i]).isCloseTo(v[i] * result.scale(), within(1e-15 * Math.abs(v[i] * result.scale()) + 1e-300));
                }
            } else {
                assertThat(out).containsExactly(v);
            }
        }
    }

    @Test
    void adversarialVectorsAreClippedWithoutOverflowOrUnderflow() {
        double max = Double.MAX_VALUE;
        List<double[]> adversarial = new ArrayList<>();
        adversarial.add(new double[] {max, max, max});
        adversarial.add(new double[] {max, -max});
        adversarial.add(new double[] {1e308, 1e-308, Double.MIN_VALUE});
        adversarial.add(new double[] {Double.MIN_VALUE, Double.MIN_VALUE});
        adversarial.add(new double[] {1e200, 1e200, 1e200, 1e200});
        double[] manySmall = new double[4096];
        java.util.Arrays.fill(manySmall, 1e-3);
        manySmall[17] = 1e154;
        adversarial.add(manySmall);
        double[] oneOverC = new double[1000];
        java.util.Arrays.fill(oneOverC, 0.1);
        adversarial.add(oneOverC);

        for (double bound : new double[] {1e-300, 1e-3, 0.78, 1.0, 1e300}) {
            for (double[] v : adversarial) {
                ClippedVector result = ContributionBounds.clipToNorm(v, bound);
                assertThat(Arrays.stream(result.value()).allMatch(Double::isFinite)).isTrue();
                assertThat(exactNormAtMost(result.value(), bound)).as("bound %s", bound).isTrue();
                assertThat(ContributionBounds.l2Norm(result.value())).isLessThanOrEqualTo(bound);
            }
        }
        ClippedVector huge = ContributionBounds.clipToNorm(new double[] {max, max, max}, 1.0);
        assertThat(huge.clipped()).isTrue();
        assertThat(huge.inputNorm()).isInfinite();
        assertThat(huge.value()).containsExactly(new double[] {1 / Math.sqrt(3), 1 / Math.sqrt(3), 1 / Math.sqrt(3)},
                within(1e-15));
    }

    @Test
    void normIsAccurateWithoutOverflowOrUnderflow() {
        assertThat(ContributionBounds.l2Norm(new double[] {3e300, 4e300})).isCloseTo(5e300, within(5e285));
        assertThat(ContributionBounds.l2Norm(new double[] {3e-310, 4e-310})).isCloseTo(5e-310, within(1e-323));
        assertThat(ContributionBounds.l2Norm(new double[0])).isZero();
    }

    @ParameterizedTest
    @ValueSource(doubles = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY})
    void vectorsWithNonFiniteEntriesAreRejected(double bad) {
        assertThatThrownBy(() -> ContributionBounds.clipToNorm(new double[] {1.0, bad, 2.0}, 1.0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("vector[1]");
    }

    @Test
    void clippingDoesNotModifyTheInput() {
        double[] v = {3.0, 4.0};
        ContributionBounds.clipToNorm(v, 1.0);
        assertThat(v).containsExactly(3.0, 4.0);
    }
}

package io.dpbandit.client.privacy;

import io.dpbandit.client.privacy.PowerOfTwoGrid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PowerOfTwoGridTest {

    @Test
    void ceilPowerOfTwoIsTheSmallestPowerOfTwoNotBelowItsArgument() {
        assertThat(PowerOfTwoGrid.ceilPowerOfTwo(1.0)).isEqualTo(1.0);
        assertThat(PowerOfTwoGrid.ceilPowerOfTwo(1.0000001)).isEqualTo(2.0);
        assertThat(PowerOfTwoGrid.ceilPowerOfTwo(0.3)).isEqualTo(0.5);
        assertThat(PowerOfTwoGrid.ceilPowerOfTwo(0x1.0p-40)).isEqualTo(0x1.0p-40);
        assertThat(PowerOfTwoGrid.ceilPowerOfTwo(Math.nextUp(0x1.0p-40))).isEqualTo(0x1.0p-39);
        assertThatThrownBy(() -> PowerOfTwoGrid.ceilPowerOfTwo(0.0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PowerOfTwoGrid.ceilPowerOfTwo(Double.MIN_VALUE))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void roundingLandsOnTheNearestMultiple() {
        double g = 0x1.0p-3; // 0.125
        assertThat(PowerOfTwoGrid.roundToMultiple(0.3, g)).isEqualTo(0.25);
        assertThat(PowerOfTwoGrid.roundToMultiple(-0.3, g)).isEqualTo(-0.25);
        assertThat(PowerOfTwoGrid.roundToMultiple(0.0625, g)).as("ties to even").isEqualTo(0.0);
        assertThat(PowerOfTwoGrid.roundToMultiple(1e300, g)).isEqualTo(1e300);
        assertThat(PowerOfTwoGrid.isMultipleOf(0.375, g)).isTrue();
        assertThat(PowerOfTwoGrid.isMultipleOf(0.3, g)).isFalse();
    }

    @Test
    void roundingMovesAValueByAtMostHalfAStep() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(3L);
        for (int i = 0; i < 10_000; i++) {
            double g = Math.scalb(1.0, random.nextInt(-60, 20));
            double x = (random.nextDouble() - 0.5) * Math.scalb(1.0, random.nextInt(-70, 70));
            double rounded = PowerOfTwoGrid.roundToMultiple(x, g);
            assertThat(Math.abs(rounded - x)).isLessThanOrEqualTo(g / 2);
            assertThat(PowerOfTwoGrid.isMultipleOf(rounded, g)).isTrue();
        }
    }

    @Test
    void invalidGridsAndValuesAreRejected() {
        assertThatThrownBy(() -> PowerOfTwoGrid.roundToMultiple(1.0, 0.3)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PowerOfTwoGrid.roundToMultiple(Double.NaN, 0.5))
                .isInstanceOf(IllegalArgumentException.class);
    }
}

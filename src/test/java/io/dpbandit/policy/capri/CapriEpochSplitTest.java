package io.dpbandit.policy.capri;

import io.dpbandit.client.privacy.PrivacyCost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CapriEpochSplitTest {

    private static final PrivacyCost TOTAL = new PrivacyCost(1.0, 1e-5);

    @Test
    void scheduleStartsAtCeilSqrtDoublesAndCoversTheHorizonExactly() {
        for (long horizon : new long[] {3, 10, 99, 100, 101, 10_000, 123_457, 1_000_000}) {
            CapriEpochSplit split = CapriEpochSplit.of(horizon, TOTAL);
            long first = split.epochs().get(0).length();
            assertThat(first * first).isGreaterThanOrEqualTo(horizon);
            assertThat((first - 1) * (first - 1)).isLessThan(horizon);
            long covered = 0;
            for (int i = 0; i < split.epochs().size(); i++) {
                CapriEpochSplit.Epoch epoch = split.epochs().get(i);
                assertThat(epoch.index()).isEqualTo(i + 1);
                assertThat(epoch.length()).isEqualTo(first << i);
                covered += epoch.rounds();
            }
            assertThat(covered).isEqualTo(horizon);
        }
    }

    @Test
    void anEpochThatReachesTheHorizonExactlyStillReleases() {
        // T = 300: T1 = 18, epochs 18, 36, 72, 144 (sum 270), then 288 cut to 30.
        CapriEpochSplit split = CapriEpochSplit.of(270 + 30, TOTAL);
        assertThat(split.releases()).isEqualTo(4);
        // T = 9: T1 = 3, epochs 3 and 6 both complete.
        assertThat(CapriEpochSplit.of(9, TOTAL).releases()).isEqualTo(2);
    }

    @Test
    void ceilSqrtIsExactAtPerfectSquaresAndTheirNeighbours() {
        for (long r = 1; r < 3_000_000_000L; r = r * 3 + 1) {
            long square = r * r;
            assertThat(CapriEpochSplit.ceilSqrt(square)).isEqualTo(r);
            assertThat(CapriEpochSplit.ceilSqrt(square + 1)).isEqualTo(r + 1);
            assertThat(CapriEpochSplit.ceilSqrt(square - 1)).isEqualTo(square - 1 <= (r - 1) * (r - 1) ? r - 1 : r);
        }
    }

    @Test
    void horizonsTooShortForTheSplitAreRefused() {
        assertThatThrownBy(() -> CapriEpochSplit.of(1, TOTAL)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CapriEpochSplit.of(2, TOTAL))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("overspend");
    }
}

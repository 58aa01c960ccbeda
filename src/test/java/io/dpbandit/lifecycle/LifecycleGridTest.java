package io.dpbandit.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The lifecycle's public clock: multiples of the check interval since the Unix epoch. */
class LifecycleGridTest {

    final LifecycleGrid grid = new LifecycleGrid(500);

    @Test
    void aRoundWorksAtTheLatestGridInstantAndWaitsForTheNext() {
        Instant now = Instant.parse("2026-11-28T10:00:01.734123Z");
        assertThat(grid.tick(now)).isEqualTo(Instant.parse("2026-11-28T10:00:01.500Z"));
        assertThat(grid.next(now)).isEqualTo(Instant.parse("2026-11-28T10:00:02Z"));
        assertThat(grid.millisToNext(now)).isEqualTo(266);
        assertThat(grid.onGrid(grid.tick(now))).isTrue();
        assertThat(grid.onGrid(now)).isFalse();
        assertThat(grid.onGrid(Instant.parse("2026-11-28T10:00:01.500000001Z"))).isFalse();
    }

    @Test
    void anInstantOnTheGridIsItsOwnTickAndTheNextIsAWholeIntervalAway() {
        Instant at = Instant.parse("2026-11-28T10:00:02Z");
        assertThat(grid.tick(at)).isEqualTo(at);
        assertThat(grid.millisToNext(at)).isEqualTo(500);
        assertThat(grid.tick(Instant.ofEpochMilli(-1))).isEqualTo(Instant.ofEpochMilli(-500));
    }

    @Test
    void theIntervalIsPositive() {
        assertThatThrownBy(() -> new LifecycleGrid(0)).isInstanceOf(IllegalArgumentException.class);
    }
}

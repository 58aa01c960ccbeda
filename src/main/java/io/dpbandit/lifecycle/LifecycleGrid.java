package io.dpbandit.lifecycle;

import java.time.Instant;

/**
 * The public clock of the lifecycle: the instants that are whole multiples of the check interval
 * since the Unix epoch, on the database's clock. The worker steps on them, whatever it found at the
 * last one: each round takes the latest of them as its cutoff, and what the round folds, seals and
 * closes, and the times it writes where an analyst reads them (an epoch's plannedAt, sealedAt and
 * closedAt, the next epoch's openedAt, the ledger entry's createdAt), are that instant. So those
 * times are a function of public facts (the rounds' decision times and windows, and the grid)
 * rather than of when the worker happened to get there, which depended on what it had found
 * before: a step that only defaulted a silent round used to count as work and skip the worker's
 * sleep, so the seal and close that followed came earlier when a user had not answered.
 *
 * @param intervalMs the grid's spacing ({@code dpbandit.lifecycle.check-interval-ms})
 */
public record LifecycleGrid(long intervalMs) {

    public LifecycleGrid {
        if (intervalMs < 1) {
            throw new IllegalArgumentException("the grid's interval must be at least 1 ms, got " + intervalMs);
        }
    }

    /** The latest grid instant at or before {@code now}: the cutoff of a round that starts at {@code now}. */
    public Instant tick(Instant now) {
        return Instant.ofEpochMilli(Math.floorDiv(now.toEpochMilli(), intervalMs) * intervalMs);
    }

    /** The first grid instant after {@code now}. */
    public Instant next(Instant now) {
        return tick(now).plusMillis(intervalMs);
    }

    /** Milliseconds from {@code now} to the next grid instant (1 to the interval). */
    public long millisToNext(Instant now) {
        long ms = next(now).toEpochMilli() - now.toEpochMilli();
        return Math.max(1, ms);
    }

    /** Whether {@code at} is a grid instant. */
    public boolean onGrid(Instant at) {
        return at.getNano() % 1_000_000 == 0 && Math.floorMod(at.toEpochMilli(), intervalMs) == 0;
    }
}

package io.dpbandit.lifecycle;

import java.time.Instant;

/**
 * Background work that runs once per round of the lifecycle worker, at the round's grid instant, on
 * every instance (its own locks keep instances apart): the rollouts' evaluation releases.
 */
public interface RoundWork {

    /** Everything due at the grid instant {@code cutoff}. */
    void run(Instant cutoff);

    /** One bandit's work due at {@code now} (tests and tools, with {@link LifecycleWorker#settle}). */
    void settle(String banditId, Instant now);
}

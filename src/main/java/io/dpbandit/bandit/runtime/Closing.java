package io.dpbandit.bandit.runtime;

import io.dpbandit.bandit.store.LifecycleStore;

/**
 * How far an epoch's close has come, for the bandit's status ({@code current.work} and
 * {@code current.progress} of GET /bandits/{id}). Once every learning slot is handed out the epoch
 * takes no new rounds, and what is left is its close: folding the settled rounds still in the
 * backlog (under load, most of the time from the last reward to the next epoch), then the release.
 * Planning reports its own progress ({@code PLANNING:<stage>}).
 */
final class Closing {

    /** Folding the rounds of a full epoch; progress: the fraction of its rounds folded. */
    static final String FOLDING = "CLOSING:FOLDING";
    /** Noise, release and ledger charge of a sealed, fully folded epoch. */
    static final String RELEASING = "CLOSING:RELEASING";

    private Closing() {
    }

    /** After a fold of a full epoch: the fraction of its rounds folded so far. */
    static void folded(Lifecycle lc, LifecycleStore.OpenEpoch epoch, int foldedNow) {
        if (epoch.length() > 0 && epoch.assigned() >= epoch.length()) {
            lc.store.progress(epoch.banditId(), epoch.number(), FOLDING,
                    Math.min(1.0, (double) foldedNow / epoch.length()));
        }
    }

    /** Before the release: cleared by the close itself, in the same transaction that closes the epoch. */
    static void releasing(Lifecycle lc, LifecycleStore.OpenEpoch epoch) {
        lc.store.progress(epoch.banditId(), epoch.number(), RELEASING, null);
    }
}

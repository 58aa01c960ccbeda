package io.dpbandit.bandit.runtime;

import io.dpbandit.bandit.EpochStatus;
import io.dpbandit.bandit.store.LifecycleStore;

/**
 * Sealing an epoch: once every learning slot is handed out and no round is still waiting for its
 * reward, the epoch becomes SEALED and its data can no longer change. The check runs with the
 * epoch's row and its slot counters locked: a decide holds the counter it took a slot from until
 * it commits, so the count of pending rounds read afterwards includes its round; and no new pending
 * round can appear while the counters are locked (a learning round needs a slot).
 */
final class Sealing {

    private Sealing() {
    }

    static boolean seal(Lifecycle lc, LifecycleStore.OpenEpoch epoch) {
        if (epoch.assigned() < epoch.length()) {
            return false;
        }
        String id = epoch.banditId();
        int r = epoch.number();
        if (lc.decisions.pending(id, r) > 0) {
            return false;
        }
        return Boolean.TRUE.equals(lc.tx.execute(s -> {
            if (lc.store.lockEpoch(id, r).orElse(null) != EpochStatus.OPEN) {
                return false;
            }
            lc.store.lockSlots(id, r);
            if (lc.decisions.pending(id, r) > 0) {
                return false;
            }
            return lc.store.seal(id, r);
        }));
    }

    /**
     * What every runtime's step does once nothing is left to fold: seal an open epoch, and finish
     * a sealed one whose rounds are all folded (CAPRI: release and close; USCA: the estimator;
     * linear: serve from the last model).
     */
    static BanditRuntime.Step sealOrFinish(Lifecycle lc, LifecycleStore.OpenEpoch epoch,
            java.util.function.Supplier<BanditRuntime.Step> finish) {
        if (epoch.status() == EpochStatus.OPEN) {
            return seal(lc, epoch) ? BanditRuntime.Step.SEALED : BanditRuntime.Step.NONE;
        }
        if (epoch.status() == EpochStatus.SEALED && epoch.folded() == epoch.assigned()) {
            return finish.get();
        }
        return BanditRuntime.Step.NONE;
    }
}

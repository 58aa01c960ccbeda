package io.dpbandit.decision;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.dpbandit.store.DecisionLookups;
import java.util.Optional;
import java.util.UUID;

/**
 * The owners of the decisions this instance made lately, so that their feedback needs no read of the
 * decision's row before its write. What a feedback's checks need of its decision before the write is
 * its bandit (the key's scope, the spec's reward bound), its epoch and whether it is a learning round:
 * none of them ever changes once the decision is stored (bandits are never deleted and their specs
 * never change). What can change, whether the bandit still serves, the write reads itself in the
 * statement that locks the row (a retired bandit's feedback stores nothing). Locally private
 * bandits' decisions are not kept: their feedback checks a report only for a round still pending,
 * which only the row says. A decision not found here (made by another instance, before a restart, or
 * pushed out by newer ones) is read from the database as before, so this only saves a statement.
 */
final class RecentDecisions {

    /**
     * At about 130 bytes an entry, some 8.5 MB of heap: half a minute to a minute of decisions at what
     * one instance serves on two cores (docs/operations.md, "Capacity"); feedback that comes later
     * takes the read.
     */
    static final int CAPACITY = 65_536;

    private final Cache<UUID, DecisionLookups.Owner> owners = Caffeine.newBuilder().maximumSize(CAPACITY).build();

    /** A decision this instance stored (a bandit that is not locally private), as its feedback will need it. */
    void remember(UUID decisionId, String banditId, int epoch, boolean learning) {
        owners.put(decisionId, DecisionLookups.Owner.remembered(banditId, epoch, learning));
    }

    /** The owner of a decision this instance made lately; its serving state is left to the write. */
    Optional<DecisionLookups.Owner> owner(UUID decisionId) {
        return Optional.ofNullable(owners.getIfPresent(decisionId));
    }
}

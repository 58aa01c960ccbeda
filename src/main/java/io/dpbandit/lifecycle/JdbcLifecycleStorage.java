package io.dpbandit.lifecycle;

import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.bandit.EpochStatus;
import io.dpbandit.ledger.LedgerCharges;
import io.dpbandit.runtime.Accumulator;
import io.dpbandit.runtime.EpochProcess;
import io.dpbandit.runtime.OpenEpoch;
import io.dpbandit.runtime.Round;
import io.dpbandit.store.BanditStateStore;
import io.dpbandit.store.DecisionRetention;
import io.dpbandit.store.LifecycleRounds;
import io.dpbandit.store.EpochStore;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The lifecycle's storage on PostgreSQL: the fold and close transactions, each written once, with
 * their compare-and-sets. Lock order everywhere: an epoch's row, then its slot counters, then
 * decision rows (a decide locks a slot counter and inserts its own row; feedback locks only its
 * decision's row), so no cycle can form.
 */
@Component
public class JdbcLifecycleStorage implements LifecycleStorage {

    private static final Logger log = LoggerFactory.getLogger(JdbcLifecycleStorage.class);

    private final EpochStore epochs;
    private final LifecycleRounds decisions;
    private final DecisionRetention retention;
    private final BanditStateStore states;
    private final LedgerCharges ledger;
    private final TransactionTemplate tx;
    private final LifecycleProperties properties;

    public JdbcLifecycleStorage(EpochStore epochs, LifecycleRounds decisions, DecisionRetention retention,
            BanditStateStore states, LedgerCharges ledger, TransactionTemplate tx, LifecycleProperties properties) {
        this.epochs = epochs;
        this.decisions = decisions;
        this.retention = retention;
        this.states = states;
        this.ledger = ledger;
        this.tx = tx;
        this.properties = properties;
    }

    @Override
    public Instant clock() {
        return decisions.clock();
    }

    @Override
    public int defaultWaitedOut(String bandit, int epoch, double defaultReward, Instant cutoff) {
        return decisions.defaultWaitedOut(bandit, epoch, defaultReward, cutoff);
    }

    @Override
    public Optional<byte[]> plan(String bandit, int epoch) {
        return epochs.plan(bandit, epoch);
    }

    @Override
    public boolean storePlan(String bandit, int epoch, byte[] plan, Instant at) {
        return epochs.storePlan(bandit, epoch, plan, at);
    }

    @Override
    public void progress(String bandit, int epoch, String stage, Double progress) {
        epochs.progress(bandit, epoch, stage, progress);
    }

    @Override
    public Accumulator accumulator(String bandit, int epoch) {
        return epochs.accumulator(bandit, epoch);
    }

    @Override
    public List<Round> roundsToFold(String bandit, int epoch, EpochProcess.FoldOrder order, int limit,
            Instant cutoff) {
        return order == EpochProcess.FoldOrder.DECISION
                ? decisions.settledInDecisionOrder(bandit, epoch, limit, cutoff)
                : decisions.unfolded(bandit, epoch, limit, cutoff);
    }

    @Override
    public boolean commitFold(String bandit, int epoch, int expectedFolded, List<UUID> rounds,
            EpochProcess.Folded folded) {
        return Boolean.TRUE.equals(tx.execute(s -> {
            if (!epochs.storeAccumulator(bandit, epoch, expectedFolded, rounds.size(), folded.accumulator())
                    || folded.policyState() != null
                    && !states.storePolicyState(bandit, folded.expectedVersion(), folded.policyState())
                    // Rounds read before another writer's fold committed, the accumulator after it:
                    // the count matches, but these rounds are in the sum already.
                    || decisions.markFolded(rounds) != rounds.size()) {
                s.setRollbackOnly();
                return false;
            }
            return true;
        }));
    }

    @Override
    public List<Round> roundsToFold(String bandit, int epoch, FoldShard shard, int limit,
            Instant cutoff) {
        return decisions.unfolded(bandit, epoch, shard.index(), shard.count(), limit, cutoff);
    }

    @Override
    public Accumulator shardAccumulator(String bandit, int epoch, int shard) {
        return epochs.shardAccumulator(bandit, epoch, shard);
    }

    @Override
    public int commitShardFold(String bandit, int epoch, int shard, int expectedFolded, List<UUID> rounds,
            byte[] accumulator) {
        Integer total = tx.execute(s -> {
            // The epoch's row first (the lock order of every lifecycle transaction), then the shard's.
            Optional<Integer> folded = epochs.countFolded(bandit, epoch, rounds.size());
            if (folded.isEmpty()
                    || !epochs.storeShardAccumulator(bandit, epoch, shard, expectedFolded, rounds.size(), accumulator)
                    // Rounds read before another writer's fold of them committed: already in a sum.
                    || decisions.markFolded(rounds) != rounds.size()) {
                s.setRollbackOnly();
                return -1;
            }
            pause(properties.foldCommitDelayMs());
            return folded.get();
        });
        return total == null ? -1 : total;
    }

    @Override
    public Accumulator sealedAccumulator(String bandit, int epoch) {
        return epochs.sealedAccumulator(bandit, epoch);
    }

    @Override
    public boolean seal(String bandit, int epoch, Instant cutoff) {
        return Boolean.TRUE.equals(tx.execute(s -> {
            if (epochs.lockEpoch(bandit, epoch).orElse(null) != EpochStatus.OPEN) {
                return false;
            }
            epochs.lockSlots(bandit, epoch);
            if (decisions.waiting(bandit, epoch, cutoff) > 0) {
                return false;
            }
            return epochs.seal(bandit, epoch, cutoff);
        }));
    }

    @Override
    public boolean commitClose(String bandit, int epoch, int folded, EpochProcess.EpochRelease release, Instant at) {
        long[] times = new long[5];
        times[0] = System.nanoTime();
        boolean closed = Boolean.TRUE.equals(tx.execute(s -> {
            if (epochs.lockEpoch(bandit, epoch).orElse(null) != EpochStatus.SEALED) {
                return false;
            }
            times[1] = System.nanoTime();
            EpochProcess.Charge charge = release.charge();
            if (charge != null) {
                ledger.charge(bandit, charge, at);
            }
            times[2] = System.nanoTime();
            if (!epochs.close(bandit, epoch, release.model(), at)) {
                s.setRollbackOnly();
                return false;
            }
            times[3] = System.nanoTime();
            pause(properties.closeCommitDelayMs());
            boolean next = release.nextEpochLength() != null;
            if (next) {
                epochs.insertEpoch(bandit, epoch + 1, release.nextEpochLength(), at);
            }
            if (!states.advance(bandit, epoch, next ? epoch + 1 : epoch, release.phase(), folded)) {
                throw new IllegalStateException("bandit " + ServiceErrors.quote(bandit) + " moved away from epoch " + epoch
                        + " during its close");
            }
            if (release.estimator() != null) {
                states.storeEstimator(bandit, release.estimator());
            }
            times[4] = System.nanoTime();
            return true;
        }));
        if (closed && log.isDebugEnabled()) {
            long end = System.nanoTime();
            log.debug("Close transaction of epoch {} of bandit '{}': lock {} ms, ledger {} ms, close {} ms, next epoch "
                    + "{} ms, commit {} ms", epoch, bandit, (times[1] - times[0]) / 1_000_000, (times[2] - times[1]) / 1_000_000,
                    (times[3] - times[2]) / 1_000_000, (times[4] - times[3]) / 1_000_000, (end - times[4]) / 1_000_000);
        }
        return closed;
    }

    @Override
    public boolean abandon(String bandit, int epoch, Instant at, EpochProcess.Folded policyState) {
        return Boolean.TRUE.equals(tx.execute(s -> {
            // The lock order of every lifecycle transaction: the epoch's row, its slot counters, decision
            // rows, then the bandit's.
            if (epochs.lockEpoch(bandit, epoch).orElse(null) != EpochStatus.OPEN) {
                return false;
            }
            epochs.lockSlots(bandit, epoch);
            if (!epochs.abandon(bandit, epoch, at)) {
                s.setRollbackOnly();
                return false;
            }
            decisions.dropUnfolded(bandit, epoch);
            if (policyState != null && policyState.policyState() != null
                    && !states.storePolicyState(bandit, policyState.expectedVersion(), policyState.policyState())) {
                s.setRollbackOnly();
                return false;
            }
            return true;
        }));
    }

    /** Crash tests widen a transaction's commit window (the fault-injection settings; 0 in production). */
    private static void pause(long ms) {
        if (ms > 0) {
            try {
                Thread.sleep(ms);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted inside a lifecycle transaction", e);
            }
        }
    }

    @Override
    public int forgetRawData(int retentionSeconds, int limit) {
        return retention.forgetRawData(retentionSeconds, limit);
    }

    @Override
    public int forgetReplayData(long windowSeconds, int limit) {
        return retention.forgetReplayData(windowSeconds, limit);
    }

    @Override
    public List<OpenEpoch> openEpochs() {
        return epochs.openEpochs();
    }

    @Override
    public Optional<OpenEpoch> epoch(String bandit, int number) {
        return epochs.epoch(bandit, number);
    }
}

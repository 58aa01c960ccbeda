package io.dpbandit.lifecycle;

import io.dpbandit.runtime.Accumulator;
import io.dpbandit.runtime.EpochProcess;
import io.dpbandit.runtime.OpenEpoch;
import io.dpbandit.runtime.Round;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * What the lifecycle engine needs from storage, as the engine sees it: reads, and the writes it
 * makes, each an atomic compare-and-set ({@link JdbcLifecycleStorage} on PostgreSQL; an in-memory
 * version in the engine's tests). Every write that counts is conditional on the state the engine
 * read, so a stale writer (an instance that lost its leadership mid-step) changes nothing.
 */
public interface LifecycleStorage {

    /** The clock every feedback window is measured on (the database's). */
    Instant clock();

    /**
     * Learning rounds of the epoch still pending whose window had passed at {@code cutoff} count
     * with the default reward; how many (an operational figure: it never decides what folds).
     */
    int defaultWaitedOut(String bandit, int epoch, double defaultReward, Instant cutoff);

    Optional<byte[]> plan(String bandit, int epoch);

    /** Stores the epoch's plan if it has none yet, planned at {@code at} (the step's grid instant). */
    boolean storePlan(String bandit, int epoch, byte[] plan, Instant at);

    /** Progress of background work on the epoch (never written on a closed epoch). */
    void progress(String bandit, int epoch, String stage, Double progress);

    Accumulator accumulator(String bandit, int epoch);

    /**
     * Up to {@code limit} rounds to fold next, in the process's order: unfolded learning rounds whose
     * feedback window had passed at {@code cutoff} (in decision order: up to the first whose window
     * had not).
     */
    List<Round> roundsToFold(String bandit, int epoch, EpochProcess.FoldOrder order, int limit,
            Instant cutoff);

    /**
     * One transaction: the accumulator replaced at {@code expectedFolded} (plus {@code rounds.size()}),
     * the policy state replaced at its expected version when the fold has one, and the rounds marked
     * folded, each of which must not be folded yet; nothing if any compare-and-set fails.
     */
    boolean commitFold(String bandit, int epoch, int expectedFolded, List<UUID> rounds, EpochProcess.Folded folded);

    /**
     * Up to {@code limit} rounds of one fold shard to fold next, in slot order: as
     * {@link #roundsToFold} in SETTLED order, of the rounds whose slot s has (s − 1) mod
     * {@code shard.count()} = {@code shard.index()}.
     */
    List<Round> roundsToFold(String bandit, int epoch, FoldShard shard, int limit, Instant cutoff);

    /** One fold shard's partial sum of the epoch and how many rounds it holds (none: null bytes, 0). */
    Accumulator shardAccumulator(String bandit, int epoch, int shard);

    /**
     * One transaction: the epoch's count of folded rounds raised by {@code rounds.size()} (it must
     * not be closed), the shard's partial sum replaced at {@code expectedFolded}, and the rounds
     * marked folded, each of which must not be folded yet; nothing if any of it fails. Returns the
     * epoch's new count of folded rounds, or −1.
     */
    int commitShardFold(String bandit, int epoch, int shard, int expectedFolded, List<UUID> rounds,
            byte[] accumulator);

    /**
     * What the close releases from: the epoch's accumulator plus every fold shard's partial sum, with
     * the epoch's count of folded rounds, read at one instant.
     */
    Accumulator sealedAccumulator(String bandit, int epoch);

    /**
     * OPEN → SEALED, once every slot is handed out and every learning round's feedback window had
     * passed at {@code cutoff}, checked with the epoch and its slot counters locked (so no decide is
     * between taking a slot and committing), sealed at {@code cutoff}. Feedback never makes an epoch
     * seal sooner.
     */
    boolean seal(String bandit, int epoch, Instant cutoff);

    /**
     * One transaction: the epoch closed (it must be SEALED with every round folded), the charge (if
     * any) on the ledger within the budget, the model stored, the next epoch opened if one follows,
     * the bandit moved on from this epoch with its rounds, the estimator stored; nothing if the
     * epoch was closed by someone else first. The close, the ledger entry and the next epoch's
     * opening are dated {@code at} (the step's grid instant).
     */
    boolean commitClose(String bandit, int epoch, int folded, EpochProcess.EpochRelease release, Instant at);

    /**
     * One transaction: an OPEN epoch of a retired bandit that can never fill (a slot left) becomes
     * ABANDONED, dated {@code at}: no slot can be taken any more, its accumulator and fold shards'
     * partial sums are deleted, its rounds not folded are done (retention forgets them), and, for a
     * model whose state holds exact sums ({@code policyState} not null), the state without them is
     * stored at its expected version; nothing if any of it fails (another writer was first, or every
     * slot was handed out: then it seals and closes as usual).
     */
    boolean abandon(String bandit, int epoch, Instant at, EpochProcess.Folded policyState);

    /** Raw data of rounds folded at least {@code retentionSeconds} ago is deleted; how many rounds. */
    int forgetRawData(int retentionSeconds, int limit);

    /** RequestIds and keyed digests of decisions older than the replay window are deleted; how many. */
    int forgetReplayData(long windowSeconds, int limit);

    List<OpenEpoch> openEpochs();

    Optional<OpenEpoch> epoch(String bandit, int number);
}

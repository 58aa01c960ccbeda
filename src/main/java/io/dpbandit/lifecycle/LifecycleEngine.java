package io.dpbandit.lifecycle;

import io.dpbandit.bandit.BanditMetrics;
import io.dpbandit.bandit.EpochStatus;
import io.dpbandit.runtime.Accumulator;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.runtime.EpochProcess;
import io.dpbandit.runtime.OpenEpoch;
import io.dpbandit.runtime.Round;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import io.dpbandit.codec.BinaryCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one epoch lifecycle, for every algorithm: defaults → plan → fold → seal → close. An algorithm
 * supplies only what differs ({@link EpochProcess}: how its epoch is planned, how rounds fold,
 * how a sealed epoch releases); the skeleton, the transactions with their compare-and-sets
 * ({@link LifecycleStorage}), the progress an epoch shows and the metrics are here, once.
 *
 * <p>One bounded step per call ({@link #advance}): the worker interleaves bandits. Every result
 * that counts is committed with a compare-and-set, so a step repeated after a crash, or made at the
 * same time by an instance that lost its leadership, changes nothing twice: a plan is stored once,
 * a batch of rounds folds once, an epoch closes once.
 *
 * <p>Working memory is typed per epoch ({@link EpochProcess#memoryType()}), held here on the bandit's
 * leader and dropped when the epoch closes or the leadership is lost; it never reaches the request path.
 *
 * <p>A fold that is a sum ({@link EpochProcess#foldIsSum()}) is split over the fold pool: the batch
 * in contiguous parts, each summed from zero on its own thread, the parts' sums added to the stored
 * accumulator in part order. The result is deterministic for a given pool size and equal to the
 * sequential fold up to the order of floating-point additions (bounded in
 * {@code ParallelFoldTest}).
 *
 * <p>Such a fold is also split across instances: with {@code foldShards} &gt; 1 the epoch's rounds
 * fall into that many fold shards ({@link FoldShard}), each with its own partial sum and
 * compare-and-set. Whoever holds a shard's lock ({@link FoldShardLocks}) folds a batch of it: the
 * bandit's leader in {@link #advance}, any other instance in {@link #help}. The close adds the
 * partial sums to the epoch's accumulator ({@link LifecycleStorage#sealedAccumulator}); sealing and
 * closing stay with the leader.
 */
public class LifecycleEngine {

    private static final Logger log = LoggerFactory.getLogger(LifecycleEngine.class);

    /** Once every learning slot is handed out: folding the rounds still in the backlog, with the fraction folded. */
    static final String FOLDING = "CLOSING:FOLDING";
    /** Noise, release and ledger charge of a sealed, fully folded epoch (cleared by the close). */
    static final String RELEASING = "CLOSING:RELEASING";

    private final LifecycleStorage storage;
    private final BanditMetrics metrics;
    private final long stepBudgetNanos;
    private final ExecutorService foldPool;
    private final int foldThreads;
    private final Map<String, Memory> memory = new ConcurrentHashMap<>();
    private final int foldShards;
    private final FoldShardLocks shardLocks;

    /** A part of a split fold has at least this many rounds (fewer are not worth a thread). */
    static final int MIN_FOLD_PART = 32;
    private static final Accumulator EMPTY = new Accumulator(null, 0);

    /** One bandit's working memory: for which epoch, and the process's typed object. */
    private record Memory(int epoch, Object work) {
    }

    /** An engine that folds on the calling thread only. */
    public LifecycleEngine(LifecycleStorage storage, BanditMetrics metrics, long stepBudgetMs) {
        this(storage, metrics, stepBudgetMs, null, 1);
    }

    /**
     * An engine that splits folds that are sums over {@code foldThreads} threads of {@code foldPool}
     * (null or 1 thread: on the calling thread).
     */
    public LifecycleEngine(LifecycleStorage storage, BanditMetrics metrics, long stepBudgetMs,
            ExecutorService foldPool, int foldThreads) {
        this(storage, metrics, stepBudgetMs, foldPool, foldThreads, 1, FoldShardLocks.NONE);
    }

    /**
     * An engine that also splits folds that are sums into {@code foldShards} fold shards (1: none),
     * each folded by the instance holding its lock in {@code shardLocks}.
     */
    public LifecycleEngine(LifecycleStorage storage, BanditMetrics metrics, long stepBudgetMs,
            ExecutorService foldPool, int foldThreads, int foldShards, FoldShardLocks shardLocks) {
        this.storage = storage;
        this.metrics = metrics;
        this.stepBudgetNanos = stepBudgetMs * 1_000_000L;
        this.foldPool = foldPool;
        this.foldThreads = foldPool == null ? 1 : Math.max(1, foldThreads);
        this.foldShards = Math.max(1, foldShards);
        this.shardLocks = shardLocks;
    }

    /** Whether the process's folds go through fold shards here: sums in any order, more than one shard. */
    boolean sharded(EpochProcess<?> process) {
        return foldShards > 1 && process.foldIsSum() && process.foldOrder() == EpochProcess.FoldOrder.SETTLED
                && process.foldUnit() == 1;
    }

    public LifecycleStorage storage() {
        return storage;
    }

    /**
     * One bounded step of a bandit's work on its current epoch, through the runtime's process. With
     * {@code mayPlan} false an epoch that still needs its plan is left alone (NEEDS_PLANNING), so the
     * worker can do every bandit's short work (defaults, folds, seals, closes) before it spends a
     * planning step on anyone.
     */
    public Step advance(BanditRuntime runtime, OpenEpoch epoch, boolean mayPlan) {
        return advance(runtime, epoch, mayPlan, storage.clock());
    }

    /**
     * As {@link #advance(BanditRuntime, OpenEpoch, boolean)}, at {@code cutoff}: the
     * worker's grid instant ({@link LifecycleGrid}), at most the database's clock. What the step
     * folds and whether the epoch seals are functions of the rounds' windows and this instant, and
     * the plan, seal and close it commits are dated by it.
     */
    public Step advance(BanditRuntime runtime, OpenEpoch epoch, boolean mayPlan, Instant cutoff) {
        return advance(runtime.process(), runtime.spec().feedback().defaultReward(), epoch, mayPlan, cutoff);
    }

    <W> Step advance(EpochProcess<W> process, double defaultReward, OpenEpoch epoch, boolean mayPlan) {
        return advance(process, defaultReward, epoch, mayPlan, storage.clock());
    }

    <W> Step advance(EpochProcess<W> process, double defaultReward, OpenEpoch epoch, boolean mayPlan,
            Instant cutoff) {
        String id = epoch.banditId();
        int r = epoch.number();
        if (epoch.abandoned()) {
            return abandon(process, epoch, cutoff);
        }
        // One cutoff for the whole step: what folds and whether the epoch seals are functions of the
        // rounds' decision times and this instant only. Defaulting the pending rounds whose window
        // has passed is bookkeeping for operators (their state); it decides nothing below, and it is
        // not a step of its own: a step that only defaulted reports NONE, so nothing that follows from
        // a step's outcome (the worker's schedule, the step counts in the metrics) tells whether a
        // user answered.
        if (epoch.status() == EpochStatus.OPEN) {
            storage.defaultWaitedOut(id, r, defaultReward, cutoff);
        }
        W work = memory(process, epoch);
        var planning = process.planning();
        if (planning.isPresent() && !epoch.planned()) {
            return mayPlan ? plan(planning.get(), work, epoch, cutoff) : Step.NEEDS_PLANNING;
        }
        boolean elsewhere = false;
        if (sharded(process)) {
            Step folded = foldShard(process, work, epoch, cutoff, true);
            if (folded == Step.FOLDED || folded == Step.NONE) {
                return folded;
            }
            elsewhere = folded == Step.FOLDING_ELSEWHERE;
        } else {
            int unit = process.foldUnit();
            List<Round> rounds = wholeUnits(epoch, unit,
                    storage.roundsToFold(id, r, process.foldOrder(), Math.max(process.foldBatch(), unit), cutoff));
            if (!rounds.isEmpty()) {
                return fold(process, work, epoch, rounds) ? Step.FOLDED : Step.NONE;
            }
        }
        if (epoch.status() == EpochStatus.OPEN && epoch.assigned() >= epoch.length()
                && storage.seal(id, r, cutoff)) {
            return Step.SEALED;
        }
        if (epoch.status() == EpochStatus.SEALED && epoch.folded() == epoch.assigned()) {
            return close(process, work, epoch, cutoff);
        }
        return elsewhere ? Step.FOLDING_ELSEWHERE : Step.NONE;
    }

    /**
     * One batch of a fold shard of an epoch led by another instance (this one has spare time): the
     * shard's partial sum and its rounds' marks commit together. Never plans, seals or closes.
     */
    public Step help(BanditRuntime runtime, OpenEpoch epoch) {
        return help(runtime, epoch, storage.clock());
    }

    /** As {@link #help(BanditRuntime, OpenEpoch)}, at the worker's grid instant {@code cutoff}. */
    public Step help(BanditRuntime runtime, OpenEpoch epoch, Instant cutoff) {
        return help(runtime.process(), runtime.spec().feedback().defaultReward(), epoch, cutoff);
    }

    <W> Step help(EpochProcess<W> process, double defaultReward, OpenEpoch epoch, Instant cutoff) {
        if (!sharded(process) || process.planning().isPresent() && !epoch.planned() || epoch.abandoned()) {
            return Step.NONE;
        }
        // As in advance: the silent rounds whose window had passed at the cutoff are defaulted first,
        // so what folds is a function of decision times and the cutoff, never of whether feedback came.
        storage.defaultWaitedOut(epoch.banditId(), epoch.number(), defaultReward, cutoff);
        Step folded = foldShard(process, memory(process, epoch), epoch, cutoff, false);
        return folded == Step.FOLDED ? Step.FOLDED : Step.NONE;
    }

    /**
     * One batch of the first fold shard (from that of the first ready round) that has rounds to fold and whose lock
     * this instance gets: FOLDED, NONE if its compare-and-set lost (another writer folded them
     * first), FOLDING_ELSEWHERE if every shard with rounds is locked by another instance, null if no
     * round is ready to fold.
     */
    private <W> Step foldShard(EpochProcess<W> process, W work, OpenEpoch epoch, Instant cutoff,
            boolean leads) {
        String id = epoch.banditId();
        int r = epoch.number();
        List<Round> first = storage.roundsToFold(id, r, EpochProcess.FoldOrder.SETTLED, 1, cutoff);
        if (first.isEmpty()) {
            return null;
        }
        // From the shard of the first ready round: it has rounds, so one lock and one read usually do.
        int start = Math.floorMod(first.get(0).slot() - 1, foldShards);
        boolean locked = false;
        for (int k = 0; k < foldShards; k++) {
            int shard = (start + k) % foldShards;
            if (!shardLocks.tryLock(id, r, shard)) {
                locked = true;
                continue;
            }
            try {
                long t0 = System.nanoTime();
                List<Round> rounds = storage.roundsToFold(id, r, new FoldShard(shard, foldShards),
                        process.foldBatch(), cutoff);
                if (rounds.isEmpty()) {
                    continue;
                }
                Accumulator stored = storage.shardAccumulator(id, r, shard);
                long t1 = System.nanoTime();
                EpochProcess.Folded folded = sum(process, work, epoch, stored, rounds);
                long t2 = System.nanoTime();
                int total = storage.commitShardFold(id, r, shard, stored.folded(), ids(rounds), folded.accumulator());
                if (log.isDebugEnabled()) {
                    log.debug("Fold shard {} of epoch {} of bandit '{}': {} rounds, read {} ms, fold {} ms, commit {} ms{}",
                            shard, r, id, rounds.size(), (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000,
                            (System.nanoTime() - t2) / 1_000_000, leads ? "" : " (helping)");
                }
                if (total < 0) {
                    return Step.NONE;
                }
                metrics.folded(id, rounds.size());
                if (leads && epoch.length() > 0 && epoch.assigned() >= epoch.length()) {
                    storage.progress(id, r, FOLDING, Math.min(1.0, (double) total / epoch.length()));
                }
                return Step.FOLDED;
            } finally {
                shardLocks.unlock(id, r, shard);
            }
        }
        return locked ? Step.FOLDING_ELSEWHERE : null;
    }

    /** A batch into a sum, split over the fold pool when it is large enough. */
    private <W> EpochProcess.Folded sum(EpochProcess<W> process, W work, OpenEpoch epoch,
            Accumulator stored, List<Round> rounds) {
        return foldThreads > 1 && process.foldIsSum() && rounds.size() >= 2 * MIN_FOLD_PART
                ? foldInParts(process, work, epoch, stored, rounds)
                : process.fold(work, epoch, stored, rounds);
    }

    private static List<UUID> ids(List<Round> rounds) {
        List<UUID> ids = new ArrayList<>(rounds.size());
        rounds.forEach(round -> ids.add(round.id()));
        return ids;
    }

    /**
     * The rounds cut to whole fold units (a tree's leaves: leaf k is always rounds (k−1)B+1 … kB in
     * fold order), except when they end the epoch: its last unit takes what is left.
     */
    static List<Round> wholeUnits(OpenEpoch epoch, int unit,
            List<Round> rounds) {
        if (unit <= 1 || epoch.folded() + rounds.size() >= epoch.length()) {
            return rounds;
        }
        return rounds.subList(0, rounds.size() / unit * unit);
    }

    private <W> W memory(EpochProcess<W> process, OpenEpoch epoch) {
        Class<W> type = process.memoryType();
        Memory held = memory.get(epoch.banditId());
        if (held != null && held.epoch() == epoch.number() && type.isInstance(held.work())) {
            return type.cast(held.work());
        }
        W previous = held != null && type.isInstance(held.work()) ? type.cast(held.work()) : null;
        W fresh = process.memory(epoch, previous);
        memory.put(epoch.banditId(), new Memory(epoch.number(), fresh));
        return fresh;
    }

    private <W> Step plan(EpochProcess.Planning<W> planning, W work, OpenEpoch epoch, Instant cutoff) {
        String id = epoch.banditId();
        int r = epoch.number();
        long started = System.nanoTime();
        EpochProcess.PlanStep step = planning.step(work, epoch, stepBudgetNanos);
        metrics.planningStep(id, System.nanoTime() - started);
        if (!step.done()) {
            storage.progress(id, r, "PLANNING:" + step.stage(), step.progress());
            return Step.PLANNING;
        }
        if (storage.storePlan(id, r, step.plan(), cutoff)) {
            log.info("Planned epoch {} of bandit '{}' ({})", r, id, step.summary());
        }
        return Step.PLANNED;
    }

    /** One batch of rounds into the running sum; the sum and the rounds' folded marks commit together. */
    private <W> boolean fold(EpochProcess<W> process, W work, OpenEpoch epoch,
            List<Round> rounds) {
        String id = epoch.banditId();
        int r = epoch.number();
        Accumulator stored = storage.accumulator(id, r);
        EpochProcess.Folded folded = sum(process, work, epoch, stored, rounds);
        if (!storage.commitFold(id, r, stored.folded(), ids(rounds), folded)) {
            return false;
        }
        metrics.folded(id, rounds.size());
        int foldedNow = stored.folded() + rounds.size();
        if (epoch.length() > 0 && epoch.assigned() >= epoch.length()) {
            storage.progress(id, r, FOLDING, Math.min(1.0, (double) foldedNow / epoch.length()));
        }
        return true;
    }

    /**
     * The fold of a sum, split: {@code parts} contiguous parts of the batch, each folded from an empty
     * accumulator on a thread of the pool, then added to the stored sums in part order (so the result
     * depends on the pool's size, never on which thread finished first).
     */
    <W> EpochProcess.Folded foldInParts(EpochProcess<W> process, W work, OpenEpoch epoch,
            Accumulator stored, List<Round> rounds) {
        process.fold(work, epoch, EMPTY, List.of()); // builds the working memory on this thread
        int parts = Math.min(foldThreads, rounds.size() / MIN_FOLD_PART);
        List<Future<EpochProcess.Folded>> futures = new ArrayList<>(parts);
        for (int p = 0; p < parts; p++) {
            List<Round> part = rounds.subList(p * rounds.size() / parts,
                    (p + 1) * rounds.size() / parts);
            futures.add(foldPool.submit(() -> process.fold(work, epoch, EMPTY, part)));
        }
        double[] sums = null;
        try {
            for (Future<EpochProcess.Folded> f : futures) {
                double[] part = BinaryCodec.doubles(f.get().accumulator());
                sums = Accumulator.add(sums == null ? stored.sums(part.length) : sums, part);
            }
        } catch (ExecutionException e) {
            futures.forEach(f -> f.cancel(true));
            throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            futures.forEach(f -> f.cancel(true));
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during a fold", e);
        }
        return EpochProcess.Folded.accumulator(BinaryCodec.doubles(sums));
    }

    /**
     * The close: the release of the sealed, fully folded epoch (noise drawn by the process), then one
     * transaction that commits it. Nothing the release used can change any more, so it cannot lose
     * to feedback; if another writer closed the epoch first, this release is dropped unseen and
     * costs no privacy.
     */
    private <W> Step close(EpochProcess<W> process, W work, OpenEpoch epoch, Instant cutoff) {
        String id = epoch.banditId();
        int r = epoch.number();
        long started = System.nanoTime();
        storage.progress(id, r, RELEASING, null);
        Accumulator stored = storage.sealedAccumulator(id, r);
        if (process.accumulates() && stored.closedElsewhere()) {
            // Another instance closed the epoch since this one saw it sealed (the close drops the
            // accumulator): nothing to release here, and nothing was drawn or charged.
            metrics.lifecycleStep(id, "LOST_RACE", System.nanoTime() - started);
            return Step.NONE;
        }
        long read = System.nanoTime();
        EpochProcess.EpochRelease release = process.release(work, epoch, stored);
        long released = System.nanoTime();
        boolean closed = storage.commitClose(id, r, stored.folded(), release, cutoff);
        long nanos = System.nanoTime() - started;
        if (log.isDebugEnabled()) {
            log.debug("Close of epoch {} of bandit '{}': progress and sums read {} ms, release {} ms, commit {} ms",
                    r, id, (read - started) / 1_000_000, (released - read) / 1_000_000,
                    (System.nanoTime() - released) / 1_000_000);
        }
        metrics.lifecycleStep(id, closed ? "CLOSED" : "LOST_RACE", nanos);
        if (closed) {
            memory.computeIfPresent(id, (k, m) -> m.epoch() <= r && release.nextEpochLength() == null ? null : m);
            log.info("Closed epoch {} of bandit '{}' in {} ms: {}", r, id, nanos / 1_000_000, release.summary());
        }
        return closed ? Step.CLOSED : Step.NONE;
    }

    /**
     * An epoch of a retired bandit that can never fill (slots left that no decision will take) is
     * abandoned: derived data is data, and its accumulator, its fold shards' partial sums and (for a
     * sequential model) the exact sums its state keeps for releases to come would otherwise stay
     * forever, since it never seals. One transaction, dated by the step's grid instant; its rounds
     * not folded are done, and retention forgets them.
     */
    private <W> Step abandon(EpochProcess<W> process, OpenEpoch epoch, Instant cutoff) {
        String id = epoch.banditId();
        int r = epoch.number();
        W work = memory(process, epoch);
        if (!storage.abandon(id, r, cutoff, process.abandoned(work, epoch))) {
            return Step.NONE;
        }
        memory.remove(id);
        log.info("Abandoned epoch {} of bandit '{}' (retired with {} of its {} learning slots handed out): its "
                + "partial sums are dropped", r, id, epoch.assigned(), epoch.length());
        return Step.ABANDONED;
    }

    /** Drops all working memory (the leadership was lost: another instance takes over). */
    public void forget() {
        memory.clear();
    }

    /** Stops the fold pool (the application's shutdown). */
    public void close() {
        if (foldPool != null) {
            foldPool.shutdownNow();
        }
    }

    /** Drops one bandit's working memory (its leadership went to another instance). */
    public void forget(String bandit) {
        memory.remove(bandit);
    }

    /** Drops the working memory of every bandit but these (those with an open epoch). */
    public void retainOnly(java.util.Set<String> bandits) {
        memory.keySet().retainAll(bandits);
    }
}

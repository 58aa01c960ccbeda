package io.dpbandit.lifecycle;

import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.algorithms.Runtimes;
import io.dpbandit.bandit.BanditMetrics;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.runtime.OpenEpoch;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.ejml.concurrency.EjmlConcurrency;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The thread that advances the background work of the bandits this instance leads
 * ({@link LifecycleLeader}: one leader per bandit, the bandits spread over the instances), off the
 * request path:
 * <ul>
 *   <li>one worker thread, at the lowest thread priority, and EJML limited to one thread; a fold
 *       that is a sum is split over the engine's fold pool (cores − 1), so the request threads
 *       always keep a core;</li>
 *   <li>it rebalances its bandits every {@code leader-check-ms}, and at once when the set of bandits
 *       with an open epoch changes; the working memory of a bandit it hands over is dropped;</li>
 *   <li>round robin over the bandits with open epochs: each gets one bounded step per round
 *       ({@code step-budget-ms}), so a bandit with a heavy plan cannot hold the others' folds
 *       and closes back for more than a step;</li>
 *   <li>a failing bandit backs off exponentially (1 s doubling to 60 s), shows in health (ops) and
 *       in the metrics, and never blocks the others;</li>
 *   <li>retention runs between rounds, a bounded batch at a time, in the time left before the next
 *       round.</li>
 * </ul>
 * Rounds happen on a public clock ({@link LifecycleGrid}): at each multiple of
 * {@code check-interval-ms} on the database's clock, whatever the last round found, and each round
 * works at that instant (its cutoff: what folds and seals, and the dates an analyst reads). Only
 * public work goes on between two instants, at the same cutoff: a plan's next step, and a look again
 * at an epoch whose shards other instances are folding. Whether a round did anything (a default of a
 * silent round once counted as work and skipped the wait) never moves the next one.
 */
@Component
public class LifecycleWorker implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(LifecycleWorker.class);
    private static final long MIN_BACKOFF_MS = 1_000;
    private static final long MAX_BACKOFF_MS = 60_000;

    private final LifecycleLeader leader;
    private final LifecycleEngine engine;
    private final LifecycleStorage store;
    private final Runtimes runtimes;
    private final LifecycleProperties properties;
    private final BanditMetrics metrics;
    private final LifecycleGrid grid;
    private final Map<String, Failure> failing = new ConcurrentHashMap<>();
    private volatile Thread thread;
    private volatile boolean running;
    private long cursor;
    private Set<String> led = Set.of();
    private Set<String> open = Set.of();
    private long lastClaim;
    /** Whether the last round found an epoch whose shards other instances were folding. */
    private boolean foldingElsewhere;
    /** How soon to look again at an epoch other instances are folding (its close follows their folds). */
    static final long FOLDING_ELSEWHERE_CHECK_MS = 50;
    /** Past a grid instant by this much before a round starts, so that the database's clock has reached it. */
    static final long TICK_SLACK_MS = 2;
    /** Retention stops this long before the next grid instant, so that it never delays a round. */
    static final long RETENTION_MARGIN_MS = 100;

    /**
     * Rows per retention statement. Each statement holds its rows' locks until it commits, and a
     * feedback for one of them waits that long: a decision that takes no learning slot is done at
     * once, so with retention-seconds 0 retention reaches decisions whose feedback is still on its
     * way. Batches of 10 000 held them 110-170 ms under load and were the slowest percent of all
     * feedbacks (docs/benchmarks.md, 5.1); 250 rows take a few milliseconds, and the pass loops
     * until nothing is left, so the rows forgotten per second are the same.
     */
    static final int RETENTION_BATCH = 250;
    /**
     * An epoch another instance leads is helped only with at least this many rounds not folded yet
     * (read with the list of open epochs): a smaller one is not worth decoding its plan here, and
     * every replica probing every small bandit would multiply the probes by the replicas.
     */
    static final int HELP_MIN_BACKLOG = 500;

    /** A bandit whose last step failed: what kind of failure, and when to try again. */
    public record Failure(String kind, int attempts, long retryAtMillis) {
    }

    public LifecycleWorker(LifecycleLeader leader, LifecycleEngine engine, Runtimes runtimes,
            LifecycleProperties properties, BanditMetrics metrics) {
        this.leader = leader;
        this.engine = engine;
        this.store = engine.storage();
        this.runtimes = runtimes;
        this.properties = properties;
        this.metrics = metrics;
        this.grid = new LifecycleGrid(properties.checkIntervalMs());
    }

    private volatile RoundWork roundWork;

    /** Work to run once per round besides the epochs' (the rollouts' evaluation), if any. */
    @org.springframework.beans.factory.annotation.Autowired(required = false)
    public void setRoundWork(RoundWork work) {
        this.roundWork = work;
    }

    /** The public clock the worker steps on. */
    public LifecycleGrid grid() {
        return grid;
    }

    @Override
    public void start() {
        // The service's matrix work runs on this worker only; one thread keeps it to one core.
        EjmlConcurrency.USE_CONCURRENT = false;
        running = true;
        if (!properties.worker()) {
            log.info("The lifecycle worker is off (dpbandit.lifecycle.worker=false): epochs advance only when "
                    + "asked to");
            return;
        }
        thread = new Thread(this::loop, "dpbandit-lifecycle");
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
        thread.start();
    }

    @Override
    public void stop() {
        running = false;
        Thread t = thread;
        if (t != null) {
            t.interrupt();
            try {
                t.join(Duration.ofSeconds(10).toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        leader.release();
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    private void loop() {
        long lastRetention = 0;
        while (running) {
            try {
                // The round's cutoff: the latest grid instant on the database's clock.
                Instant tick = grid.tick(store.clock());
                boolean planning = round(tick);
                RoundWork work = roundWork;
                if (work != null && running) {
                    try {
                        work.run(tick);
                    } catch (RuntimeException e) {
                        log.warn("Round work failed: {}", e.toString());
                    }
                }
                if (leader.retains() && System.currentTimeMillis() - lastRetention >= 1_000) {
                    lastRetention = System.currentTimeMillis();
                    // Spare time before the next instant only: retention never moves a round.
                    while (running && grid.millisToNext(store.clock()) > RETENTION_MARGIN_MS && retention() > 0) {
                        // bounded batches
                    }
                }
                Instant now = store.clock();
                if (planning && grid.tick(now).equals(tick)) {
                    continue; // public work: the plan's next step, at the same cutoff
                }
                if (foldingElsewhere && grid.tick(now).equals(tick)) {
                    // Other instances fold the epoch's shards: its close follows their last fold, at this cutoff.
                    sleep(Math.min(FOLDING_ELSEWHERE_CHECK_MS, grid.millisToNext(now)));
                    continue;
                }
                if (grid.tick(now).equals(tick)) {
                    sleep(grid.millisToNext(now) + TICK_SLACK_MS);
                }
            } catch (RuntimeException e) {
                // The database itself is away: wait and try again (leadership is re-checked).
                log.warn("Lifecycle round failed: {}", e.toString());
                sleep(MIN_BACKOFF_MS);
            }
        }
    }

    /**
     * One round at the grid instant {@code tick}. First every bandit's short work (defaults, folds,
     * seals, closes), each bandit in turn until it has none left; then one bounded planning step for
     * each bandit that needs one, in turn from the next, until the next grid instant has come (at
     * least one step a round). Planning (seconds to minutes for a large bandit) therefore never delays
     * another bandit's close by more than one step past a grid instant, and bandits whose plans are
     * the same public work (the same spec) advance together and finish in the same round, so their
     * plannedAt, the round's instant, is the same. Returns whether a planning step did some work (a
     * plan may need more: public work, which goes on before the next instant).
     */
    boolean round(Instant tick) {
        List<OpenEpoch> all = store.openEpochs();
        List<OpenEpoch> epochs = claim(all);
        metrics.workQueue(epochs.size());
        boolean worked = false;
        foldingElsewhere = false;
        List<OpenEpoch> needPlanning = new java.util.ArrayList<>();
        for (OpenEpoch epoch : epochs) {
            OpenEpoch current = epoch;
            for (int i = 0; i < 1_000 && running && current != null; i++) {
                Step step = step(current, false, tick);
                if (step == Step.NEEDS_PLANNING) {
                    needPlanning.add(current);
                }
                foldingElsewhere |= step == Step.FOLDING_ELSEWHERE;
                if (!step.worked() || step == Step.CLOSED || step == Step.ABANDONED) {
                    break;
                }
                worked = true;
                current = store.epoch(current.banditId(), current.number()).orElse(null);
            }
        }
        boolean planned = false;
        int first = needPlanning.isEmpty() ? 0 : (int) (cursor++ % needPlanning.size());
        for (int k = 0; k < needPlanning.size() && running; k++) {
            if (k > 0 && !grid.tick(store.clock()).equals(tick)) {
                break; // the next instant has come: every bandit's short work first
            }
            planned |= step(needPlanning.get((first + k) % needPlanning.size()), true, tick).worked();
        }
        if (running && !worked && !planned) {
            // Spare time only: an instance with work of its own does that first.
            help(all, tick);
        }
        return planned;
    }

    /**
     * One batch of a fold shard of each epoch another instance leads whose fold is a sum
     * ({@link LifecycleEngine#help}), in a round that found nothing to do for this instance's own
     * bandits: spare background capacity goes to the large bandits wherever they are led. One batch
     * per epoch per round, so this instance's own bandits wait at most that. (Helping while it had
     * work of its own cost more than it gained: each instance decoded the other's plans and the two
     * folded with 1.2× the CPU, docs/benchmarks.md 4.3.)
     */
    private boolean help(List<OpenEpoch> all, Instant tick) {
        boolean worked = false;
        for (OpenEpoch epoch : all) {
            String id = epoch.banditId();
            Failure f = failing.get(id);
            if (!running || led.contains(id) || epoch.assigned() - epoch.folded() < HELP_MIN_BACKLOG
                    || f != null && System.currentTimeMillis() < f.retryAtMillis()) {
                continue;
            }
            try {
                BanditRuntime runtime = runtimes.current(id);
                if (runtime.version().epoch() != epoch.number()) {
                    runtime = runtimes.fresh(id);
                }
                if (engine.help(runtime, epoch, tick).worked()) {
                    worked = true;
                    metrics.lifecycleWork(id, "HELPED");
                }
                if (f != null) {
                    failing.remove(id);
                }
            } catch (RuntimeException e) {
                Failure failure = failed(id, f, e);
                log.warn("Helping fold bandit '{}' failed (attempt {}); retrying in {} ms: {}", id, failure.attempts(),
                        failure.retryAtMillis() - System.currentTimeMillis(), e.toString());
            }
        }
        return worked;
    }

    /**
     * Rebalances the bandits this instance leads (every {@code leader-check-ms}, or at once when the
     * set of bandits with an open epoch changed) and returns the open epochs of those it leads.
     */
    private List<OpenEpoch> claim(List<OpenEpoch> epochs) {
        Set<String> now = new LinkedHashSet<>();
        epochs.forEach(e -> now.add(e.banditId()));
        long time = System.currentTimeMillis();
        if (!now.equals(open) || time - lastClaim >= properties.leaderCheckMs()) {
            Set<String> claimed = leader.claim(now);
            for (String gone : led) {
                if (!claimed.contains(gone)) {
                    engine.forget(gone);
                    failing.remove(gone);
                }
            }
            led = claimed;
            if (!now.equals(open)) {
                engine.retainOnly(now); // memory of epochs this instance helped fold that are gone
            }
            open = now;
            lastClaim = time;
        }
        Set<String> mine = led;
        return epochs.stream().filter(e -> mine.contains(e.banditId())).toList();
    }

    private Step step(OpenEpoch epoch, boolean mayPlan, Instant tick) {
        String id = epoch.banditId();
        Failure f = failing.get(id);
        if (f != null && System.currentTimeMillis() < f.retryAtMillis()) {
            return Step.NONE;
        }
        try {
            // Checked against the stored version: a sequential model must fold on its latest state.
            BanditRuntime runtime = runtimes.current(id);
            if (runtime.version().epoch() != epoch.number()) {
                runtime = runtimes.fresh(id);
            }
            Step step = engine.advance(runtime, epoch, mayPlan, tick);
            if (f != null && step.worked()) {
                failing.remove(id);
                log.info("Bandit '{}' advances again after {} failed attempts", id, f.attempts());
            }
            if (step.worked()) {
                metrics.lifecycleWork(id, step.name());
            }
            return step;
        } catch (RuntimeException e) {
            Failure failure = failed(id, f, e);
            log.error("Advancing bandit '{}' failed (attempt {}); retrying in {} ms", id, failure.attempts(),
                    failure.retryAtMillis() - System.currentTimeMillis(), e);
            return Step.NONE;
        }
    }

    /**
     * Records a failed step of a bandit (after {@code previous}, or null): it backs off
     * exponentially, 1 s doubling to 60 s, and counts in the failure metric.
     */
    private Failure failed(String id, Failure previous, RuntimeException e) {
        int attempts = previous == null ? 1 : previous.attempts() + 1;
        long backoff = Math.min(MAX_BACKOFF_MS, MIN_BACKOFF_MS << Math.min(attempts - 1, 16));
        Failure failure = new Failure(e.getClass().getSimpleName(), attempts, System.currentTimeMillis() + backoff);
        failing.put(id, failure);
        metrics.lifecycleFailure(id, failure.kind());
        return failure;
    }

    /**
     * Runs one bandit's background work on the calling thread until it has nothing left to do
     * (tests and tools; the worker must be off or idle). Returns CLOSED if an epoch closed (or an
     * estimator was built), otherwise the last step that did something, otherwise NONE.
     */
    public synchronized Step settle(String banditId) {
        Step step = settleEpochs(banditId);
        RoundWork work = roundWork;
        if (work != null) {
            work.settle(banditId, store.clock());
        }
        return step;
    }

    private Step settleEpochs(String banditId) {
        if (!leader.lead(banditId)) {
            throw new IllegalStateException("another instance leads bandit " + ServiceErrors.quote(banditId));
        }
        Step result = Step.NONE;
        for (int i = 0; i < 100_000; i++) {
            var epoch = store.openEpochs().stream().filter(e -> e.banditId().equals(banditId)).findFirst();
            if (epoch.isEmpty()) {
                return result;
            }
            BanditRuntime runtime = runtimes.fresh(banditId);
            Step step = engine.advance(runtime, epoch.get(), true);
            if (!step.worked()) {
                return result;
            }
            result = result == Step.CLOSED ? result : step;
            if (step == Step.CLOSED) {
                runtimes.fresh(banditId);
                return step;
            }
        }
        return result;
    }

    /**
     * One retention pass (also on the calling thread, for tests and tools): the raw context and reward
     * of folded rounds after {@code retention-seconds}, and requestIds with their contexts' keyed
     * digests after {@code replay-window-seconds}, a bounded batch of each. Returns the rows cleared.
     */
    public int retention() {
        int forgotten = store.forgetRawData(properties.retentionSeconds(), RETENTION_BATCH);
        if (forgotten > 0) {
            metrics.rawDataDeleted(forgotten);
        }
        return forgotten + store.forgetReplayData(properties.replayWindowSeconds(), RETENTION_BATCH);
    }

    /** Bandits whose last step failed on this instance, with the kind of failure. */
    public Map<String, Failure> failing() {
        return Map.copyOf(failing);
    }

    private void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }
}

package io.dpbandit.decision;

import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.store.DecisionStore;
import io.dpbandit.store.DecisionStore.FeedbackOutcome;
import io.dpbandit.store.DecisionStore.Inserted;
import io.dpbandit.store.DecisionStore.NewDecision;
import io.dpbandit.store.DecisionStore.NewFeedback;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PreDestroy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Group commit of the request path: concurrent decisions and feedbacks wait in one bounded queue;
 * a writer thread takes everything queued (up to {@code max-batch}) and writes it in one
 * transaction ({@link DecisionStore#writeBatch}), so one durable commit (one WAL flush) answers many
 * requests. The window is the writers' own work: while one batch is written and flushed the next
 * one gathers, so a lone request waits for no timer and a busy instance writes large batches. Below
 * {@code direct-writes} writes in flight a request skips the queue and commits on its own thread
 * (PostgreSQL still flushes concurrent commits together): at low concurrency the hand-off to a
 * writer and the batch's extra statements cost more than they save.
 *
 * <p>Each request is answered only once its transaction's commit has returned (synchronous_commit
 * on): a decision is never answered before it is durable, an ACCEPTED reward is durable when it is
 * answered, and a crash loses no answered request. A request whose batch fails before its commit
 * (a requestId raced by another instance, a lock wait past {@code lock-timeout-ms}) is written
 * again on its own, in its own transaction, so one bad request fails no other. A commit that itself
 * fails leaves its outcome unknown: every request of that batch is answered with the failure
 * (nothing answered as stored may be missing). A full queue answers 503 busy with Retry-After.
 *
 * <p>Within a batch, requests with the same requestId (same bandit and key) are written once and the
 * others answered as replays of it; several feedbacks for one decision are written once and the
 * others answered DUPLICATE, as they would be one after the other.
 */
@Component
public class GroupCommit {

    private static final Logger log = LoggerFactory.getLogger(GroupCommit.class);

    /** Seconds a caller told "busy" should wait before retrying. */
    static final int RETRY_AFTER_SECONDS = 1;

    /**
     * The longest a batch waits for a row lock (PostgreSQL lock_timeout): past it the batch is rolled
     * back and its requests are written one by one (each waiting as long as it takes, as before).
     */
    static final long LOCK_TIMEOUT_MS = 250;

    /**
     * The longest a request waits for its batch to commit before it is answered 503 busy (the batch
     * may still commit: a decision is then made but not answered, a reward stored but answered busy,
     * and a retry of that feedback answers DUPLICATE).
     */
    static final long WAIT_MS = 30_000;

    private sealed interface Write permits DecideWrite, FeedbackWrite {
        void fail(Throwable failure);
    }

    private record DecideWrite(NewDecision row, CompletableFuture<Optional<Inserted>> done) implements Write {
        public void fail(Throwable failure) {
            done.completeExceptionally(failure);
        }

        String requestKey() {
            return row.requestId() == null ? null : row.banditId() + '\u0000' + row.requestKey() + '\u0000'
                    + row.requestId();
        }
    }

    private record FeedbackWrite(NewFeedback row, CompletableFuture<Optional<FeedbackOutcome>> done)
            implements Write {
        public void fail(Throwable failure) {
            done.completeExceptionally(failure);
        }
    }

    private final DecisionStore store;
    private final TransactionTemplate tx;
    private final JdbcTemplate jdbc;
    private final GroupCommitProperties properties;
    private final BlockingQueue<Write> queue;
    private final List<Thread> writers = new ArrayList<>();
    private final DistributionSummary batchSizes;
    private volatile boolean running = true;
    /** Writes of this instance not yet answered, direct or queued. */
    private final AtomicInteger inFlight = new AtomicInteger();

    /**
     * The service's: the writes' transactions are plain JDBC ones on the data source the
     * {@link JdbcTemplate} writes through. Every statement of a batch is JDBC, and the application's
     * transaction manager (JPA's, for the registry and the ledger) opened and flushed a Hibernate
     * session around each batch for nothing: about a quarter of the writers' CPU in a JFR profile
     * (docs/benchmarks.md, 5.1).
     */
    @Autowired
    public GroupCommit(DecisionStore store, DataSource dataSource, JdbcTemplate jdbc,
            GroupCommitProperties properties, MeterRegistry registry) {
        this(store, new TransactionTemplate(new JdbcTransactionManager(dataSource)), jdbc, properties, registry);
    }

    public GroupCommit(DecisionStore store, TransactionTemplate tx, JdbcTemplate jdbc, GroupCommitProperties properties,
            MeterRegistry registry) {
        this.store = store;
        this.tx = tx;
        this.jdbc = jdbc;
        this.properties = properties;
        this.queue = new ArrayBlockingQueue<>(properties.queueCapacity());
        this.batchSizes = DistributionSummary.builder("dpbandit.write.batch.size")
                .description("Requests (decisions and feedbacks) written by one transaction of the group commit")
                .register(registry);
        Gauge.builder("dpbandit.write.queue", queue, BlockingQueue::size)
                .description("Requests waiting for a writer of the group commit").register(registry);
        if (properties.enabled()) {
            for (int i = 0; i < properties.writers(); i++) {
                Thread t = new Thread(this::run, "decision-writer-" + i);
                t.setDaemon(true);
                writers.add(t);
                t.start();
            }
        }
    }

    /**
     * Inserts a decision (taking its learning slot and, privacy.unit USER, its user's round) and
     * returns once it is durable: the slot it took, or empty when its bandit is not ACTIVE (nothing
     * stored). Throws {@link DuplicateKeyException} when its requestId was used first (the caller
     * answers with that decision), {@link ServiceErrors.Busy} when the queue is full.
     */
    public Optional<Inserted> decide(NewDecision row) {
        return write(() -> writeOne(row), () -> await(enqueue(new DecideWrite(row, new CompletableFuture<>())).done()));
    }

    /** Records a feedback and returns once it is durable; empty when there is no such decision. */
    public Optional<FeedbackOutcome> feedback(NewFeedback row) {
        return write(() -> writeOne(row), () -> await(enqueue(new FeedbackWrite(row, new CompletableFuture<>())).done()));
    }

    /**
     * On the request's own thread while fewer than {@code direct-writes} writes are in flight (or
     * with group commit off), else through the queue. Either way the request is answered after its
     * own commit; a direct write is exactly the one-request transaction of {@code enabled: false}.
     */
    private <T> T write(Supplier<T> alone, Supplier<T> queued) {
        if (!properties.enabled()) {
            return alone.get();
        }
        try {
            return inFlight.incrementAndGet() <= properties.directWrites() ? alone.get() : queued.get();
        } finally {
            inFlight.decrementAndGet();
        }
    }

    private <W extends Write> W enqueue(W write) {
        if (!running || !queue.offer(write)) {
            throw new ServiceErrors.Busy("too many writes are waiting on this instance (dpbandit.group-commit"
                    + ".queue-capacity); nothing was stored: retry after the Retry-After seconds", RETRY_AFTER_SECONDS);
        }
        return write;
    }

    private <T> T await(CompletableFuture<T> done) {
        try {
            return done.get(WAIT_MS, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        } catch (TimeoutException e) {
            throw new ServiceErrors.Busy("the write did not commit within " + WAIT_MS + " ms; retry after "
                    + "the Retry-After seconds (a retry with the same requestId returns the decision if it was made)",
                    RETRY_AFTER_SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ServiceErrors.Busy("interrupted while waiting for the write to commit", RETRY_AFTER_SECONDS);
        }
    }

    private void run() {
        List<Write> batch = new ArrayList<>();
        while (running || !queue.isEmpty()) {
            try {
                Write first = queue.poll(100, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                batch.add(first);
                queue.drainTo(batch, properties.maxBatch() - 1);
                write(batch);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException | Error e) {
                // write() answers every request it is given; this is a fault of the writer itself.
                log.error("group commit writer failed", e);
                for (Write w : batch) {
                    w.fail(e);
                }
            } finally {
                batch.clear();
            }
        }
    }

    /** One batch: one transaction, or (when a statement fails) each request in its own. */
    void write(List<Write> batch) {
        batchSizes.record(batch.size());
        // One write per requestId and per decision; the rest follow it.
        Map<String, DecideWrite> byRequest = new HashMap<>();
        Map<UUID, FeedbackWrite> byDecision = new HashMap<>();
        List<DecideWrite> decides = new ArrayList<>();
        List<FeedbackWrite> feedbacks = new ArrayList<>();
        List<Runnable> followers = new ArrayList<>();
        for (Write w : batch) {
            if (w instanceof DecideWrite d) {
                DecideWrite leader = d.requestKey() == null ? null : byRequest.putIfAbsent(d.requestKey(), d);
                if (leader == null) {
                    decides.add(d);
                } else {
                    followers.add(() -> follow(leader, d));
                }
            } else if (w instanceof FeedbackWrite f) {
                FeedbackWrite leader = byDecision.putIfAbsent(f.row().decisionId(), f);
                if (leader == null) {
                    feedbacks.add(f);
                } else {
                    followers.add(() -> follow(leader, f));
                }
            }
        }
        boolean[] written = {false};
        DecisionStore.BatchResult result;
        try {
            result = tx.execute(s -> {
                jdbc.execute("SET LOCAL lock_timeout = " + LOCK_TIMEOUT_MS);
                DecisionStore.BatchResult r = store.writeBatch(decides.stream().map(DecideWrite::row).toList(),
                        feedbacks.stream().map(FeedbackWrite::row).toList());
                written[0] = true;
                return r;
            });
        } catch (RuntimeException failed) {
            if (written[0]) {
                // The commit itself failed: whether it is durable is unknown, so nothing is answered as stored.
                log.warn("a group commit of {} requests failed at its commit; each is answered with the failure",
                        decides.size() + feedbacks.size(), failed);
                decides.forEach(d -> d.fail(failed));
                feedbacks.forEach(f -> f.fail(failed));
            } else {
                // Rolled back: nothing of it is stored. Each request again, on its own.
                log.debug("a group commit of {} requests was rolled back ({}); writing them one by one",
                        decides.size() + feedbacks.size(), failed.toString());
                for (DecideWrite d : decides) {
                    complete(d.done(), () -> writeOne(d.row()));
                }
                for (FeedbackWrite f : feedbacks) {
                    complete(f.done(), () -> writeOne(f.row()));
                }
            }
            followers.forEach(Runnable::run);
            return;
        }
        for (DecideWrite d : decides) {
            d.done().complete(Optional.ofNullable(result.decisions().get(d.row().id())));
        }
        for (FeedbackWrite f : feedbacks) {
            f.done().complete(Optional.ofNullable(result.feedback().get(f.row().decisionId())));
        }
        followers.forEach(Runnable::run);
    }

    private static <T> void complete(CompletableFuture<T> done, Supplier<T> work) {
        try {
            done.complete(work.get());
        } catch (RuntimeException e) {
            done.completeExceptionally(e);
        }
    }

    /** A request with the requestId of an earlier one in its batch: it is a replay of that one. */
    private static void follow(DecideWrite leader, DecideWrite follower) {
        leader.done().whenComplete((inserted, failure) -> {
            if (failure != null) {
                follower.done().completeExceptionally(failure);
            } else if (inserted.isEmpty()) {
                follower.done().complete(inserted); // not serving: neither was made
            } else {
                follower.done().completeExceptionally(new DuplicateKeyException("requestId '"
                        + follower.row().requestId() + "' was used by another request of the same batch"));
            }
        });
    }

    /** A second feedback for a decision in the same batch: answered as if it came just after. */
    private static void follow(FeedbackWrite leader, FeedbackWrite follower) {
        leader.done().whenComplete((outcome, failure) -> {
            if (failure != null) {
                follower.done().completeExceptionally(failure);
            } else {
                // A forgotten round, or a retired bandit's (nothing stored), is answered the same again.
                follower.done().complete(outcome.map(o -> o.before() == io.dpbandit.bandit.FeedbackState.FORGOTTEN
                        || o.retired() ? o : new FeedbackOutcome(o.banditId(), o.after(), o.after(), false, o.evaluated())));
            }
        });
    }

    /** A decision on its own: one statement, or (privacy.unit USER) one transaction with its user's round. */
    private Optional<Inserted> writeOne(NewDecision d) {
        if (d.user() == null) {
            return Optional.ofNullable(store.insert(d.id(), d.banditId(), d.requestKey(), d.requestId(), d.epoch(),
                    d.mayLearn(), d.context(), d.contextDigest(), d.action(), d.propensity(), d.waitSeconds(),
                    d.shard(), d.arm()));
        }
        // privacy.unit USER: a learning slot only while the user has one of its k rounds left; a round
        // taken but given no slot (the epoch was full) is given back, in the same transaction.
        return Optional.ofNullable(tx.execute(s -> {
            if (d.mayLearn()) {
                store.lockUsers(List.of(d.user()));
            }
            boolean mayLearn = d.mayLearn() && store.takeUserRound(d.banditId(), d.user(), d.maxUserRounds());
            Inserted row = store.insert(d.id(), d.banditId(), d.requestKey(), d.requestId(), d.epoch(), mayLearn,
                    d.context(), d.contextDigest(), d.action(), d.propensity(), d.waitSeconds(), d.shard(), d.arm());
            if (row == null) {
                s.setRollbackOnly(); // not serving: the user's round goes back with the rollback
                return null;
            }
            if (mayLearn && row.slot() == null) {
                store.returnUserRound(d.banditId(), d.user());
            }
            return row;
        }));
    }

    /** A feedback on its own: one transaction on the decision's row. */
    private Optional<FeedbackOutcome> writeOne(NewFeedback f) {
        return tx.execute(s -> store.feedback(f.decisionId(), f.reward(), f.report()));
    }

    @PreDestroy
    void stop() throws InterruptedException {
        running = false; // the writers finish what is queued, then stop
        for (Thread t : writers) {
            t.join(TimeUnit.SECONDS.toMillis(10));
        }
        Write left;
        while ((left = queue.poll()) != null) {
            left.fail(new ServiceErrors.Busy("the instance is shutting down; nothing was stored", RETRY_AFTER_SECONDS));
        }
    }
}

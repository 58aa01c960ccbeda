package io.dpbandit.decision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dpbandit.bandit.FeedbackState;
import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.store.DecisionStore;
import io.dpbandit.store.DecisionStore.BatchResult;
import io.dpbandit.store.DecisionStore.FeedbackOutcome;
import io.dpbandit.store.DecisionStore.Inserted;
import io.dpbandit.store.DecisionStore.NewDecision;
import io.dpbandit.store.DecisionStore.NewFeedback;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.support.AbstractPlatformTransactionManager;
import org.springframework.transaction.support.DefaultTransactionStatus;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The group commit's own rules, over a store that records what it is asked to write (the SQL of a
 * batch is DecisionBatchTest's): requests queued while a batch is written go into the next one; a
 * batch whose statements fail is written again request by request, so one bad request fails alone;
 * a requestId or a decision twice in one batch is written once; a failed commit answers every
 * request of its batch with the failure and writes nothing again; a full queue answers busy.
 */
class GroupCommitTest {

    final ExecutorService callers = Executors.newFixedThreadPool(16);
    final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    GroupCommit writes;

    @AfterEach
    void stop() throws InterruptedException {
        callers.shutdownNow();
        if (writes != null) {
            writes.stop();
        }
    }

    /** A store that writes nothing: batches are recorded, the first one waits for {@link #release}. */
    static class RecordingStore extends DecisionStore {
        final CountDownLatch firstBatchStarted = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final List<List<NewDecision>> batches = new CopyOnWriteArrayList<>();
        final List<List<NewFeedback>> feedbackBatches = new CopyOnWriteArrayList<>();
        final List<UUID> writtenAlone = new CopyOnWriteArrayList<>();
        final Set<UUID> bad = ConcurrentHashMap.newKeySet();
        final Set<UUID> feedbackGiven = ConcurrentHashMap.newKeySet();
        /** When set, a decision written alone waits here (it stays in flight). */
        volatile CountDownLatch aloneGate;
        final CountDownLatch aloneStarted = new CountDownLatch(1);

        RecordingStore() {
            super(new JdbcTemplate());
        }

        @Override
        public BatchResult writeBatch(List<NewDecision> decide, List<NewFeedback> feedback) {
            firstBatchStarted.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            batches.add(decide);
            feedbackBatches.add(feedback);
            if (decide.stream().anyMatch(d -> bad.contains(d.id()))) {
                throw new DuplicateKeyException("duplicate key value violates unique constraint \"decision_request\"");
            }
            Map<UUID, Inserted> inserted = new HashMap<>();
            decide.forEach(d -> inserted.put(d.id(), new Inserted(d.mayLearn() ? 1 : null)));
            Map<UUID, FeedbackOutcome> outcomes = new HashMap<>();
            feedback.forEach(f -> outcomes.put(f.decisionId(), outcome(f.decisionId())));
            return new BatchResult(inserted, outcomes);
        }

        @Override
        public Optional<FeedbackOutcome> feedback(UUID id, Double reward, String report) {
            writtenAlone.add(id);
            return Optional.of(outcome(id));
        }

        FeedbackOutcome outcome(UUID id) {
            boolean first = feedbackGiven.add(id);
            return new FeedbackOutcome("b", first ? FeedbackState.PENDING : FeedbackState.ACCEPTED,
                    FeedbackState.ACCEPTED, first);
        }

        @Override
        public Inserted insert(UUID id, String banditId, String requestKey, String requestId, int epoch,
                boolean mayLearn, double[] context, String contextDigest, int action, double propensity,
                int waitSeconds, int shard, String arm) {
            writtenAlone.add(id);
            aloneStarted.countDown();
            if (aloneGate != null) {
                try {
                    aloneGate.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
            if (bad.contains(id)) {
                throw new DuplicateKeyException("duplicate key value violates unique constraint \"decision_request\"");
            }
            return new Inserted(mayLearn ? 2 : null);
        }
    }

    /** Transactions that do nothing, or whose commit fails. */
    static class StubTransactions extends AbstractPlatformTransactionManager {
        final AtomicBoolean commitFails = new AtomicBoolean();

        @Override
        protected Object doGetTransaction() {
            return new Object();
        }

        @Override
        protected void doBegin(Object transaction, TransactionDefinition definition) {
        }

        @Override
        protected void doCommit(DefaultTransactionStatus status) {
            if (commitFails.get()) {
                throw new TransactionSystemException("connection lost during commit");
            }
        }

        @Override
        protected void doRollback(DefaultTransactionStatus status) {
        }
    }

    static class NoSql extends JdbcTemplate {
        @Override
        public void execute(String sql) {
        }
    }

    GroupCommit start(RecordingStore store, StubTransactions tx, int queueCapacity) {
        return start(store, tx, queueCapacity, 0);
    }

    GroupCommit start(RecordingStore store, StubTransactions tx, int queueCapacity, int directWrites) {
        writes = new GroupCommit(store, new TransactionTemplate(tx), new NoSql(),
                new GroupCommitProperties(true, 1, 256, queueCapacity, directWrites), meters);
        return writes;
    }

    static NewDecision decision(UUID id, String requestId) {
        return new NewDecision(id, "b", "key", requestId, 1, true, new double[] {0.5}, requestId == null ? null : "d",
                0, 0.5, 600, 0, null, 0);
    }

    /** Holds the writer in a first batch, so that what is submitted next queues for the second. */
    Future<Optional<Inserted>> holdTheWriter(RecordingStore store) throws InterruptedException {
        Future<Optional<Inserted>> first = callers.submit(() -> writes.decide(decision(UUID.randomUUID(), null)));
        assertThat(store.firstBatchStarted.await(10, TimeUnit.SECONDS)).isTrue();
        return first;
    }

    void awaitQueued(int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (meters.get("dpbandit.write.queue").gauge().value() < n && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(meters.get("dpbandit.write.queue").gauge().value()).isEqualTo(n);
    }

    @Test
    void belowTheDirectLimitARequestCommitsOnItsOwnThreadAndBeyondItQueuesForABatch() throws Exception {
        RecordingStore store = new RecordingStore();
        store.release.countDown(); // batches do not wait
        start(store, new StubTransactions(), 100, 1);

        UUID lone = UUID.randomUUID();
        assertThat(writes.decide(decision(lone, null))).contains(new Inserted(2));
        assertThat(store.writtenAlone).containsExactly(lone);
        assertThat(store.batches).isEmpty();

        // One direct write in flight (held in the store): the next request is beyond the limit.
        store.aloneGate = new CountDownLatch(1);
        UUID held = UUID.randomUUID();
        Future<Optional<Inserted>> first = callers.submit(() -> writes.decide(decision(held, null)));
        assertThat(store.aloneStarted.await(10, TimeUnit.SECONDS)).isTrue();
        awaitAlone(store, 2);
        UUID queued = UUID.randomUUID();
        assertThat(writes.decide(decision(queued, null))).contains(new Inserted(1));
        assertThat(store.batches).hasSize(1);
        assertThat(store.batches.get(0)).extracting(NewDecision::id).containsExactly(queued);
        assertThat(first.isDone()).as("the direct write is still in flight").isFalse();
        store.aloneGate.countDown();
        assertThat(first.get(10, TimeUnit.SECONDS)).contains(new Inserted(2));
        assertThat(store.writtenAlone).containsExactly(lone, held);

        // Every write answered: the next lone request commits directly again.
        UUID after = UUID.randomUUID();
        assertThat(writes.feedback(new NewFeedback(after, 1.0, null))).isPresent();
        assertThat(store.writtenAlone).containsExactly(lone, held, after);
        assertThat(store.batches).hasSize(1);
    }

    static void awaitAlone(RecordingStore store, int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (store.writtenAlone.size() < n && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(store.writtenAlone).hasSize(n);
    }

    @Test
    void requestsQueuedDuringABatchAreWrittenTogetherAndOneBadRequestFailsAlone() throws Exception {
        RecordingStore store = new RecordingStore();
        start(store, new StubTransactions(), 100);
        Future<Optional<Inserted>> first = holdTheWriter(store);
        List<UUID> ids = new ArrayList<>();
        List<Future<Optional<Inserted>>> answers = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            UUID id = UUID.randomUUID();
            ids.add(id);
            answers.add(callers.submit(() -> writes.decide(decision(id, "r-" + id))));
        }
        store.bad.add(ids.get(4)); // its requestId was taken by another instance meanwhile
        awaitQueued(10);
        store.release.countDown();

        assertThat(first.get(10, TimeUnit.SECONDS)).contains(new Inserted(1));
        for (int i = 0; i < 10; i++) {
            if (i == 4) {
                Future<Optional<Inserted>> bad = answers.get(i);
                assertThatThrownBy(() -> bad.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(DuplicateKeyException.class);
            } else {
                assertThat(answers.get(i).get(10, TimeUnit.SECONDS)).contains(new Inserted(2));
            }
        }
        assertThat(store.batches).hasSize(2);
        assertThat(store.batches.get(1)).extracting(NewDecision::id).containsExactlyInAnyOrderElementsOf(ids);
        // The batch failed as a whole (rolled back), then each was written on its own: nine answered.
        assertThat(store.writtenAlone).containsExactlyInAnyOrderElementsOf(ids);
        assertThat(meters.get("dpbandit.write.batch.size").summary().count()).isEqualTo(2);
        assertThat(meters.get("dpbandit.write.batch.size").summary().max()).isEqualTo(10);
    }

    @Test
    void aRequestIdOrADecisionTwiceInOneBatchIsWrittenOnceAndTheOthersFollowIt() throws Exception {
        RecordingStore store = new RecordingStore();
        start(store, new StubTransactions(), 100);
        Future<Optional<Inserted>> first = holdTheWriter(store);
        List<Future<Optional<Inserted>>> replays = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            replays.add(callers.submit(() -> writes.decide(decision(UUID.randomUUID(), "same"))));
        }
        UUID decided = UUID.randomUUID();
        List<Future<Optional<FeedbackOutcome>>> feedbacks = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            feedbacks.add(callers.submit(() -> writes.feedback(new NewFeedback(decided, 0.5, null))));
        }
        awaitQueued(9);
        store.release.countDown();
        first.get(10, TimeUnit.SECONDS);

        int written = 0;
        int followed = 0;
        for (Future<Optional<Inserted>> r : replays) {
            try {
                assertThat(r.get(10, TimeUnit.SECONDS)).contains(new Inserted(1));
                written++;
            } catch (java.util.concurrent.ExecutionException e) {
                assertThat(e.getCause()).isInstanceOf(DuplicateKeyException.class); // the caller replays the first
                followed++;
            }
        }
        assertThat(written).isEqualTo(1);
        assertThat(followed).isEqualTo(4);
        List<Boolean> firsts = new ArrayList<>();
        for (Future<Optional<FeedbackOutcome>> f : feedbacks) {
            firsts.add(f.get(10, TimeUnit.SECONDS).orElseThrow().first());
        }
        assertThat(firsts).containsExactlyInAnyOrder(true, false, false, false);
        assertThat(store.batches).hasSize(2);
        assertThat(store.batches.get(1)).as("one row for the requestId").hasSize(1);
        assertThat(store.feedbackBatches.get(1)).as("one update for the decision").hasSize(1);
    }

    @Test
    void aFailedCommitAnswersEveryRequestWithTheFailureAndWritesNothingAgain() throws Exception {
        RecordingStore store = new RecordingStore();
        StubTransactions tx = new StubTransactions();
        start(store, tx, 100);
        tx.commitFails.set(true);
        store.release.countDown();
        UUID id = UUID.randomUUID();
        assertThatThrownBy(() -> writes.decide(decision(id, null))).isInstanceOf(TransactionSystemException.class);
        assertThatThrownBy(() -> writes.feedback(new NewFeedback(id, 0.5, null)))
                .isInstanceOf(TransactionSystemException.class);
        assertThat(store.writtenAlone).as("its outcome is unknown: it is not written a second time").isEmpty();
    }

    @Test
    void aFullQueueAnswersBusyAndStoresNothing() throws Exception {
        RecordingStore store = new RecordingStore();
        start(store, new StubTransactions(), 2);
        Future<Optional<Inserted>> first = holdTheWriter(store);
        List<Future<Optional<Inserted>>> queued = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            queued.add(callers.submit(() -> writes.decide(decision(UUID.randomUUID(), null))));
        }
        awaitQueued(2);
        UUID refused = UUID.randomUUID();
        assertThatThrownBy(() -> writes.decide(decision(refused, null))).isInstanceOf(ServiceErrors.Busy.class)
                .hasMessageContaining("queue-capacity")
                .satisfies(e -> assertThat(((ServiceErrors.Busy) e).retryAfterSeconds()).isPositive());
        store.release.countDown();
        first.get(10, TimeUnit.SECONDS);
        for (Future<Optional<Inserted>> q : queued) {
            assertThat(q.get(10, TimeUnit.SECONDS)).isPresent();
        }
        assertThat(store.batches.stream().flatMap(List::stream).map(NewDecision::id)).doesNotContain(refused);
    }
}

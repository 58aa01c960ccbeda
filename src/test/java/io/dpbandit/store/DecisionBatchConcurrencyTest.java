package io.dpbandit.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.store.DecisionStore.BatchResult;
import io.dpbandit.store.DecisionStore.NewDecision;
import io.dpbandit.testing.PostgresJdbcTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.CannotAcquireLockException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Group commit batches written at once (as the writers and direct writes do, each in its own
 * transaction) share an epoch's slot counters: every slot is taken exactly once, the epoch fills
 * exactly, and a batch that finds the epoch full stops and stores its decisions as not learning.
 * Committed for real (other connections must see the bandit), so the rows are removed after.
 */
@PostgresJdbcTest
@Transactional(propagation = Propagation.NOT_SUPPORTED)
class DecisionBatchConcurrencyTest {

    static final String BANDIT = "batched-concurrently";
    static final int LENGTH = 37;

    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    EpochStore epochs;
    @Autowired
    DecisionStore decisions;
    @Autowired
    BanditStateStore states;
    @Autowired
    org.springframework.transaction.PlatformTransactionManager transactions;

    @BeforeEach
    void bandit() {
        StoreFixture.bandit(jdbc, states, epochs, BANDIT, LENGTH);
    }

    @AfterEach
    void remove() {
        for (String table : List.of("decision", "epoch_slot", "epoch", "bandit_state", "bandit")) {
            jdbc.update("DELETE FROM " + table + " WHERE " + (table.equals("bandit") ? "id" : "bandit_id") + " = ?",
                    BANDIT);
        }
    }

    final java.util.concurrent.atomic.AtomicInteger fallbacks = new java.util.concurrent.atomic.AtomicInteger();

    /**
     * Eight batches of seven on four threads for 37 slots over 16 counters (two or three each): a
     * batch needs several counters, so batches contend. None deadlocks (before the rule in
     * takeSlots this failed with "deadlock detected"); one that would wait while holding a counter
     * is refused at once and written request by request.
     */
    @Test
    void concurrentBatchesTakeEachSlotExactlyOnce() throws Exception {
        TransactionTemplate tx = new TransactionTemplate(transactions);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<Integer>>> done = new ArrayList<>();
            for (int w = 0; w < 8; w++) {
                int shard = w * 5;
                done.add(pool.submit(() -> {
                    List<NewDecision> batch = new ArrayList<>();
                    for (int i = 0; i < 7; i++) {
                        batch.add(new NewDecision(UUID.randomUUID(), BANDIT, "test", null, 1, true,
                                new double[] {0.25, 0.75}, null, 1, 0.5, 600, shard, null, 0));
                    }
                    try {
                        BatchResult r = tx.execute(status -> decisions.writeBatch(batch, List.of()));
                        return batch.stream().map(d -> r.decisions().get(d.id()).slot()).toList();
                    } catch (CannotAcquireLockException contended) {
                        // What the group commit does then (never a deadlock): each request on its own.
                        fallbacks.incrementAndGet();
                        return batch.stream().map(d -> decisions.insert(d.id(), BANDIT, "test", null, 1, true,
                                d.context(), null, 1, 0.5, 600, d.shard()).slot()).toList();
                    }
                }));
            }
            List<Integer> slots = new ArrayList<>();
            for (var f : done) {
                slots.addAll(f.get(60, TimeUnit.SECONDS));
            }
            assertThat(slots).hasSize(56);
            assertThat(slots.stream().filter(Objects::nonNull).toList()).doesNotHaveDuplicates()
                    .containsExactlyInAnyOrderElementsOf(IntStream.rangeClosed(1, LENGTH).boxed().toList());
            assertThat(epochs.epoch(BANDIT, 1).orElseThrow().assigned()).isEqualTo(LENGTH);
            assertThat(jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = ? AND slot IS NULL",
                    Long.class, BANDIT)).isEqualTo(56 - LENGTH);
            System.out.println("batches written request by request after contention: " + fallbacks.get());
        } finally {
            pool.shutdownNow();
        }
    }
}

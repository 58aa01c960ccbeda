package io.dpbandit.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.bandit.BanditMetrics;
import io.dpbandit.bandit.EpochStatus;
import io.dpbandit.bandit.FeedbackState;
import io.dpbandit.bandit.Phase;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.codec.BinaryCodec;
import io.dpbandit.runtime.BanditVersion;
import io.dpbandit.runtime.OpenEpoch;
import io.dpbandit.testing.QuietLogs;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The one epoch lifecycle (defaults → plan → fold → seal → close) over an in-memory model of its
 * storage's compare-and-sets, driven by a small fake process: the steps in order, the progress an
 * epoch shows, the races a second instance can cause (a fold or a close that lost commits nothing
 * and releases nothing), and the working memory's lifetime.
 */
@ExtendWith(QuietLogs.class)
@org.junit.jupiter.api.Timeout(60)
class LifecycleEngineTest {

    static final String BANDIT = "b";
    static final double DEFAULT_REWARD = 0.0;
    static final int WAIT_SECONDS = 10;

    InMemoryLifecycleStorage storage;
    MeterRegistry meters;
    LifecycleEngine engine;

    @BeforeEach
    void bandit() {
        storage = new InMemoryLifecycleStorage();
        storage.createBandit(BANDIT, 4, new PrivacyCost(1.0, 0), null);
        meters = new SimpleMeterRegistry();
        engine = new LifecycleEngine(storage, new BanditMetrics(meters), 50);
    }

    OpenEpoch current() {
        return storage.epoch(BANDIT, storage.version(BANDIT).epoch()).orElseThrow();
    }

    Step step(LifecycleEngine on, FakeProcess process, boolean mayPlan) {
        return on.advance(process, DEFAULT_REWARD, current(), mayPlan);
    }

    List<UUID> decide(int n) {
        List<UUID> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ids.add(storage.decide(BANDIT, new double[] {0.1 * i, 0.5}, i % 2, WAIT_SECONDS));
        }
        return ids;
    }

    /** The feedback windows of every decision so far pass. */
    void windowsPass() {
        storage.advanceClock((WAIT_SECONDS + 1) * 1000L);
    }

    /**
     * Every learning round of epoch 1 decided and rewarded (1, 0.5, 0.25, 0.125), and their windows
     * passed: rounds fold when their windows pass, whatever their feedback.
     */
    List<UUID> fillEpochOne() {
        List<UUID> ids = decide(4);
        for (int i = 0; i < ids.size(); i++) {
            assertThat(storage.feedback(ids.get(i), Math.pow(0.5, i), null)).isEqualTo(FeedbackState.ACCEPTED);
        }
        windowsPass();
        return ids;
    }

    double timerCount(String outcome) {
        Timer timer = meters.find("dpbandit.epoch.closes").tag("outcome", outcome).timer();
        return timer == null ? 0 : timer.count();
    }

    double foldedCounter() {
        var counter = meters.find("dpbandit.rounds.folded").counter();
        return counter == null ? 0 : counter.count();
    }

    @Test
    void anEpochGoesThroughDefaultsPlanFoldsSealAndCloseOneStepAtATime() {
        FakeProcess process = new FakeProcess(3, 3, DEFAULT_REWARD, 0.1, 8);
        List<UUID> rounds = decide(4);
        UUID extra = decide(1).get(0);
        assertThat(storage.feedbackOf(extra)).as("past the epoch's slots").isEqualTo(FeedbackState.NOT_USED);
        for (int i = 0; i < 3; i++) {
            storage.feedback(rounds.get(i), 1.0 / (i + 1), null);
        }

        assertThat(step(engine, process, false)).as("planning is not allowed in this step")
                .isEqualTo(Step.NEEDS_PLANNING);
        assertThat(process.memories.get(0).planned).isZero();

        // The windows pass: the silent round is defaulted (bookkeeping for operators) in the same step
        // that still asks for its plan first.
        storage.advanceClock((WAIT_SECONDS + 1) * 1000L);
        assertThat(step(engine, process, false)).isEqualTo(Step.NEEDS_PLANNING);
        assertThat(storage.feedbackOf(rounds.get(3))).isEqualTo(FeedbackState.DEFAULTED);
        assertThat(storage.feedback(rounds.get(3), 0.9, null)).as("a reward after the default").isEqualTo(
                FeedbackState.LATE);

        assertThat(step(engine, process, true)).isEqualTo(Step.PLANNING);
        assertThat(storage.shownProgress(BANDIT, 1)).isEqualTo("PLANNING:STAGE-1@" + (1.0 / 3));
        assertThat(step(engine, process, true)).isEqualTo(Step.PLANNING);
        assertThat(storage.shownProgress(BANDIT, 1)).isEqualTo("PLANNING:STAGE-2@" + (2.0 / 3));
        assertThat(step(engine, process, true)).isEqualTo(Step.PLANNED);
        assertThat(storage.plan(BANDIT, 1)).isPresent();
        assertThat(storage.shownProgress(BANDIT, 1)).as("a stored plan clears the progress").isNull();

        assertThat(step(engine, process, true)).isEqualTo(Step.FOLDED);
        assertThat(storage.shownProgress(BANDIT, 1)).isEqualTo("CLOSING:FOLDING@0.75");
        assertThat(step(engine, process, true)).isEqualTo(Step.FOLDED);
        assertThat(storage.shownProgress(BANDIT, 1)).isEqualTo("CLOSING:FOLDING@1.0");
        assertThat(foldedCounter()).isEqualTo(4);
        assertThat(current().status()).isEqualTo(EpochStatus.OPEN);

        assertThat(step(engine, process, true)).isEqualTo(Step.SEALED);
        assertThat(current().status()).isEqualTo(EpochStatus.SEALED);
        OpenEpoch sealed = current();

        assertThat(step(engine, process, true)).isEqualTo(Step.CLOSED);
        assertThat(storage.progressWrites()).filteredOn(p -> p.epoch() == 1)
                .extracting(InMemoryLifecycleStorage.Progress::stage).containsExactly("PLANNING:STAGE-1",
                        "PLANNING:STAGE-2", "CLOSING:FOLDING", "CLOSING:FOLDING", "CLOSING:RELEASING");
        assertThat(storage.shownProgress(BANDIT, 1)).as("the close clears the progress").isNull();
        // The defaulted round counts with the default reward, its late reward with nothing.
        assertThat(process.releasedSums).containsExactly(1.0 + 0.5 + 1.0 / 3 + DEFAULT_REWARD);
        assertThat(storage.releasedModels(BANDIT)).hasSize(1);
        assertThat(storage.ledger(BANDIT)).singleElement().satisfies(c -> {
            assertThat(c.cost().epsilon()).isEqualTo(0.1);
            assertThat(c.epoch()).isEqualTo(1);
        });
        assertThat(storage.version(BANDIT)).isEqualTo(new BanditVersion(2, Phase.EXPLORE,
                1));
        assertThat(storage.rounds(BANDIT)).isEqualTo(4);
        assertThat(storage.epoch(BANDIT, 2).orElseThrow().length()).isEqualTo(8);
        assertThat(timerCount("CLOSED")).isEqualTo(1);

        assertThat(engine.advance(process, DEFAULT_REWARD, sealed, true)).as("a stale view of the closed epoch")
                .isEqualTo(Step.NONE);
        assertThat(storage.ledger(BANDIT)).hasSize(1);
    }

    @Test
    void roundsFoldBeforeTheEpochIsFullWithoutShowingAClosingFraction() {
        FakeProcess process = new FakeProcess(0, 10, DEFAULT_REWARD, 0.1);
        List<UUID> two = decide(2);
        two.forEach(id -> storage.feedback(id, 0.5, null));
        assertThat(step(engine, process, true)).as("rewarded, but the windows are open: nothing folds yet")
                .isEqualTo(Step.NONE);
        windowsPass();
        assertThat(step(engine, process, true)).isEqualTo(Step.FOLDED);
        assertThat(storage.progressWrites()).isEmpty();
        assertThat(step(engine, process, true)).as("slots are left: no seal").isEqualTo(Step.NONE);

        List<UUID> rest = decide(2);
        assertThat(step(engine, process, true)).as("windows open: nothing to fold or seal").isEqualTo(Step.NONE);
        assertThat(current().status()).isEqualTo(EpochStatus.OPEN);
        rest.forEach(id -> storage.feedback(id, 0.5, null));
        assertThat(step(engine, process, true)).as("every reward in, windows still open").isEqualTo(Step.NONE);
        windowsPass();
        assertThat(step(engine, process, true)).isEqualTo(Step.FOLDED);
        assertThat(storage.shownProgress(BANDIT, 1)).isEqualTo("CLOSING:FOLDING@1.0");
        assertThat(step(engine, process, true)).isEqualTo(Step.SEALED);
        assertThat(step(engine, process, true)).isEqualTo(Step.CLOSED);
        assertThat(process.releasedSums).containsExactly(2.0);
        assertThat(storage.version(BANDIT).phase()).as("no next epoch").isEqualTo(Phase.EXPLOIT);
        assertThat(storage.openEpochs()).isEmpty();
    }

    @Test
    void aFoldWhoseCompareAndSetFailsCommitsNothing() {
        FakeProcess slow = new FakeProcess(0, 10, DEFAULT_REWARD, 0.1);
        FakeProcess fast = new FakeProcess(0, 10, DEFAULT_REWARD, 0.1);
        LifecycleEngine other = new LifecycleEngine(storage, new BanditMetrics(new SimpleMeterRegistry()), 50);
        List<UUID> ids = fillEpochOne();
        // The other instance folds the same rounds while this one is computing its fold.
        slow.duringFold = epoch -> {
            slow.duringFold = e -> { };
            assertThat(other.advance(fast, DEFAULT_REWARD, epoch, true)).isEqualTo(Step.FOLDED);
        };
        assertThat(step(engine, slow, true)).isEqualTo(Step.NONE);
        assertThat(slow.folds).isEqualTo(1);
        assertThat(foldedCounter()).as("this instance folded nothing").isZero();
        assertThat(current().folded()).as("the rounds are in once").isEqualTo(4);
        assertThat(storage.foldedRounds(BANDIT, 1)).isEqualTo(ids.size());
        assertThat(BinaryCodec.doubles(storage.accumulatorBytes(BANDIT, 1))).containsExactly(1.875, 4.0);

        // Then it carries on from what the other instance committed: nothing is left to fold.
        assertThat(step(engine, slow, true)).isEqualTo(Step.SEALED);
        assertThat(step(engine, slow, true)).isEqualTo(Step.CLOSED);
        assertThat(slow.releasedSums).containsExactly(1.875);
    }

    /**
     * The window between reading the rounds and reading the accumulator: another instance folds the
     * same rounds there, so the folded count this fold expects is current, but its rounds are in the
     * sum already. It must commit nothing (counted twice, they would also leave the epoch with more
     * rounds folded than assigned, and it could never close).
     */
    @Test
    void roundsFoldedByAnotherInstanceAfterTheyWereReadAreNotFoldedAgain() {
        FakeProcess late = new FakeProcess(0, 10, DEFAULT_REWARD, 0.1);
        FakeProcess other = new FakeProcess(0, 10, DEFAULT_REWARD, 0.1);
        LifecycleEngine otherEngine = new LifecycleEngine(storage, new BanditMetrics(new SimpleMeterRegistry()), 50);
        fillEpochOne();
        OpenEpoch seen = current();
        storage.afterNextRoundsToFold(() -> assertThat(otherEngine.advance(other, DEFAULT_REWARD, seen, true))
                .isEqualTo(Step.FOLDED));
        assertThat(engine.advance(late, DEFAULT_REWARD, seen, true)).isEqualTo(Step.NONE);
        assertThat(late.folds).as("it computed its fold from the moved-on accumulator").isEqualTo(1);
        assertThat(current().folded()).isEqualTo(4);
        assertThat(BinaryCodec.doubles(storage.accumulatorBytes(BANDIT, 1))).containsExactly(1.875, 4.0);
        assertThat(step(engine, late, true)).isEqualTo(Step.SEALED);
        assertThat(step(engine, late, true)).isEqualTo(Step.CLOSED);
        assertThat(late.releasedSums).containsExactly(1.875);
    }

    @Test
    void aFoldOverAStalePolicyVersionCommitsNothing() {
        FakeProcess stale = new FakeProcess(0, 10, DEFAULT_REWARD, 0.1);
        stale.policyVersion = 7L; // the stored state is at version 0
        fillEpochOne();
        assertThat(step(engine, stale, true)).isEqualTo(Step.NONE);
        assertThat(current().folded()).isZero();
        assertThat(storage.accumulatorBytes(BANDIT, 1)).isNull();
        assertThat(storage.foldedRounds(BANDIT, 1)).isZero();
        assertThat(storage.policyState(BANDIT)).isEmpty();
        assertThat(storage.version(BANDIT).version()).isZero();

        FakeProcess current = new FakeProcess(0, 10, DEFAULT_REWARD, 0.1);
        current.policyVersion = 0L;
        assertThat(step(engine, current, true)).isEqualTo(Step.FOLDED);
        assertThat(storage.version(BANDIT).version()).as("the policy state moved on").isEqualTo(1);
        assertThat(new String(storage.policyState(BANDIT).orElseThrow())).isEqualTo("state after 4.0 rounds");
    }

    @Test
    void aCloseThatFindsTheAccumulatorDroppedByAnotherInstanceReleasesNothing() {
        FakeProcess late = new FakeProcess(0, 10, DEFAULT_REWARD, 0.1, 8);
        FakeProcess winner = new FakeProcess(0, 10, DEFAULT_REWARD, 0.1, 8);
        MeterRegistry otherMeters = new SimpleMeterRegistry();
        LifecycleEngine other = new LifecycleEngine(storage, new BanditMetrics(otherMeters), 50);
        fillEpochOne();
        assertThat(step(engine, late, true)).isEqualTo(Step.FOLDED);
        assertThat(step(engine, late, true)).isEqualTo(Step.SEALED);
        OpenEpoch sealed = current();

        assertThat(other.advance(winner, DEFAULT_REWARD, sealed, true)).isEqualTo(Step.CLOSED);
        assertThat(engine.advance(late, DEFAULT_REWARD, sealed, true)).isEqualTo(Step.NONE);
        assertThat(late.releases).as("no noise drawn, nothing released").isZero();
        assertThat(timerCount("LOST_RACE")).isEqualTo(1);
        assertThat(timerCount("CLOSED")).isZero();
        assertThat(storage.ledger(BANDIT)).as("one release, one charge").hasSize(1);
        assertThat(storage.releasedModels(BANDIT)).hasSize(1);
        assertThat(storage.version(BANDIT).epoch()).isEqualTo(2);
    }

    @Test
    void aCloseWithoutAnAccumulatorThatLosesTheCommitChangesNothing() {
        FakeProcess late = new FakeProcess(0, 10, DEFAULT_REWARD, 0.1);
        late.accumulates = false;
        FakeProcess winner = new FakeProcess(0, 10, DEFAULT_REWARD, 0.1);
        winner.accumulates = false;
        LifecycleEngine other = new LifecycleEngine(storage, new BanditMetrics(new SimpleMeterRegistry()), 50);
        fillEpochOne();
        step(engine, late, true);
        step(engine, late, true);
        OpenEpoch sealed = current();
        assertThat(sealed.status()).isEqualTo(EpochStatus.SEALED);

        assertThat(other.advance(winner, DEFAULT_REWARD, sealed, true)).isEqualTo(Step.CLOSED);
        assertThat(engine.advance(late, DEFAULT_REWARD, sealed, true)).isEqualTo(Step.NONE);
        assertThat(late.releases).as("its release was computed and dropped unseen").isEqualTo(1);
        assertThat(timerCount("LOST_RACE")).isEqualTo(1);
        assertThat(storage.ledger(BANDIT)).hasSize(1);
        assertThat(storage.rounds(BANDIT)).as("the rounds counted once").isEqualTo(4);
    }

    @Test
    void twoEnginesOnOneStorageCloseAnEpochExactlyOnce() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int trial = 0; trial < 500; trial++) {
                bandit();
                fillEpochOne();
                List<LifecycleEngine> engines = List.of(engine,
                        new LifecycleEngine(storage, new BanditMetrics(new SimpleMeterRegistry()), 50));
                List<FakeProcess> processes = List.of(new FakeProcess(2, 1, DEFAULT_REWARD, 0.1, 8),
                        new FakeProcess(2, 1, DEFAULT_REWARD, 0.1, 8));
                CountDownLatch start = new CountDownLatch(1);
                List<Future<Integer>> closes = new ArrayList<>();
                for (int i = 0; i < 2; i++) {
                    int instance = i;
                    closes.add(pool.submit(() -> {
                        start.await();
                        int closed = 0;
                        for (int s = 0; s < 1_000; s++) {
                            OpenEpoch epoch = storage.epoch(BANDIT, 1).orElseThrow();
                            if (epoch.status() == EpochStatus.CLOSED) {
                                break;
                            }
                            Step step = engines.get(instance).advance(processes.get(instance), DEFAULT_REWARD, epoch,
                                    true);
                            closed += step == Step.CLOSED ? 1 : 0;
                        }
                        return closed;
                    }));
                }
                start.countDown();
                int closed = 0;
                for (Future<Integer> f : closes) {
                    closed += f.get(30, TimeUnit.SECONDS);
                }
                assertThat(closed).as("trial %d", trial).isEqualTo(1);
                assertThat(storage.ledger(BANDIT)).hasSize(1);
                assertThat(storage.releasedModels(BANDIT)).singleElement().asString()
                        .contains("\"sum\": 1.875", "\"rounds\": 4.0");
                assertThat(storage.rounds(BANDIT)).isEqualTo(4);
                assertThat(storage.epoch(BANDIT, 2)).isPresent();
                assertThat(processes.get(0).releases + processes.get(1).releases).isBetween(1, 2);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void workingMemoryCarriesToTheNextEpochAndForgetDropsIt() {
        FakeProcess process = new FakeProcess(2, 10, DEFAULT_REWARD, 0.1, 8);
        fillEpochOne();
        Step step;
        do {
            step = step(engine, process, true);
        } while (step != Step.CLOSED);
        assertThat(process.memories).hasSize(1);
        FakeProcess.Work first = process.memories.get(0);
        assertThat(first.epoch).isEqualTo(1);

        assertThat(step(engine, process, true)).isEqualTo(Step.PLANNING);
        assertThat(process.memories).hasSize(2);
        FakeProcess.Work second = process.memories.get(1);
        assertThat(second.epoch).isEqualTo(2);
        assertThat(second.previous).as("epoch 2 starts from epoch 1's memory").isSameAs(first);
        assertThat(second.planned).isEqualTo(1);
        step(engine, process, true);
        assertThat(process.memories).as("the same memory for the same epoch").hasSize(2);
        assertThat(second.planned).isEqualTo(2);

        engine.forget();
        // The plan of epoch 2 is stored by now; the fresh memory begins with nothing from before.
        assertThat(step(engine, process, true)).isEqualTo(Step.NONE);
        assertThat(process.memories).hasSize(3);
        assertThat(process.memories.get(2).epoch).isEqualTo(2);
        assertThat(process.memories.get(2).previous).isNull();
    }

    @Test
    void forgettingMidPlanRestartsThePlanFromItsFirstStage() {
        FakeProcess process = new FakeProcess(3, 10, DEFAULT_REWARD, 0.1);
        assertThat(step(engine, process, true)).isEqualTo(Step.PLANNING);
        assertThat(step(engine, process, true)).isEqualTo(Step.PLANNING);
        assertThat(storage.shownProgress(BANDIT, 1)).startsWith("PLANNING:STAGE-2");
        engine.forget();
        assertThat(step(engine, process, true)).isEqualTo(Step.PLANNING);
        assertThat(storage.shownProgress(BANDIT, 1)).startsWith("PLANNING:STAGE-1");
        assertThat(process.memories).hasSize(2);
        assertThat(process.memories.get(1).previous).isNull();
    }

    @Test
    void theLastEpochsCloseDropsItsMemory() {
        FakeProcess process = new FakeProcess(0, 10, DEFAULT_REWARD, 0.1);
        fillEpochOne();
        assertThat(step(engine, process, true)).isEqualTo(Step.FOLDED);
        assertThat(step(engine, process, true)).isEqualTo(Step.SEALED);
        OpenEpoch sealed = current();
        assertThat(step(engine, process, true)).isEqualTo(Step.CLOSED);
        assertThat(storage.version(BANDIT).phase()).isEqualTo(Phase.EXPLOIT);
        assertThat(process.memories).hasSize(1);
        assertThat(engine.advance(process, DEFAULT_REWARD, sealed, true)).isEqualTo(Step.NONE);
        assertThat(process.memories).as("memory built again: the close dropped it").hasSize(2);
        assertThat(process.memories.get(1).previous).isNull();
    }

    @Test
    void aChargeBeyondTheBudgetClosesNothing() {
        FakeProcess greedy = new FakeProcess(0, 10, DEFAULT_REWARD, 1.5);
        fillEpochOne();
        step(engine, greedy, true);
        step(engine, greedy, true);
        assertThat(current().status()).isEqualTo(EpochStatus.SEALED);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> step(engine, greedy, true))
                .isInstanceOf(io.dpbandit.bandit.ServiceErrors.BudgetExhausted.class);
        assertThat(current().status()).isEqualTo(EpochStatus.SEALED);
        assertThat(storage.ledger(BANDIT)).isEmpty();
        assertThat(storage.releasedModels(BANDIT)).isEmpty();
        assertThat(storage.version(BANDIT).epoch()).isEqualTo(1);
        assertThat(storage.rounds(BANDIT)).isZero();
    }
}

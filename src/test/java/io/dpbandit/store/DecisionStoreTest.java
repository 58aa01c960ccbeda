package io.dpbandit.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.bandit.FeedbackState;
import io.dpbandit.runtime.Round;
import io.dpbandit.testing.PostgresJdbcTest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * DecisionStore on PostgreSQL: a decision takes one of its epoch's T_r learning slots in the same
 * statement that inserts it (over the 16 counters; NOT_USED once all are taken), feedback is judged
 * against the wait on the database clock (ACCEPTED before it, LATE after it or after the round was
 * defaulted, and only the first counts), and the lifecycle's reads: waited-out rounds defaulted,
 * settled rounds in slot order, and in decision order up to the first pending one.
 */
@PostgresJdbcTest
class DecisionStoreTest {

    static final String BANDIT = "decisions";
    static final int LENGTH = 37;

    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    EpochStore epochs;
    @Autowired
    DecisionStore decisions;
    @Autowired
    LifecycleRounds rounds;
    @Autowired
    DecisionRetention retention;
    @Autowired
    DecisionLookups lookups;
    @Autowired
    BanditStateStore states;

    @BeforeEach
    void bandit() {
        StoreFixture.bandit(jdbc, states, epochs, BANDIT, LENGTH);
    }

    UUID insert(boolean mayLearn, int waitSeconds, int shard, String requestId) {
        UUID id = UUID.randomUUID();
        decisions.insert(id, BANDIT, "test", requestId, 1, mayLearn, new double[] {0.25, 0.75}, "digest", 1, 0.5,
                waitSeconds, shard);
        return id;
    }

    FeedbackState state(UUID id) {
        return FeedbackState.valueOf(jdbc.queryForObject("SELECT feedback FROM decision WHERE id = ?", String.class,
                id));
    }

    @Test
    void decisionsTakeExactlyTheEpochsSlotsOverTheSixteenCountersThenNone() {
        List<Integer> slots = new ArrayList<>();
        for (int i = 0; i < LENGTH + 5; i++) {
            UUID id = UUID.randomUUID();
            // Every request asks for shard 3: the counters nearest to it with slots left serve it.
            slots.add(decisions.insert(id, BANDIT, "test", null, 1, true, new double[] {i}, "d", 0, 0.5, 600, 3).slot());
        }
        assertThat(slots.subList(0, LENGTH)).doesNotContainNull().doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(IntStream.rangeClosed(1, LENGTH).boxed().toList());
        assertThat(slots.subList(LENGTH, LENGTH + 5)).containsOnlyNulls();
        assertThat(epochs.epoch(BANDIT, 1).orElseThrow().assigned()).isEqualTo(LENGTH);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM epoch_slot WHERE bandit_id = ? AND used <> quota",
                Long.class, BANDIT)).isZero();
        Map<FeedbackState, Long> counts = retention.feedbackCounts(BANDIT);
        assertThat(counts.get(FeedbackState.PENDING)).isEqualTo(LENGTH);
        assertThat(counts.get(FeedbackState.NOT_USED)).isEqualTo(5);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = ? AND slot IS NULL "
                + "AND context IS NOT NULL", Long.class, BANDIT)).as("no raw context kept without a slot").isZero();
        assertThat(retention.decisionCount(BANDIT)).isEqualTo(LENGTH + 5);
    }

    @Test
    void aDecisionThatMayNotLearnTakesNoSlot() {
        UUID id = insert(false, 600, 0, "r-1");
        assertThat(state(id)).isEqualTo(FeedbackState.NOT_USED);
        assertThat(epochs.epoch(BANDIT, 1).orElseThrow().assigned()).isZero();
        assertThat(lookups.findByRequest(BANDIT, "r-1")).hasValueSatisfying(d -> {
            assertThat(d.id()).isEqualTo(id);
            assertThat(d.learning()).isFalse();
            assertThat(d.contextDigest()).isEqualTo("digest");
        });
        assertThat(lookups.owner(id)).contains(new DecisionLookups.Owner(BANDIT, 1, false, io.dpbandit.bandit.Serving.ACTIVE, false));
        assertThat(decisions.feedback(id, 1.0)).hasValueSatisfying(f -> {
            assertThat(f.after()).isEqualTo(FeedbackState.NOT_USED);
            assertThat(f.first()).isTrue();
        });
    }

    @Test
    void aRewardBeforeTheWaitIsAcceptedAndASecondChangesNothing() {
        UUID id = insert(true, 600, 0, null);
        assertThat(lookups.owner(id)).contains(new DecisionLookups.Owner(BANDIT, 1, true, io.dpbandit.bandit.Serving.ACTIVE));
        assertThat(decisions.feedback(id, 0.7)).contains(new DecisionStore.FeedbackOutcome(BANDIT,
                FeedbackState.PENDING, FeedbackState.ACCEPTED, true));
        assertThat(decisions.feedback(id, 0.1)).as("a duplicate").contains(new DecisionStore.FeedbackOutcome(BANDIT,
                FeedbackState.ACCEPTED, FeedbackState.ACCEPTED, false));
        assertThat(jdbc.queryForObject("SELECT reward FROM decision WHERE id = ?", Double.class, id)).isEqualTo(0.7);
        assertThat(decisions.feedback(UUID.randomUUID(), 1.0)).isEmpty();
    }

    @Test
    void aRewardAfterTheWaitIsLateAndNotStored() {
        UUID id = insert(true, 0, 0, null);
        assertThat(decisions.feedback(id, 0.9)).contains(new DecisionStore.FeedbackOutcome(BANDIT,
                FeedbackState.PENDING, FeedbackState.LATE, true));
        assertThat(jdbc.queryForObject("SELECT reward FROM decision WHERE id = ?", Double.class, id)).isNull();
        assertThat(rounds.waiting(BANDIT, 1, rounds.clock())).as("its window has passed").isZero();
    }

    @Test
    void waitedOutRoundsAreDefaultedAndARewardAfterThatIsLate() {
        UUID waitedOut = insert(true, 0, 0, null);
        UUID waiting = insert(true, 600, 1, null);
        UUID accepted = insert(true, 600, 2, null);
        decisions.feedback(accepted, 0.4);
        // The accepted round waits for its window like the silent one: what folds never depends on
        // whether feedback came.
        Instant now = rounds.clock();
        assertThat(rounds.waiting(BANDIT, 1, now)).isEqualTo(3);

        assertThat(rounds.defaultWaitedOut(BANDIT, 1, -0.25, now)).isEqualTo(1);
        assertThat(rounds.defaultWaitedOut(BANDIT, 1, -0.25, now)).as("once").isZero();
        assertThat(state(waitedOut)).isEqualTo(FeedbackState.DEFAULTED);
        assertThat(state(waiting)).isEqualTo(FeedbackState.PENDING);
        assertThat(state(accepted)).isEqualTo(FeedbackState.ACCEPTED);
        assertThat(jdbc.queryForObject("SELECT reward FROM decision WHERE id = ?", Double.class, waitedOut))
                .isEqualTo(-0.25);

        assertThat(decisions.feedback(waitedOut, 0.9)).contains(new DecisionStore.FeedbackOutcome(BANDIT,
                FeedbackState.DEFAULTED, FeedbackState.LATE, true));
        assertThat(jdbc.queryForObject("SELECT reward FROM decision WHERE id = ?", Double.class, waitedOut))
                .as("still the default").isEqualTo(-0.25);
        assertThat(decisions.feedback(waitedOut, 0.9).orElseThrow().first()).isFalse();
        assertThat(rounds.waiting(BANDIT, 1, now)).isEqualTo(2);
    }

    @Test
    void settledRoundsFoldInSlotOrderOrInDecisionOrderUpToTheFirstPending() {
        List<UUID> ids = StoreFixture.decide(decisions, BANDIT, 1, 6, 600);
        // Decision order 0..5; 2 is still pending, the others are rewarded.
        for (int i : new int[] {0, 1, 3, 4, 5}) {
            decisions.feedback(ids.get(i), i / 10.0);
        }
        assertThat(rounds.unfolded(BANDIT, 1, 100, rounds.clock())).as("windows still open").isEmpty();
        assertThat(rounds.settledInDecisionOrder(BANDIT, 1, 100, rounds.clock())).isEmpty();
        Instant later = rounds.clock().plusSeconds(3600);
        List<Round> settled = rounds.unfolded(BANDIT, 1, 100, later);
        assertThat(settled).extracting(Round::id).containsExactlyInAnyOrder(ids.get(0), ids.get(1),
                ids.get(3), ids.get(4), ids.get(5));
        assertThat(settled).extracting(Round::slot).isSorted();
        assertThat(rounds.unfolded(BANDIT, 1, 2, later)).hasSize(2);

        List<Round> ordered = rounds.settledInDecisionOrder(BANDIT, 1, 100, later);
        assertThat(ordered).extracting(Round::id).containsExactly(ids.get(0), ids.get(1));
        Round first = ordered.get(0);
        assertThat(first.context()).containsExactly(0.0, 0.5);
        assertThat(first.feedback()).isEqualTo(FeedbackState.ACCEPTED);
        assertThat(first.rewardOr(0.9)).isEqualTo(0.0);

        rounds.markFolded(List.of(ids.get(0), ids.get(1)));
        assertThat(rounds.settledInDecisionOrder(BANDIT, 1, 100, later)).as("stops at the pending round").isEmpty();
        decisions.feedback(ids.get(2), 0.2);
        assertThat(rounds.settledInDecisionOrder(BANDIT, 1, 100, later)).extracting(Round::id)
                .containsExactly(ids.get(2), ids.get(3), ids.get(4), ids.get(5));
        assertThat(rounds.unfolded(BANDIT, 1, 100, later)).hasSize(4);
    }

    @Test
    void aRoundIsMarkedFoldedOnlyOnce() {
        List<UUID> ids = StoreFixture.decide(decisions, BANDIT, 1, 3, 600);
        ids.forEach(id -> decisions.feedback(id, 0.5));
        assertThat(rounds.markFolded(ids.subList(0, 2))).isEqualTo(2);
        assertThat(rounds.markFolded(List.of(ids.get(1), ids.get(2)))).as("one of them was folded").isEqualTo(1);
        assertThat(rounds.markFolded(ids)).isZero();
        assertThat(rounds.unfolded(BANDIT, 1, 10, rounds.clock().plusSeconds(3600))).isEmpty();
    }

    @Test
    void aLateRoundCountsWithTheDefaultReward() {
        UUID late = insert(true, 0, 0, null);
        decisions.feedback(late, 0.9);
        Round round = rounds.unfolded(BANDIT, 1, 10, rounds.clock()).get(0);
        assertThat(round.feedback()).isEqualTo(FeedbackState.LATE);
        assertThat(round.rewardOr(0.125)).isEqualTo(0.125);
        assertThat(round.acceptedReport()).isNull();
    }

    @Test
    void rawDataOfFoldedRoundsIsForgottenAfterTheRetention() {
        List<UUID> ids = StoreFixture.decide(decisions, BANDIT, 1, 3, 600);
        ids.forEach(id -> decisions.feedback(id, 0.5));
        rounds.markFolded(ids.subList(0, 2));
        assertThat(retention.forgetRawData(3600, 100)).as("folded too recently").isZero();
        assertThat(retention.forgetRawData(0, 1)).as("at most the limit").isEqualTo(1);
        assertThat(retention.forgetRawData(0, 100)).isEqualTo(1);
        List<Object[]> raw = jdbc.query("SELECT id, context IS NULL, reward IS NULL FROM decision WHERE bandit_id = ?",
                (rs, i) -> new Object[] {rs.getObject(1, UUID.class), rs.getBoolean(2), rs.getBoolean(3)}, BANDIT);
        assertThat(raw).filteredOn(r -> Objects.equals(r[0], ids.get(2))).singleElement()
                .satisfies(r -> assertThat(r).containsExactly(ids.get(2), false, false));
        assertThat(raw).filteredOn(r -> !Objects.equals(r[0], ids.get(2)))
                .allSatisfy(r -> assertThat(r[1]).isEqualTo(true)).allSatisfy(r -> assertThat(r[2]).isEqualTo(true));
    }
}

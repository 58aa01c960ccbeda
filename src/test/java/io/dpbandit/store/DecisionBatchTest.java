package io.dpbandit.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.bandit.FeedbackState;
import io.dpbandit.bandit.Serving;
import io.dpbandit.bandit.UserDigests;
import io.dpbandit.store.DecisionStore.BatchResult;
import io.dpbandit.store.DecisionStore.FeedbackOutcome;
import io.dpbandit.store.DecisionStore.NewDecision;
import io.dpbandit.store.DecisionStore.NewFeedback;
import io.dpbandit.testing.PostgresJdbcTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * DecisionStore's group commit on PostgreSQL: a batch of decisions takes its epoch's slots exactly
 * as the same decisions one by one would (slots 1..T_r once each, then none, no context without a
 * slot), only while the bandit serves; a user's k rounds hold within a batch; feedback in a batch is
 * judged as on its own (ACCEPTED before the wait, LATE after it, DUPLICATE the second time,
 * NOT_USED, an unknown decision absent); a retired bandit's feedback stores nothing.
 */
@PostgresJdbcTest
class DecisionBatchTest {

    static final String BANDIT = "batched";
    static final int LENGTH = 37;

    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    EpochStore epochs;
    @Autowired
    DecisionStore decisions;
    @Autowired
    DecisionRetention retention;
    @Autowired
    BanditStateStore states;

    @BeforeEach
    void bandit() {
        StoreFixture.bandit(jdbc, states, epochs, BANDIT, LENGTH);
    }

    /** The key id the users' rounds are counted under here (any 16 hex digits: io.dpbandit.bandit.DigestKey). */
    static final String KEY_ID = "00000000000000aa";

    static NewDecision decision(boolean mayLearn, int waitSeconds, int shard, String user, int k) {
        return new NewDecision(UUID.randomUUID(), BANDIT, "test", null, 1, mayLearn, new double[] {0.25, 0.75}, null,
                1, 0.5, waitSeconds, shard, user == null ? null : new UserDigests(KEY_ID, user, List.of()), k);
    }

    FeedbackState state(UUID id) {
        return FeedbackState.valueOf(jdbc.queryForObject("SELECT feedback FROM decision WHERE id = ?", String.class,
                id));
    }

    @Test
    void aBatchTakesTheEpochsSlotsOnceEachThenNone() {
        List<NewDecision> first = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            first.add(decision(i % 10 != 9, 600, 3, null, 0)); // three may not learn
        }
        List<NewDecision> second = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            second.add(decision(true, 600, 11, null, 0));
        }
        BatchResult a = decisions.writeBatch(first, List.of());
        BatchResult b = decisions.writeBatch(second, List.of());
        List<Integer> slots = new ArrayList<>();
        first.forEach(d -> slots.add(a.decisions().get(d.id()).slot()));
        second.forEach(d -> slots.add(b.decisions().get(d.id()).slot()));

        assertThat(slots.stream().filter(Objects::nonNull).toList()).doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(IntStream.rangeClosed(1, LENGTH).boxed().toList());
        for (int i = 9; i < 30; i += 10) {
            assertThat(slots.get(i)).as("a decision that may not learn").isNull();
        }
        assertThat(slots.subList(30, 50).stream().filter(Objects::isNull).count()).as("past T_r").isEqualTo(10);
        assertThat(epochs.epoch(BANDIT, 1).orElseThrow().assigned()).isEqualTo(LENGTH);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM epoch_slot WHERE bandit_id = ? AND used <> quota",
                Long.class, BANDIT)).isZero();
        assertThat(retention.feedbackCounts(BANDIT).get(FeedbackState.PENDING)).isEqualTo(LENGTH);
        assertThat(retention.feedbackCounts(BANDIT).get(FeedbackState.NOT_USED)).isEqualTo(50 - LENGTH);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = ? AND slot IS NULL "
                + "AND context IS NOT NULL", Long.class, BANDIT)).as("no raw context kept without a slot").isZero();
        // Decision order (seq, the order the sequential models fold in) is the order the requests came in.
        List<UUID> arrived = new ArrayList<>(first.stream().map(NewDecision::id).toList());
        arrived.addAll(second.stream().map(NewDecision::id).toList());
        assertThat(jdbc.queryForList("SELECT id FROM decision WHERE bandit_id = ? ORDER BY seq", UUID.class, BANDIT))
                .containsExactlyElementsOf(arrived);
    }

    @Test
    void aBatchForABanditThatDoesNotServeStoresNothing() {
        states.setServing(BANDIT, Serving.PAUSED);
        NewDecision d = decision(true, 600, 0, null, 0);
        assertThat(decisions.writeBatch(List.of(d), List.of()).decisions()).isEmpty();
        assertThat(retention.decisionCount(BANDIT)).isZero();
        assertThat(epochs.epoch(BANDIT, 1).orElseThrow().assigned()).isZero();
    }

    @Test
    void aUsersRoundsHoldWithinABatch() {
        // k = 2: three learnable decisions of one user in one batch, and one of another user.
        List<NewDecision> batch = List.of(decision(true, 600, 0, "u1", 2), decision(true, 600, 1, "u1", 2),
                decision(true, 600, 2, "u1", 2), decision(true, 600, 3, "u2", 2));
        BatchResult r = decisions.writeBatch(batch, List.of());
        assertThat(batch.stream().map(d -> r.decisions().get(d.id()).slot())).filteredOn(Objects::nonNull).hasSize(3);
        assertThat(r.decisions().get(batch.get(2).id()).slot()).as("u1's third").isNull();
        assertThat(jdbc.queryForObject("SELECT rounds FROM user_contribution WHERE bandit_id = ? AND user_digest = 'u1'",
                Integer.class, BANDIT)).isEqualTo(2);
    }

    @Test
    void aUsersRoundIsGivenBackWhenTheEpochHasNoSlotLeft() {
        List<NewDecision> fill = new ArrayList<>();
        for (int i = 0; i < LENGTH; i++) {
            fill.add(decision(true, 600, i, null, 0));
        }
        decisions.writeBatch(fill, List.of());
        NewDecision late = decision(true, 600, 0, "u3", 1);
        assertThat(decisions.writeBatch(List.of(late), List.of()).decisions().get(late.id()).slot()).isNull();
        assertThat(jdbc.queryForObject("SELECT rounds FROM user_contribution WHERE bandit_id = ? AND user_digest = 'u3'",
                Integer.class, BANDIT)).isZero();
    }

    @Test
    void aRetiredBanditsFeedbackStoresNothingInABatchOrOnItsOwn() {
        StoreFixture.bandit(jdbc, states, epochs, "serving", LENGTH);
        NewDecision batched = decision(true, 600, 0, null, 0);
        NewDecision alone = decision(true, 600, 1, null, 0);
        NewDecision served = new NewDecision(UUID.randomUUID(), "serving", "test", null, 1, true, new double[] {0.5, 0.5},
                null, 1, 0.5, 600, 2, null, 0);
        decisions.writeBatch(List.of(batched, alone, served), List.of());
        // Retired after the decisions were made (and after a request thread may have read it serving).
        states.setServing(BANDIT, Serving.RETIRED);

        BatchResult r = decisions.writeBatch(List.of(), List.of(new NewFeedback(batched.id(), 0.7, null),
                new NewFeedback(served.id(), 0.7, null)));
        FeedbackOutcome refused = new FeedbackOutcome(BANDIT, FeedbackState.PENDING, FeedbackState.PENDING, false, null,
                true);
        assertThat(r.feedback().get(batched.id())).isEqualTo(refused);
        assertThat(r.feedback().get(served.id())).as("another bandit's, in the same batch")
                .isEqualTo(new FeedbackOutcome("serving", FeedbackState.PENDING, FeedbackState.ACCEPTED, true));
        assertThat(decisions.feedback(alone.id(), 0.7, null)).contains(refused);
        for (UUID id : List.of(batched.id(), alone.id())) {
            assertThat(state(id)).isEqualTo(FeedbackState.PENDING);
            assertThat(jdbc.queryForObject("SELECT reward IS NULL AND feedback_at IS NULL FROM decision WHERE id = ?",
                    Boolean.class, id)).as("nothing stored, not even when").isTrue();
        }
    }

    @Test
    void feedbackInABatchIsJudgedAsOnItsOwn() {
        NewDecision pending = decision(true, 600, 0, null, 0);
        NewDecision waitedOut = decision(true, 0, 1, null, 0);
        NewDecision notLearning = decision(false, 600, 2, null, 0);
        decisions.writeBatch(List.of(pending, waitedOut, notLearning), List.of());
        UUID unknown = UUID.randomUUID();

        BatchResult r = decisions.writeBatch(List.of(), List.of(new NewFeedback(pending.id(), 0.7, null),
                new NewFeedback(waitedOut.id(), 0.9, null), new NewFeedback(notLearning.id(), 1.0, null),
                new NewFeedback(unknown, 1.0, null)));
        assertThat(r.feedback().get(pending.id())).isEqualTo(new FeedbackOutcome(BANDIT, FeedbackState.PENDING,
                FeedbackState.ACCEPTED, true));
        assertThat(r.feedback().get(waitedOut.id())).isEqualTo(new FeedbackOutcome(BANDIT, FeedbackState.PENDING,
                FeedbackState.LATE, true));
        assertThat(r.feedback().get(notLearning.id())).isEqualTo(new FeedbackOutcome(BANDIT, FeedbackState.NOT_USED,
                FeedbackState.NOT_USED, true));
        assertThat(r.feedback()).doesNotContainKey(unknown);
        assertThat(jdbc.queryForObject("SELECT reward FROM decision WHERE id = ?", Double.class, pending.id()))
                .isEqualTo(0.7);
        assertThat(jdbc.queryForObject("SELECT reward FROM decision WHERE id = ?", Double.class, waitedOut.id()))
                .isNull();

        BatchResult again = decisions.writeBatch(List.of(), List.of(new NewFeedback(pending.id(), 0.1, null)));
        assertThat(again.feedback().get(pending.id())).isEqualTo(new FeedbackOutcome(BANDIT, FeedbackState.ACCEPTED,
                FeedbackState.ACCEPTED, false));
        assertThat(state(pending.id())).isEqualTo(FeedbackState.ACCEPTED);
        assertThat(jdbc.queryForObject("SELECT reward FROM decision WHERE id = ?", Double.class, pending.id()))
                .as("the first reward stays").isEqualTo(0.7);
    }
}

package io.dpbandit.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.bandit.EpochStatus;
import io.dpbandit.bandit.Phase;
import io.dpbandit.codec.BinaryCodec;
import io.dpbandit.runtime.Accumulator;
import io.dpbandit.runtime.OpenEpoch;
import io.dpbandit.testing.PostgresJdbcTest;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * EpochStore's compare-and-sets on PostgreSQL: a plan is stored once, the accumulator only at the
 * fold count it was read at, an epoch seals only once every slot is handed out and closes only when
 * SEALED with every round folded; nothing is written on a closed epoch.
 */
@PostgresJdbcTest
class EpochStoreTest {

    static final String BANDIT = "epochs";

    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    EpochStore epochs;
    @Autowired
    DecisionStore decisions;
    @Autowired
    LifecycleRounds rounds;
    @Autowired
    BanditStateStore states;

    @BeforeEach
    void bandit() {
        StoreFixture.bandit(jdbc, states, epochs, BANDIT, 37);
    }

    OpenEpoch epoch() {
        return epochs.epoch(BANDIT, 1).orElseThrow();
    }

    /** Every slot handed out and every round rewarded and folded: ready to seal and close. */
    List<UUID> fillAndFold() {
        List<UUID> ids = StoreFixture.decide(decisions, BANDIT, 1, 37, 600);
        ids.forEach(id -> decisions.feedback(id, 0.5));
        rounds.markFolded(ids);
        assertThat(epochs.storeAccumulator(BANDIT, 1, 0, 37, BinaryCodec.doubles(new double[] {1, 2}))).isTrue();
        return ids;
    }

    @Test
    void anEpochOpensWithItsSlotsSplitOverSixteenCounters() {
        OpenEpoch e = epoch();
        assertThat(e).isEqualTo(new OpenEpoch(BANDIT, 1, 37, EpochStatus.OPEN, 0, 0, false));
        List<Integer> quotas = jdbc.queryForList("SELECT quota FROM epoch_slot WHERE bandit_id = ? AND epoch = 1 "
                + "ORDER BY shard", Integer.class, BANDIT);
        assertThat(quotas).hasSize(EpochStore.SLOT_SHARDS);
        // Shard j hands out slots j+1, j+17, j+33: 3 slots for j < 5, 2 for the others.
        assertThat(quotas.subList(0, 5)).containsOnly(3);
        assertThat(quotas.subList(5, 16)).containsOnly(2);
        assertThat(quotas.stream().mapToInt(Integer::intValue).sum()).isEqualTo(37);
        assertThat(epochs.openEpochs()).contains(e);
    }

    @Test
    void aPlanIsStoredOnceAndClearsTheProgress() {
        epochs.progress(BANDIT, 1, "PLANNING:SUPPORT", 0.5);
        assertThat(epochs.row(BANDIT, 1).orElseThrow().workStage()).isEqualTo("PLANNING:SUPPORT");
        assertThat(epochs.plan(BANDIT, 1)).isEmpty();
        assertThat(epochs.storePlan(BANDIT, 1, new byte[] {1, 2, 3})).isTrue();
        assertThat(epochs.storePlan(BANDIT, 1, new byte[] {9})).as("a second planner loses").isFalse();
        assertThat(epochs.plan(BANDIT, 1)).hasValueSatisfying(p -> assertThat(p).containsExactly(1, 2, 3));
        assertThat(epoch().planned()).isTrue();
        EpochStore.EpochRow row = epochs.row(BANDIT, 1).orElseThrow();
        assertThat(row.workStage()).isNull();
        assertThat(row.workProgress()).isNull();
        assertThat(row.plannedAt()).isNotNull();
    }

    @Test
    void theAccumulatorIsReplacedOnlyAtTheFoldCountItWasReadAt() {
        assertThat(epochs.accumulator(BANDIT, 1)).isEqualTo(new Accumulator(null, 0));
        assertThat(epochs.accumulator(BANDIT, 1).sums(3)).containsExactly(0, 0, 0);
        byte[] three = BinaryCodec.doubles(new double[] {1.5, -2});
        assertThat(epochs.storeAccumulator(BANDIT, 1, 0, 3, three)).isTrue();
        assertThat(epochs.storeAccumulator(BANDIT, 1, 0, 3, BinaryCodec.doubles(new double[] {9, 9})))
                .as("a fold computed from the count before").isFalse();
        assertThat(epochs.storeAccumulator(BANDIT, 1, 3, 2, BinaryCodec.doubles(new double[] {2.5, -1}))).isTrue();
        Accumulator stored = epochs.accumulator(BANDIT, 1);
        assertThat(stored.folded()).isEqualTo(5);
        assertThat(stored.sums(2)).containsExactly(2.5, -1);
        assertThat(stored.closedElsewhere()).isFalse();
        assertThat(epoch().folded()).isEqualTo(5);
    }

    @Test
    void anEpochSealsOnlyOnceEverySlotIsHandedOut() {
        StoreFixture.decide(decisions, BANDIT, 1, 36, 600);
        assertThat(epoch().assigned()).isEqualTo(36);
        assertThat(epochs.seal(BANDIT, 1)).as("one slot left").isFalse();
        StoreFixture.decide(decisions, BANDIT, 1, 1, 600);
        assertThat(epochs.lockEpoch(BANDIT, 1)).contains(EpochStatus.OPEN);
        assertThat(epochs.seal(BANDIT, 1)).isTrue();
        assertThat(epochs.seal(BANDIT, 1)).as("only from OPEN").isFalse();
        OpenEpoch sealed = epoch();
        assertThat(sealed.status()).isEqualTo(EpochStatus.SEALED);
        assertThat(sealed.assigned()).isEqualTo(37);
        assertThat(epochs.row(BANDIT, 1).orElseThrow().sealedAt()).isNotNull();
        assertThat(epochs.openEpochs()).as("sealed, not yet closed").contains(sealed);
    }

    @Test
    void anEpochClosesOnlyWhenSealedWithEveryRoundFolded() {
        List<UUID> ids = StoreFixture.decide(decisions, BANDIT, 1, 37, 600);
        assertThat(epochs.close(BANDIT, 1, "{\"m\": 1}")).as("still OPEN").isFalse();
        assertThat(epochs.seal(BANDIT, 1)).isTrue();
        assertThat(epochs.storeAccumulator(BANDIT, 1, 0, 36, BinaryCodec.doubles(new double[] {1}))).isTrue();
        assertThat(epochs.close(BANDIT, 1, "{\"m\": 1}")).as("36 of 37 rounds folded").isFalse();
        assertThat(epochs.storeAccumulator(BANDIT, 1, 36, 1, BinaryCodec.doubles(new double[] {2}))).isTrue();
        epochs.progress(BANDIT, 1, "CLOSING:RELEASING", null);
        assertThat(epochs.close(BANDIT, 1, "{\"m\": 1}")).isTrue();
        assertThat(epochs.close(BANDIT, 1, "{\"m\": 2}")).as("once").isFalse();

        EpochStore.EpochRow row = epochs.row(BANDIT, 1).orElseThrow();
        assertThat(row.status()).isEqualTo(EpochStatus.CLOSED);
        assertThat(row.model()).isEqualTo("{\"m\": 1}");
        assertThat(row.workStage()).isNull();
        assertThat(row.closedAt()).isNotNull();
        Accumulator dropped = epochs.accumulator(BANDIT, 1);
        assertThat(dropped.bytes()).as("the close drops the private sum").isNull();
        assertThat(dropped.closedElsewhere()).isTrue();
        assertThat(epochs.releasedModels(BANDIT)).containsExactly("{\"m\": 1}");
        assertThat(ids).hasSize(37);
    }

    @Test
    void nothingIsWrittenOnAClosedEpoch() {
        fillAndFold();
        assertThat(epochs.seal(BANDIT, 1)).isTrue();
        assertThat(epochs.close(BANDIT, 1, null)).isTrue();
        assertThat(epochs.storePlan(BANDIT, 1, new byte[] {1})).isFalse();
        assertThat(epochs.plan(BANDIT, 1)).isEmpty();
        assertThat(epochs.storeAccumulator(BANDIT, 1, 37, 1, new byte[8])).isFalse();
        epochs.progress(BANDIT, 1, "PLANNING:LATE", 0.1);
        assertThat(epochs.row(BANDIT, 1).orElseThrow().workStage()).isNull();
        assertThat(epochs.releasedModels(BANDIT)).as("no model released").isEmpty();
        assertThat(epochs.lockEpoch(BANDIT, 1)).contains(EpochStatus.CLOSED);
        assertThat(epochs.lockEpoch(BANDIT, 9)).isEmpty();
    }

    @Test
    void theWorkListHoldsTheCurrentEpochOfBanditsStillLearning() {
        fillAndFold();
        epochs.seal(BANDIT, 1);
        epochs.close(BANDIT, 1, "{}");
        epochs.insertEpoch(BANDIT, 2, 74);
        assertThat(epochs.openEpochs()).as("bandit_state still says epoch 1")
                .noneMatch(e -> e.banditId().equals(BANDIT));
        assertThat(states.advance(BANDIT, 1, 2, Phase.EXPLORE, 37)).isTrue();
        assertThat(epochs.openEpochs()).filteredOn(e -> e.banditId().equals(BANDIT)).extracting(
                OpenEpoch::number).containsExactly(2);
        assertThat(states.advance(BANDIT, 2, 2, Phase.EXPLOIT, 0)).isTrue();
        assertThat(epochs.openEpochs()).as("exploiting: nothing to do").noneMatch(e -> e.banditId().equals(BANDIT));
        assertThat(epochs.epochs(BANDIT)).extracting(EpochStore.EpochRow::number).containsExactly(1, 2);
    }
}

package io.dpbandit.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dpbandit.bandit.EpochStatus;
import io.dpbandit.bandit.Phase;
import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.runtime.Accumulator;
import io.dpbandit.runtime.EpochProcess;
import io.dpbandit.runtime.OpenEpoch;
import io.dpbandit.runtime.Round;
import io.dpbandit.store.BanditStateStore;
import io.dpbandit.codec.BinaryCodec;
import io.dpbandit.store.DecisionStore;
import io.dpbandit.store.EpochStore;
import io.dpbandit.testing.PostgresJpaTest;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * The lifecycle's transactions on PostgreSQL (JdbcLifecycleStorage over the real stores and
 * ledger), each committed or rolled back as a whole: a fold commits only at the expected folded
 * count and policy version and only for rounds not folded yet, a seal only with every slot handed
 * out and no round pending, a close only once, with its charge, the next epoch and the bandit moved
 * on, or nothing at all. Tests commit for real (no test transaction), each on a bandit of its own.
 */
@PostgresJpaTest
@Transactional(propagation = Propagation.NOT_SUPPORTED)
class JdbcLifecycleStorageTest {

    static final AtomicInteger BANDITS = new AtomicInteger();

    @Autowired
    JdbcLifecycleStorage storage;
    @Autowired
    EpochStore epochs;
    @Autowired
    DecisionStore decisions;
    @Autowired
    io.dpbandit.store.LifecycleRounds rounds;
    @Autowired
    BanditStateStore states;
    @Autowired
    JdbcTemplate jdbc;

    /** A new bandit with epoch 1 of {@code length} slots, every one decided and rewarded; its id. */
    String banditWithRewardedEpoch(int length) {
        String id = "jdbc-" + BANDITS.incrementAndGet();
        jdbc.update("INSERT INTO bandit (id, algorithm, spec, epsilon_total, delta_total) "
                + "VALUES (?, 'CAPRI', '{}'::jsonb, 1.0, 0.0)", id);
        states.insert(id, null);
        epochs.insertEpoch(id, 1, length);
        for (int i = 0; i < length; i++) {
            UUID d = UUID.randomUUID();
            decisions.insert(d, id, "test", null, 1, true, new double[] {i}, "digest", 0, 1.0, 600, i);
            decisions.feedback(d, 0.5);
        }
        return id;
    }

    /** A cutoff after every feedback window of these tests (600 s) has passed. */
    java.time.Instant later() {
        return storage.clock().plusSeconds(3600);
    }

    static List<UUID> ids(List<Round> rounds) {
        List<UUID> ids = new ArrayList<>();
        rounds.forEach(r -> ids.add(r.id()));
        return ids;
    }

    static EpochProcess.Folded sums(double... values) {
        return EpochProcess.Folded.accumulator(BinaryCodec.doubles(values));
    }

    static EpochProcess.EpochRelease release(Integer next, double epsilon) {
        return new EpochProcess.EpochRelease(new EpochProcess.Charge(new PrivacyCost(epsilon, 0),
                new PrivacyCost(1.0, 0), "test release", 1, "SEQUENTIAL"), "{\"released\": true}", null,
                next == null ? Phase.EXPLOIT : Phase.EXPLORE, next, "test");
    }

    @Test
    void aFoldCommitsItsSumAndItsRoundsTogetherOnlyAtTheExpectedCount() {
        String b = banditWithRewardedEpoch(4);
        List<UUID> rounds = ids(storage.roundsToFold(b, 1, EpochProcess.FoldOrder.SETTLED, 2, later()));
        assertThat(rounds).hasSize(2);
        assertThat(storage.commitFold(b, 1, 0, rounds, sums(1.0))).isTrue();
        assertThat(storage.commitFold(b, 1, 0, ids(storage.roundsToFold(b, 1, EpochProcess.FoldOrder.SETTLED, 2, later())),
                sums(9.0))).as("computed from the count before").isFalse();
        Accumulator stored = storage.accumulator(b, 1);
        assertThat(stored.folded()).isEqualTo(2);
        assertThat(stored.sums(1)).containsExactly(1.0);
        assertThat(storage.roundsToFold(b, 1, EpochProcess.FoldOrder.SETTLED, 10, later())).as("the failed fold marked none")
                .hasSize(2).extracting(Round::id).doesNotContainAnyElementsOf(rounds);
    }

    /**
     * Fold shards: shard k of n takes the rounds of slots s with (s − 1) mod n = k; each shard's
     * partial sum commits with the epoch's count and its rounds' marks, only at the shard's expected
     * count and only for rounds not folded yet; the close releases from the epoch's sum plus every
     * shard's, and drops them all; a shard's fold after the close commits nothing.
     */
    @Test
    void foldShardsCommitTheirOwnPartialSumsAndTheCloseAddsThemUpAndDropsThem() {
        String b = banditWithRewardedEpoch(6);
        List<Round> shard1 = storage.roundsToFold(b, 1, new FoldShard(1, 2), 10, later());
        assertThat(shard1).extracting(Round::slot).containsExactly(2, 4, 6);
        List<Round> shard0 = storage.roundsToFold(b, 1, new FoldShard(0, 2), 2, later());
        assertThat(shard0).extracting(Round::slot).containsExactly(1, 3);

        assertThat(storage.commitShardFold(b, 1, 1, 0, ids(shard1), BinaryCodec.doubles(new double[] {1.0, 2.0})))
                .as("the epoch's count after it").isEqualTo(3);
        assertThat(storage.commitShardFold(b, 1, 1, 0, ids(shard0), BinaryCodec.doubles(new double[] {9.0, 9.0})))
                .as("shard 1 holds 3 rounds now, not 0").isEqualTo(-1);
        assertThat(storage.commitShardFold(b, 1, 0, 0, ids(shard1), BinaryCodec.doubles(new double[] {9.0, 9.0})))
                .as("rounds already in a sum").isEqualTo(-1);
        assertThat(storage.commitShardFold(b, 1, 0, 0, ids(shard0), BinaryCodec.doubles(new double[] {0.25, 0.5})))
                .isEqualTo(5);
        assertThat(storage.shardAccumulator(b, 1, 0).folded()).isEqualTo(2);
        assertThat(storage.shardAccumulator(b, 1, 1).sums(2)).containsExactly(1.0, 2.0);
        assertThat(storage.shardAccumulator(b, 1, 5).bytes()).as("a shard not folded yet").isNull();
        // The last round through the epoch's own sum (fold shards set to 1 since): its count is the total.
        List<Round> last = storage.roundsToFold(b, 1, EpochProcess.FoldOrder.SETTLED, 10, later());
        assertThat(last).extracting(Round::slot).containsExactly(5);
        assertThat(storage.commitFold(b, 1, 5, ids(last), sums(100.0, 100.0))).isTrue();

        Accumulator sealed = storage.sealedAccumulator(b, 1);
        assertThat(sealed.folded()).isEqualTo(6);
        assertThat(sealed.sums(2)).containsExactly(101.25, 102.5);
        assertThat(storage.accumulator(b, 1).sums(2)).as("the epoch's own sum alone").containsExactly(100.0, 100.0);

        assertThat(storage.seal(b, 1, later())).isTrue();
        assertThat(storage.commitClose(b, 1, 6, release(null, 0.1), null)).isTrue();
        assertThat(jdbc.queryForObject("SELECT count(*) FROM fold_shard WHERE bandit_id = ?", Integer.class, b))
                .as("no partial sum outlives the release").isZero();
        assertThat(storage.sealedAccumulator(b, 1).closedElsewhere()).isTrue();
        assertThat(storage.commitShardFold(b, 1, 0, 2, ids(shard0), BinaryCodec.doubles(new double[] {1.0, 1.0})))
                .as("a closed epoch takes no fold").isEqualTo(-1);
        assertThat(epochs.epoch(b, 1).orElseThrow().folded()).isEqualTo(6);
    }

    /**
     * A close that would leave a partial sum behind (an instance of an earlier version, which
     * releases from the epoch's own sum only) is refused by the database, and changes nothing.
     */
    @Test
    void theDatabaseRefusesACloseThatLeavesAPartialSumBehind() {
        String b = banditWithRewardedEpoch(2);
        List<Round> shard = storage.roundsToFold(b, 1, new FoldShard(0, 1), 10, later());
        assertThat(storage.commitShardFold(b, 1, 0, 0, ids(shard), BinaryCodec.doubles(new double[] {1.0})))
                .isEqualTo(2);
        assertThat(storage.seal(b, 1, later())).isTrue();
        assertThatThrownBy(() -> jdbc.update("UPDATE epoch SET status = 'CLOSED', accumulator = NULL WHERE "
                + "bandit_id = ? AND number = 1", b)).hasMessageContaining("still has partial sums");
        assertThat(epochs.epoch(b, 1).orElseThrow().status()).isEqualTo(EpochStatus.SEALED);
        assertThat(storage.commitClose(b, 1, 2, release(null, 0.1), null)).as("this version's close").isTrue();
    }

    /**
     * An instance that read the rounds to fold, then the accumulator after another instance had
     * folded those same rounds, must not fold them again: the sum would count them twice and the
     * epoch's folded count pass its assigned rounds, so it could never close.
     */
    @Test
    void roundsAnotherInstanceFoldedMeanwhileAreNotFoldedTwice() {
        String b = banditWithRewardedEpoch(2);
        List<UUID> seenByBoth = ids(storage.roundsToFold(b, 1, EpochProcess.FoldOrder.SETTLED, 10, later()));
        assertThat(storage.commitFold(b, 1, 0, seenByBoth, sums(1.0))).isTrue();
        Accumulator afterOther = storage.accumulator(b, 1);
        assertThat(storage.commitFold(b, 1, afterOther.folded(), seenByBoth, sums(2.0)))
                .as("the same rounds again").isFalse();
        assertThat(storage.accumulator(b, 1).folded()).isEqualTo(2);
        assertThat(storage.accumulator(b, 1).sums(1)).containsExactly(1.0);
        assertThat(storage.seal(b, 1, later())).isTrue();
        assertThat(storage.commitClose(b, 1, 2, release(null, 0.1), null)).as("the epoch still closes").isTrue();
    }

    @Test
    void aFoldWithAPolicyStateCommitsOnlyOverItsVersion() {
        String b = banditWithRewardedEpoch(2);
        List<UUID> rounds = ids(storage.roundsToFold(b, 1, EpochProcess.FoldOrder.DECISION, 1, later()));
        assertThat(storage.commitFold(b, 1, 0, rounds, EpochProcess.Folded.policyState(new byte[] {1}, 5)))
                .as("the state is at version 0").isFalse();
        assertThat(storage.accumulator(b, 1).folded()).as("nothing of the fold committed").isZero();
        assertThat(storage.commitFold(b, 1, 0, rounds, EpochProcess.Folded.policyState(new byte[] {1}, 0))).isTrue();
        assertThat(states.version(b).orElseThrow().version()).isEqualTo(1);
        assertThat(states.policyState(b)).hasValueSatisfying(s -> assertThat(s).containsExactly(1));
    }

    @Test
    void anEpochSealsWithEverySlotHandedOutAndEveryWindowPassed() {
        String b = "jdbc-" + BANDITS.incrementAndGet();
        jdbc.update("INSERT INTO bandit (id, algorithm, spec, epsilon_total, delta_total) "
                + "VALUES (?, 'CAPRI', '{}'::jsonb, 1.0, 0.0)", b);
        states.insert(b, null);
        epochs.insertEpoch(b, 1, 2);
        UUID first = UUID.randomUUID();
        decisions.insert(first, b, "test", null, 1, true, new double[] {0}, "d", 0, 1.0, 600, 0);
        assertThat(storage.seal(b, 1, later())).as("a slot left").isFalse();
        UUID second = UUID.randomUUID();
        decisions.insert(second, b, "test", null, 1, true, new double[] {1}, "d", 0, 1.0, 600, 1);
        assertThat(rounds.waiting(b, 1, later())).isEqualTo(2);
        assertThat(storage.seal(b, 1, later())).as("rewards pending").isFalse();
        decisions.feedback(first, 0.1);
        decisions.feedback(second, 0.2);
        assertThat(storage.seal(b, 1, storage.clock())).as("every reward in, but the windows still open: the "
                + "seal waits for the windows, never for the feedback").isFalse();
        assertThat(storage.seal(b, 1, later())).isTrue();
        assertThat(storage.seal(b, 1, later())).isFalse();
        assertThat(storage.epoch(b, 1).orElseThrow().status()).isEqualTo(EpochStatus.SEALED);
    }

    @Test
    void aCloseCommitsTheChargeTheModelTheNextEpochAndTheBanditOnce() {
        String b = banditWithRewardedEpoch(2);
        List<UUID> rounds = ids(storage.roundsToFold(b, 1, EpochProcess.FoldOrder.SETTLED, 10, later()));
        assertThat(storage.commitClose(b, 1, 0, release(4, 0.25), null)).as("not sealed").isFalse();
        assertThat(storage.commitFold(b, 1, 0, rounds.subList(0, 1), sums(1.0))).isTrue();
        assertThat(storage.seal(b, 1, later())).isTrue();
        assertThat(storage.commitClose(b, 1, 1, release(4, 0.25), null)).as("a round not folded").isFalse();
        assertThat(jdbc.queryForObject("SELECT count(*) FROM ledger WHERE bandit_id = ?", Long.class, b))
                .as("the charge rolled back with it").isZero();
        assertThat(storage.commitFold(b, 1, 1, rounds.subList(1, 2), sums(2.0))).isTrue();

        assertThat(storage.commitClose(b, 1, 2, release(4, 0.25), null)).isTrue();
        assertThat(storage.commitClose(b, 1, 2, release(4, 0.25), null)).as("once").isFalse();
        assertThat(jdbc.queryForObject("SELECT count(*) FROM ledger WHERE bandit_id = ?", Long.class, b)).isEqualTo(1);
        assertThat(epochs.releasedModels(b)).containsExactly("{\"released\": true}");
        assertThat(storage.epoch(b, 2).orElseThrow().length()).isEqualTo(4);
        assertThat(states.state(b)).contains(new BanditStateStore.State(2, Phase.EXPLORE, 2, 1));
        assertThat(storage.accumulator(b, 1).closedElsewhere()).isTrue();
        assertThat(storage.openEpochs()).filteredOn(e -> e.banditId().equals(b))
                .extracting(OpenEpoch::number).containsExactly(2);
    }

    @Test
    void aCloseBeyondTheBudgetCommitsNothing() {
        String b = banditWithRewardedEpoch(1);
        assertThat(storage.commitFold(b, 1, 0, ids(storage.roundsToFold(b, 1, EpochProcess.FoldOrder.SETTLED, 10, later())),
                sums(1.0))).isTrue();
        assertThat(storage.seal(b, 1, later())).isTrue();
        assertThatThrownBy(() -> storage.commitClose(b, 1, 1, release(2, 1.5), null))
                .isInstanceOf(ServiceErrors.BudgetExhausted.class);
        assertThat(storage.epoch(b, 1).orElseThrow().status()).isEqualTo(EpochStatus.SEALED);
        assertThat(storage.epoch(b, 2)).isEmpty();
        assertThat(states.state(b)).contains(new BanditStateStore.State(1, Phase.EXPLORE, 0, 0));
        assertThat(jdbc.queryForObject("SELECT count(*) FROM ledger WHERE bandit_id = ?", Long.class, b)).isZero();
    }
}

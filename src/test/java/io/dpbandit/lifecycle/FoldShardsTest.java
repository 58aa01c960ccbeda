package io.dpbandit.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.bandit.BanditMetrics;
import io.dpbandit.bandit.EpochStatus;
import io.dpbandit.runtime.Accumulator;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.runtime.EpochProcess;
import io.dpbandit.runtime.OpenEpoch;
import io.dpbandit.runtime.Round;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.codec.BinaryCodec;
import io.dpbandit.testing.QuietLogs;
import io.dpbandit.testing.Specs;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * One CAPRI epoch's fold split into fold shards and shared by two instances (two engines on one
 * storage, with one table of shard locks between them, as PostgreSQL's advisory locks are): the
 * leader folds some shards in {@code advance}, the other instance the rest in {@code help}; the close
 * releases from the sum of every shard, once, with every round in it exactly once.
 *
 * <p>The sums are compared with one sequential fold of the same rounds within the bound of
 * {@link ParallelFoldTest} (2γ_n Σ|x| per coordinate, Higham 2002, eq. 4.4): the shards only change
 * the order of the additions.
 */
@ExtendWith(QuietLogs.class)
class FoldShardsTest {

    static final int SHARDS = 4;

    final InMemoryBandits bandits = new InMemoryBandits();
    final InMemoryLifecycleStorage storage = bandits.storage;
    final Locks locks = new Locks();
    final LifecycleEngine leader = engine(locks.of("leader"));
    final LifecycleEngine helper = engine(locks.of("helper"));
    final SplittableRandom rng = new SplittableRandom(31);

    /** Shard locks in memory: at most one owner per shard of an epoch (pg_try_advisory_lock). */
    static final class Locks {
        final Map<String, String> owners = new HashMap<>();

        FoldShardLocks of(String owner) {
            return new FoldShardLocks() {
                @Override
                public boolean tryLock(String bandit, int epoch, int shard) {
                    synchronized (owners) {
                        return owners.putIfAbsent(bandit + "/" + epoch + "/" + shard, owner) == null
                                || owner.equals(owners.get(bandit + "/" + epoch + "/" + shard));
                    }
                }

                @Override
                public void unlock(String bandit, int epoch, int shard) {
                    synchronized (owners) {
                        owners.remove(bandit + "/" + epoch + "/" + shard, owner);
                    }
                }
            };
        }
    }

    LifecycleEngine engine(FoldShardLocks shardLocks) {
        return new LifecycleEngine(storage, new BanditMetrics(new SimpleMeterRegistry()), 1_000, null, 1, SHARDS,
                shardLocks);
    }

    BanditSpec create() {
        // T = 90 000: T_1 = 300 rounds, 75 per shard.
        return bandits.create(Specs.capri("sharded", 90_000, 600));
    }

    BanditRuntime runtime(BanditSpec spec) {
        return bandits.runtime(spec);
    }

    OpenEpoch current(BanditSpec spec) {
        return bandits.current(spec);
    }

    /** The epoch's rounds with fresh uniform contexts and uniform rewards, every window passed, planned. */
    BanditSpec played() {
        BanditSpec spec = create();
        bandits.play(spec, current(spec).length(), rng);
        for (int i = 0; i < 1_000 && !current(spec).planned(); i++) {
            leader.advance(runtime(spec), current(spec), true);
        }
        assertThat(current(spec).planned()).isTrue();
        return spec;
    }

    @Test
    void theLeaderAndAHelperFoldDisjointShardsAndTheCloseReleasesFromAllOfThem() {
        BanditSpec spec = played();
        OpenEpoch epoch = current(spec);
        List<Round> all = storage.roundsToFold(spec.id(), 1, EpochProcess.FoldOrder.SETTLED, 1_000,
                storage.clock());
        assertThat(all).hasSize(300);

        assertThat(leader.advance(runtime(spec), current(spec), false)).isEqualTo(Step.FOLDED);
        List<Step> helped = new ArrayList<>();
        for (Step s = helper.help(runtime(spec), current(spec)); s.worked(); s = helper.help(runtime(spec),
                current(spec))) {
            helped.add(s);
        }
        assertThat(helped).as("the helper folded the three other shards").containsExactly(Step.FOLDED, Step.FOLDED,
                Step.FOLDED);
        assertThat(storage.shardCounts(spec.id(), 1)).isEqualTo(Map.of(0, 75, 1, 75, 2, 75, 3, 75));
        assertThat(storage.foldedRounds(spec.id(), 1)).isEqualTo(300);
        assertThat(current(spec).folded()).isEqualTo(300);
        assertThat(storage.accumulatorBytes(spec.id(), 1)).as("the epoch's own sum is unused").isNull();

        withinTheBoundOfOneSequentialFold(runtime(spec).process(), epoch, all,
                storage.sealedAccumulator(spec.id(), 1));

        assertThat(helper.help(runtime(spec), current(spec))).as("a helper never seals").isEqualTo(Step.NONE);
        assertThat(current(spec).status()).isEqualTo(EpochStatus.OPEN);
        assertThat(leader.advance(runtime(spec), current(spec), false)).isEqualTo(Step.SEALED);
        assertThat(helper.help(runtime(spec), current(spec))).as("nor closes").isEqualTo(Step.NONE);
        assertThat(leader.advance(runtime(spec), current(spec), false)).isEqualTo(Step.CLOSED);
        assertThat(storage.rounds(spec.id())).isEqualTo(300);
        assertThat(storage.ledger(spec.id())).hasSize(1);
        assertThat(storage.shardCounts(spec.id(), 1)).as("the close drops the partial sums").isEmpty();
        assertThat(storage.sealedAccumulator(spec.id(), 1).closedElsewhere()).isTrue();
    }

    /**
     * Two neighbouring worlds that differ only in whether one user sent feedback: what the helper
     * folds (the epoch's folded count, which the analyst's timeline shows) must not tell them apart.
     * A round whose window has passed folds whether or not its reward came (with the default reward
     * if none did), as the leader's steps fold it.
     */
    @Test
    void whatAHelperFoldsIsTheSameWhetherOrNotAUserSentFeedback() {
        List<Integer> folded = new ArrayList<>();
        for (boolean sends : List.of(true, false)) {
            InMemoryBandits world = new InMemoryBandits();
            LifecycleEngine leads = new LifecycleEngine(world.storage, new BanditMetrics(new SimpleMeterRegistry()),
                    1_000, null, 1, SHARDS, FoldShardLocks.NONE);
            LifecycleEngine helps = new LifecycleEngine(world.storage, new BanditMetrics(new SimpleMeterRegistry()),
                    1_000, null, 1, SHARDS, FoldShardLocks.NONE);
            BanditSpec spec = world.create(Specs.capri("worlds", 90_000, 600));
            SplittableRandom r = new SplittableRandom(37);
            for (int t = 0; t < world.current(spec).length(); t++) {
                double[] context = {r.nextDouble(), r.nextDouble()};
                int action = world.runtime(spec).decide(context, null, r).action();
                java.util.UUID id = world.storage.decide(spec.id(), context, action, spec.feedback().waitSeconds());
                if (t != 7 || sends) {
                    world.storage.feedback(id, r.nextDouble(), null);
                }
            }
            for (int i = 0; i < 1_000 && !world.current(spec).planned(); i++) {
                leads.advance(world.runtime(spec), world.current(spec), true);
            }
            // The windows pass; only the helper folds from here (the leader does not get a step).
            world.storage.advanceClock((spec.feedback().waitSeconds() + 1) * 1000L);
            for (int i = 0; i < 100 && helps.help(world.runtime(spec), world.current(spec)).worked(); i++) {
            }
            folded.add(world.current(spec).folded());
        }
        assertThat(folded.get(0)).as("every round, its window passed").isEqualTo(300);
        assertThat(folded.get(1)).as("the same count without the one user's feedback").isEqualTo(folded.get(0));
    }

    @Test
    void aHelperDoesNothingBeforeThePlan() {
        BanditSpec spec = create();
        storage.feedback(storage.decide(spec.id(), new double[] {0.5, 0.5}, 0, 0), 1.0, null);
        storage.advanceClock(1_000);
        assertThat(current(spec).planned()).isFalse();
        assertThat(helper.help(runtime(spec), current(spec))).isEqualTo(Step.NONE);
        assertThat(storage.foldedRounds(spec.id(), 1)).isZero();
    }

    @Test
    void aShardFoldThatLostItsRaceToAnotherWriterChangesNothing() {
        BanditSpec spec = played();
        // Two writers of shard 0 at once (the lock is not what keeps the sum right): the helper folds
        // and commits shard 0 while the leader holds the same rounds, read before.
        LifecycleEngine stale = engine(FoldShardLocks.NONE);
        LifecycleEngine other = engine(FoldShardLocks.NONE);
        storage.afterNextShardRoundsToFold(() -> assertThat(other.help(runtime(spec), current(spec)))
                .isEqualTo(Step.FOLDED));
        assertThat(stale.advance(runtime(spec), current(spec), false)).as("its compare-and-set lost")
                .isEqualTo(Step.NONE);
        assertThat(storage.shardCounts(spec.id(), 1)).containsExactlyEntriesOf(Map.of(0, 75));
        assertThat(current(spec).folded()).isEqualTo(75);
        assertThat(storage.foldedRounds(spec.id(), 1)).isEqualTo(75);

        for (int i = 0; i < 100 && storage.version(spec.id()).epoch() == 1; i++) {
            if (!stale.advance(runtime(spec), current(spec), false).worked()) {
                break;
            }
        }
        assertThat(storage.rounds(spec.id())).as("closed with every round once").isEqualTo(300);
        assertThat(storage.ledger(spec.id())).hasSize(1);
    }

    @Test
    void theLeaderWaitsForAShardAnotherInstanceIsFoldingThenClosesAfterIt() {
        BanditSpec spec = played();
        FoldShardLocks elsewhere = locks.of("elsewhere");
        assertThat(elsewhere.tryLock(spec.id(), 1, 2)).isTrue();
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            Step s = leader.advance(runtime(spec), current(spec), false);
            steps.add(s);
            if (!s.worked()) {
                break;
            }
        }
        // Every slot handed out and every window passed: it seals (sealing never waits for folds).
        assertThat(steps).containsExactly(Step.FOLDED, Step.FOLDED, Step.FOLDED, Step.SEALED,
                Step.FOLDING_ELSEWHERE);
        assertThat(Step.FOLDING_ELSEWHERE.worked()).isFalse();
        assertThat(current(spec).folded()).isEqualTo(225);
        assertThat(helper.help(runtime(spec), current(spec))).as("the shard is locked for everyone else")
                .isEqualTo(Step.NONE);

        elsewhere.unlock(spec.id(), 1, 2);
        assertThat(leader.advance(runtime(spec), current(spec), false)).isEqualTo(Step.FOLDED);
        assertThat(leader.advance(runtime(spec), current(spec), false)).isEqualTo(Step.CLOSED);
        assertThat(storage.rounds(spec.id())).isEqualTo(300);
    }

    @Test
    void onlySumsInAnyOrderAreSharded() {
        assertThat(leader.sharded(runtime(create()).process())).isTrue();
        BanditSpec linucb = bandits.create(Specs.linear("sequential", "LINUCB", 20, 600));
        assertThat(leader.sharded(runtime(linucb).process())).as("a sequential model folds in decision order")
                .isFalse();
        assertThat(new LifecycleEngine(storage, new BanditMetrics(new SimpleMeterRegistry()), 1_000)
                .sharded(runtime(bandits.create(Specs.capri("unsharded", 90_000, 600))).process()))
                .as("one shard: the epoch's own sum").isFalse();
    }

    /** Per coordinate within 2γ_n Σ|x| of the sums one sequential fold of {@code rounds} gives. */
    static <W> void withinTheBoundOfOneSequentialFold(EpochProcess<W> process, OpenEpoch epoch,
            List<Round> rounds, Accumulator sharded) {
        W work = process.memory(epoch, null);
        Accumulator empty = new Accumulator(null, 0);
        double[] seq = BinaryCodec.doubles(process.fold(work, epoch, empty, rounds).accumulator());
        double[] got = sharded.sums(seq.length);
        assertThat(got).hasSize(seq.length);
        assertThat(sharded.folded()).isEqualTo(rounds.size());
        double[] absolute = new double[seq.length];
        for (Round round : rounds) {
            double[] x = BinaryCodec.doubles(process.fold(work, epoch, empty, List.of(round)).accumulator());
            for (int i = 0; i < x.length; i++) {
                absolute[i] += Math.abs(x[i]);
            }
        }
        double u = Math.ulp(1.0) / 2;
        double gamma = rounds.size() * u / (1 - rounds.size() * u);
        List<String> beyond = new ArrayList<>();
        for (int i = 0; i < seq.length; i++) {
            if (Math.abs(got[i] - seq[i]) > 2 * gamma * absolute[i]) {
                beyond.add(i + ": " + got[i] + " vs " + seq[i]);
            }
        }
        assertThat(beyond).as("coordinates beyond 2γ_n Σ|x|").isEmpty();
        assertThat(java.util.Arrays.stream(absolute).max().orElse(0)).as("not a vacuous comparison").isPositive();
    }
}

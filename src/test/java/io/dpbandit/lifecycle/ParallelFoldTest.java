package io.dpbandit.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.algorithms.Algorithms;
import io.dpbandit.bandit.BanditMetrics;
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
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * CAPRI's fold split over threads ({@link LifecycleEngine#foldInParts}) against the sequential fold,
 * on continuous contexts (each round a full projection A k_S(w)).
 *
 * <p>The tolerance: the two differ only in the order of the floating-point additions (the parts'
 * sums, then the parts added to the stored sums, against one running sum). Recursive summation of
 * n terms in any order has error at most γ_{n−1}·Σ|x_t| with γ_k = k·u/(1 − k·u), u = 2⁻⁵³ (Higham,
 * Accuracy and Stability of Numerical Algorithms, 2002, eq. 4.4), so the two results differ per
 * coordinate by at most 2γ_n·Σ_t |x_{t,i}| (the stored sum counted as one more term). That bound is
 * asserted, coordinate by coordinate, with the Σ|x| of the actual contributions; equality bit for
 * bit where the order is the same (the same pool size twice). With one fold thread the engine folds
 * sequentially, so a one-core instance is bit for bit what it was.
 */
@ExtendWith(QuietLogs.class)
class ParallelFoldTest {

    final InMemoryBandits bandits = new InMemoryBandits();
    final InMemoryLifecycleStorage storage = bandits.storage;
    final ExecutorService pool = Executors.newFixedThreadPool(4);
    final LifecycleEngine sequential = new LifecycleEngine(storage, new BanditMetrics(new SimpleMeterRegistry()),
            1_000);
    final LifecycleEngine parallel = new LifecycleEngine(storage, new BanditMetrics(new SimpleMeterRegistry()),
            1_000, pool, 4);
    final SplittableRandom rng = new SplittableRandom(29);

    @AfterEach
    void stopPool() {
        pool.shutdownNow();
    }

    BanditSpec create() {
        // T = 90 000: T_1 = 300 rounds.
        return bandits.create(Specs.capri("parallel", 90_000, 600));
    }

    BanditRuntime runtime(BanditSpec spec) {
        return bandits.runtime(spec);
    }

    OpenEpoch current(BanditSpec spec) {
        return bandits.current(spec);
    }

    /** Fresh uniform contexts (never in the pool) with uniform rewards, every window passed. */
    void play(BanditSpec spec, int n) {
        bandits.play(spec, n, rng);
    }

    void plan(BanditSpec spec) {
        for (int i = 0; i < 1_000 && !current(spec).planned(); i++) {
            sequential.advance(runtime(spec), current(spec), true);
        }
        assertThat(current(spec).planned()).isTrue();
    }

    @Test
    void aFoldSplitOverThreadsEqualsTheSequentialFoldUpToTheOrderOfAdditions() {
        BanditSpec spec = create();
        int length = current(spec).length();
        assertThat(length).isEqualTo(300);
        play(spec, length);
        plan(spec);
        compare(runtime(spec).process(), current(spec), spec);
    }

    <W> void compare(EpochProcess<W> process, OpenEpoch epoch, BanditSpec spec) {
        assertThat(process.foldIsSum()).isTrue();
        W work = process.memory(epoch, null);
        List<Round> rounds = storage.roundsToFold(spec.id(), epoch.number(), process.foldOrder(),
                1_000, storage.clock());
        assertThat(rounds).hasSize(epoch.length());
        // Something already stored, as after earlier folds: the first 37 rounds.
        Accumulator empty = new Accumulator(null, 0);
        byte[] first = process.fold(work, epoch, empty, rounds.subList(0, 37)).accumulator();
        Accumulator stored = new Accumulator(first, 37);
        List<Round> batch = rounds.subList(37, rounds.size());

        double[] seq = BinaryCodec.doubles(process.fold(work, epoch, stored, batch).accumulator());
        double[] par = BinaryCodec.doubles(parallel.foldInParts(process, work, epoch, stored, batch).accumulator());
        double[] again = BinaryCodec.doubles(parallel.foldInParts(process, work, epoch, stored, batch).accumulator());
        assertThat(again).as("the same parts in the same order: bit for bit").isEqualTo(par);

        // Σ_t |x_{t,i}|: every round's contribution alone (0 + x is exact), and the stored sums.
        double[] absolute = new double[seq.length];
        double[] storedSums = stored.sums(seq.length);
        for (int i = 0; i < seq.length; i++) {
            absolute[i] = Math.abs(storedSums[i]);
        }
        for (Round round : batch) {
            double[] x = BinaryCodec.doubles(process.fold(work, epoch, empty, List.of(round)).accumulator());
            for (int i = 0; i < x.length; i++) {
                absolute[i] += Math.abs(x[i]);
            }
        }
        int n = batch.size() + 1;
        double u = Math.ulp(1.0) / 2;
        double gamma = n * u / (1 - n * u);
        List<String> beyond = new ArrayList<>();
        boolean anyDifferent = false;
        for (int i = 0; i < seq.length; i++) {
            double difference = Math.abs(par[i] - seq[i]);
            anyDifferent |= difference > 0;
            if (difference > 2 * gamma * absolute[i]) {
                beyond.add(i + ": " + par[i] + " vs " + seq[i]);
            }
        }
        assertThat(beyond).as("coordinates beyond 2γ_n Σ|x|").isEmpty();
        assertThat(seq.length).as("|S| of the first epoch").isEqualTo(9);
        // Not a vacuous comparison: the other order of additions shows in some last bits (seeded).
        assertThat(anyDifferent).as("some coordinate differs in its last bits").isTrue();
    }

    @Test
    void theFoldPoolLeavesTheRequestPathACore() {
        assertThat(LifecycleConfiguration.foldThreads(1)).isEqualTo(1);
        assertThat(LifecycleConfiguration.foldThreads(2)).as("one thread: the sequential fold").isEqualTo(1);
        assertThat(LifecycleConfiguration.foldThreads(8)).isEqualTo(7);
    }

    @Test
    void theEngineFoldsInPartsAndClosesTheEpochAsTheSequentialOneDoes() {
        BanditSpec spec = create();
        play(spec, current(spec).length());
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < 1_000 && storage.version(spec.id()).epoch() == 1; i++) {
            Step step = parallel.advance(runtime(spec), current(spec), true);
            steps.add(step);
            if (!step.worked()) {
                break;
            }
        }
        assertThat(steps).contains(Step.PLANNED, Step.FOLDED).endsWith(Step.SEALED, Step.CLOSED);
        assertThat(storage.rounds(spec.id())).isEqualTo(300);
        assertThat(storage.ledger(spec.id())).hasSize(1);
    }
}

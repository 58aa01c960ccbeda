package io.dpbandit.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.sim.env.Environment;
import io.dpbandit.sim.env.KernelBumpEnvironment;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The policies learn where they should. All runs use fixed seeds, so each assertion is
 * deterministic; the margins were chosen from the observed spread over seeds.
 */
@Tag("learning")
class LearningTest {

    /** Parallel composition over epochs, an explicit option (each round's data enters one epoch). */
    static final SimulationSettings SETTINGS = SettingsFixture.settings(KernelSpec.rbf(0.3), 0.1, 1e-5, 1e-4, 1.0,
            1000, 500, 50, CapriConfig.EpochComposition.PARALLEL);

    static Environment gap(long seed) {
        return new GapEnvironment(10, 10, 0.9, 0.3, 0.1, new SplittableRandom(seed));
    }

    static double ratio(RunResult policy, RunResult uniform) {
        return policy.curve().finalRegret() / uniform.curve().finalRegret();
    }

    @Test
    void nonPrivateCapriNeverEliminatesTheBestActionAndShrinksTheActiveSets() {
        for (long seed = 1; seed <= 3; seed++) {
            Environment env = gap(seed);
            RunResult capri = new Simulation(env, SettingsFixture.policy("capri"), Double.POSITIVE_INFINITY, seed, 20_000, SETTINGS)
                    .run();
            RunResult uniform = new Simulation(env, SettingsFixture.policy("uniform"), Double.POSITIVE_INFINITY, seed, 20_000,
                    SETTINGS).run();
            assertThat(capri.epochs()).isNotEmpty().allSatisfy(e -> assertThat(e.bestEliminated()).isZero());
            assertThat(capri.epochs().get(capri.epochs().size() - 1).meanActiveSetSize()).isLessThanOrEqualTo(2.0);
            assertThat(ratio(capri, uniform)).isLessThan(0.8);
        }
    }

    @Test
    void privateCapriLearnsOnASmallSupport() {
        for (long seed = 1; seed <= 2; seed++) {
            Environment env = gap(seed);
            RunResult capri = new Simulation(env, SettingsFixture.policy("capri"), 4.0, seed, 100_000, SETTINGS).run();
            RunResult uniform = new Simulation(env, SettingsFixture.policy("uniform"), 4.0, seed, 100_000, SETTINGS).run();
            assertThat(capri.epochs()).allSatisfy(e -> assertThat(e.bestEliminated()).isZero());
            assertThat(capri.epochs()).allSatisfy(e -> assertThat(e.noiseSigma()).isPositive());
            assertThat(ratio(capri, uniform)).isLessThan(0.75);
        }
    }

    @Test
    void regretIsReproducibleForAFixedSeedAndDiffersAcrossSeeds() {
        Environment env = gap(5);
        RunResult a = new Simulation(env, SettingsFixture.policy("capri"), 2.0, 5, 5_000, SETTINGS).run();
        RunResult b = new Simulation(gap(5), SettingsFixture.policy("capri"), 2.0, 5, 5_000, SETTINGS).run();
        RunResult c = new Simulation(gap(5), SettingsFixture.policy("capri"), 2.0, 6, 5_000, SETTINGS).run();
        assertThat(a.curve().cumulativeRegret()).containsExactly(b.curve().cumulativeRegret());
        assertThat(a.curve().cumulativeRegret()).isNotEqualTo(c.curve().cumulativeRegret());
    }

    @Test
    void localCapriRunsOnNoisyContributionsOnly() {
        Environment env = gap(7);
        RunResult ldp = new Simulation(env, SettingsFixture.policy("capri-ldp"), 1.0, 7, 3_000, SETTINGS).run();
        assertThat(ldp.epochs()).isNotEmpty().allSatisfy(e -> assertThat(e.noiseSigma()).isPositive());
        assertThat(ldp.curve().horizon()).isEqualTo(3_000);
    }

    @Test
    void uscaReleaseBeatsUniformSimpleRegretAndPrivacyCostsAccuracy() {
        SimulationSettings usca = SettingsFixture.settings(KernelSpec.rbf(0.3), 1.0, 1e-5, 1e-4, 1.0, 1000, 500, 50,
                CapriConfig.EpochComposition.SEQUENTIAL);
        double privateRatio = 0;
        double nonPrivateRatio = 0;
        for (long seed = 1; seed <= 4; seed++) {
            Environment env = new KernelBumpEnvironment(20, 10, 10, 0.3, 0.1, new SplittableRandom(seed));
            double uniform = uniformSimpleRegret(env);
            privateRatio += new Simulation(env, SettingsFixture.policy("usca"), 4.0, seed, 5_000, usca).run().simpleRegret()
                    / uniform / 4;
            nonPrivateRatio += new Simulation(env, SettingsFixture.policy("usca"), Double.POSITIVE_INFINITY, seed, 5_000, usca).run()
                    .simpleRegret() / uniform / 4;
        }
        assertThat(nonPrivateRatio).isLessThan(0.7);
        assertThat(privateRatio).isLessThan(0.8).isGreaterThan(nonPrivateRatio);
    }

    /** Expected regret of a uniformly random recommendation, averaged over the pool. */
    static double uniformSimpleRegret(Environment env) {
        var contexts = env.publicContexts().finiteSupport().orElseThrow();
        int k = env.actionFeatures().size();
        double total = 0;
        for (double[] c : contexts) {
            double mean = 0;
            for (int a = 0; a < k; a++) {
                mean += env.meanReward(c, a) / k;
            }
            total += (env.bestMeanReward(c) - mean) / contexts.size();
        }
        return total;
    }
}

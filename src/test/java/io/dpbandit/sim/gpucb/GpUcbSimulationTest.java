package io.dpbandit.sim.gpucb;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.policy.gpucb.GpUcbConfig;
import io.dpbandit.sim.RunResult;
import io.dpbandit.simulate.SimulateCommand;
import io.dpbandit.sim.SettingsFixture;
import io.dpbandit.sim.Simulation;
import io.dpbandit.sim.SimulationSettings;
import io.dpbandit.sim.env.BenchmarkFunction;
import io.dpbandit.sim.env.BenchmarkFunctionEnvironment;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The simulator's GP-UCB policies: they run from the command line, replay bit for bit and read their options. */
class GpUcbSimulationTest {

    @TempDir
    Path dir;

    static final GpUcbSettings SMALL = GpUcbOptions.parse(Map.of("qff-nodes", "3"));

    static SimulationSettings settings(GpUcbSettings gp) {
        return SettingsFixture.settings(KernelSpec.rbf(0.3), 0.1, 0.1, 1e-4, 1.0, 100, 100, 10,
                CapriConfig.EpochComposition.SEQUENTIAL, gp, 1);
    }

    static BenchmarkFunctionEnvironment camelback(long seed) {
        return new BenchmarkFunctionEnvironment(BenchmarkFunction.CAMELBACK, 10, 8, new SplittableRandom(seed));
    }

    @Test
    void allThreeGpUcbPoliciesRunFromTheCommandLine() throws Exception {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        int code = SimulateCommand.run(new String[] {"--env", "camelback", "--pool", "10", "--actions", "8",
            "--horizon", "120", "--seeds", "1", "--policies", "uniform,gpucb,gpucb-local,gpucb-nonprivate",
            "--epsilons", "1", "--delta", "0.1", "--qff-nodes", "3", "--gpucb-calibration", "paper",
            "--gpucb-shift", "paper", "--gpucb-radius-scale", "0.2", "--gpucb-batch", "2", "--threads", "1",
            "--out", dir.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String summary = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(summary).contains("gpucb-local").contains("gpucb-nonprivate").contains("\ngpucb ");
        assertThat(Files.readAllLines(dir.resolve("regret.csv"))).anyMatch(l -> l.startsWith("gpucb-local,1,1,120,"));
        assertThat(SimulateCommand.USAGE).contains("--qff-nodes").contains("gpucb-local");
    }

    @Test
    void unknownGpUcbOptionValuesAreRefused() {
        var err = new ByteArrayOutputStream();
        int code = SimulateCommand.run(new String[] {"--policies", "gpucb", "--gpucb-shift", "huge"},
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--gpucb-shift");
    }

    /** Same seed, same run; ε = ∞ is the non-private variant on the same streams. */
    @Test
    void runsReplayAndInfiniteEpsilonIsTheNonPrivateVariant() {
        SimulationSettings s = settings(SMALL);
        RunResult a = new Simulation(camelback(3), SettingsFixture.policy("gpucb"), 1.0, 3, 200, s).run();
        RunResult b = new Simulation(camelback(3), SettingsFixture.policy("gpucb"), 1.0, 3, 200, s).run();
        assertThat(a.curve()).usingRecursiveComparison().isEqualTo(b.curve());
        RunResult inf = new Simulation(camelback(3), SettingsFixture.policy("gpucb"), Double.POSITIVE_INFINITY, 3, 200, s).run();
        RunResult plain = new Simulation(camelback(3), SettingsFixture.policy("gpucb-nonprivate"), 1.0, 3, 200, s).run();
        assertThat(inf.curve()).usingRecursiveComparison().isEqualTo(plain.curve());
    }

    /**
     * Like the other families, a GP-UCB run tracks the mean reward of the actions played (all rounds and the
     * second half), so runs.csv has it: regret + reward is the best mean reward summed, the same for every policy.
     */
    @Test
    void gpUcbRunsTrackTheMeanRewardLikeTheOtherFamilies() {
        SimulationSettings s = settings(SMALL);
        for (String label : new String[] {"gpucb", "gpucb-local", "gpucb-nonprivate"}) {
            RunResult r = new Simulation(camelback(3), SettingsFixture.policy(label), 1.0, 3, 200, s).run();
            RunResult uniform = new Simulation(camelback(3), SettingsFixture.policy("uniform"), 1.0, 3, 200, s).run();
            assertThat(r.rewards()).as(label).isNotNull();
            assertThat(r.curve().finalRegret() + 200 * r.rewards().overall()).as(label)
                    .isCloseTo(uniform.curve().finalRegret() + 200 * uniform.rewards().overall(),
                            org.assertj.core.api.Assertions.within(1e-6));
        }
    }

    @Test
    void configurationFollowsTheOptions() {
        GpUcbSettings gp = GpUcbOptions.parse(Map.of("qff-nodes", "4", "qff-length-scale", "0.7", "gpucb-ridge", "2",
                "gpucb-calibration", "paper", "gpucb-shift", "paper", "gpucb-shift-scale", "0.75",
                "gpucb-radius-scale", "1", "gpucb-batch", "4", "gpucb-regulariser", "floor"));
        GpUcbSimulation sim = new GpUcbSimulation(new Simulation(camelback(1), SettingsFixture.policy("gpucb"), 2.0, 1, 100, settings(gp)), GpUcbPolicy.Mode.JDP);
        GpUcbConfig config = sim.config();
        assertThat(config.features().nodesPerDimension()).isEqualTo(4);
        assertThat(config.features().lengthScale()).isEqualTo(0.7);
        assertThat(config.features().inputDimension()).isEqualTo(2);
        assertThat(config.horizon()).isEqualTo(25); // 100 rounds in folds of 4: one leaf per fold
        assertThat(config.ridge()).isEqualTo(2.0);
        assertThat(config.calibration()).isEqualTo(GpUcbConfig.Calibration.PAPER);
        assertThat(config.tuning()).isEqualTo(new GpUcbConfig.Tuning(GpUcbConfig.ShiftRule.PAPER, 0.75, 1.0,
                GpUcbConfig.Regulariser.FLOOR));
        assertThat(config.privacy()).isEqualTo(GpUcbConfig.Privacy.jdp(2.0, 0.1));
        assertThat(config.rewardBound()).isEqualTo(1.0);
        assertThat(config.domain().dimension()).isEqualTo(2);
        assertThat(config.domain().maxSideLength()).isLessThanOrEqualTo(1.0);
        GpUcbSimulation local = new GpUcbSimulation(new Simulation(camelback(1), SettingsFixture.policy("gpucb-local"), 2.0, 1, 100, settings(gp)), GpUcbPolicy.Mode.LOCAL);
        assertThat(local.config().horizon()).isEqualTo(100); // local JDP: one report per round
        assertThat(local.config().privacy().model()).isEqualTo(GpUcbConfig.Model.LOCAL_JDP);
    }
}

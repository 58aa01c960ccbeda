package io.dpbandit.sim.capri;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.policy.JointFeatureMap;
import io.dpbandit.sim.RunResult;
import io.dpbandit.sim.Simulation;
import io.dpbandit.sim.SimulationSettings;
import io.dpbandit.sim.env.LabelledData;
import io.dpbandit.sim.env.MulticlassEnvironment;
import io.dpbandit.simulate.SimulatedPolicies;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@code simulate --capri-first-epoch F} (issue 33's CAPRI schedule prototype): the run's first epoch holds
 * ⌈F·H⌉ learning rounds of its horizon H and the later ones double; without it the paper's ⌈√H⌉.
 */
class CapriFirstEpochSimulationTest {

    static final int HORIZON = 2000;

    static RunResult run(Map<String, String> options) {
        MulticlassEnvironment env = new MulticlassEnvironment(LabelledData.shipped("wine"), 20,
                JointFeatureMap.outerProduct(), new SplittableRandom(1));
        SimulationSettings settings = SimulationSettings.of(KernelSpec.rbf(0.3), 0.1, 1e-5, 10)
                .with(CapriSettings.parse(options));
        return new Simulation(env, SimulatedPolicies.parse("capri"), 4.0, 1, HORIZON, settings).run();
    }

    @Test
    void theFirstEpochIsTheShareOfTheHorizonAndTheNextOnesDouble() {
        RunResult paper = run(Map.of());
        assertThat(paper.epochs().get(0).length()).isEqualTo(45); // ⌈√2000⌉
        RunResult share = run(Map.of("capri-first-epoch", "0.125"));
        assertThat(share.epochs()).extracting(RunResult.EpochStats::length).startsWith(250, 500, 1000);
        assertThat(run(Map.of("capri-first-epoch", "0.125")).rewards()).isEqualTo(share.rewards());
    }

    @Test
    void refusesAShareOutsideZeroToOneHalf() {
        assertThatThrownBy(() -> CapriSettings.parse(Map.of("capri-first-epoch", "0.75")))
                .hasMessageContaining("--capri-first-epoch");
        assertThatThrownBy(() -> CapriSettings.parse(Map.of("capri-first-epoch", "0")))
                .hasMessageContaining("--capri-first-epoch");
    }
}

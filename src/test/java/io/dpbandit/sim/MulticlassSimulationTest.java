package io.dpbandit.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.policy.JointFeatureMap;
import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.sim.env.LabelledData;
import io.dpbandit.sim.env.MulticlassEnvironment;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Policies on the digits data as a bandit: the non-private disjoint LinUCB learns, uniform play does not. */
class MulticlassSimulationTest {

    static final int HORIZON = 3000;

    static RunResult run(SimulatedPolicy policy, long seed) {
        MulticlassEnvironment env = new MulticlassEnvironment(LabelledData.shipped("digits"), 40,
                JointFeatureMap.outerProduct(), new SplittableRandom(seed));
        SimulationSettings settings = SettingsFixture.settings(KernelSpec.rbf(0.3), 0.1, 1e-5, 5e-5, 1.0, 1000, 1000,
                30, CapriConfig.EpochComposition.SEQUENTIAL);
        return new Simulation(env, policy, Double.POSITIVE_INFINITY, seed, HORIZON, settings).run();
    }

    @Test
    void disjointLinUcbBeatsUniformByAClearMarginAtT3000() {
        RunResult uniform = run(SettingsFixture.policy("uniform"), 42);
        RunResult disjoint = run(SettingsFixture.policy("linucb-disjoint"), 42);
        assertThat(uniform.rewards().overall()).isBetween(0.05, 0.15);
        assertThat(disjoint.rewards().secondHalf()).isGreaterThan(uniform.rewards().secondHalf() + 0.3);
        assertThat(disjoint.rewards().overall()).isGreaterThan(uniform.rewards().overall() + 0.25);
    }

    @Test
    void meanRewardIsOneMinusRegretPerRoundWhenEveryRoundHasAPayingAction() {
        RunResult r = run(SettingsFixture.policy("linucb-disjoint"), 7);
        assertThat(r.rewards().overall()).isCloseTo(1 - r.curve().finalRegret() / HORIZON,
                org.assertj.core.data.Offset.offset(1e-9));
        assertThat(run(SettingsFixture.policy("linucb-disjoint"), 7).rewards()).isEqualTo(r.rewards());
    }
}

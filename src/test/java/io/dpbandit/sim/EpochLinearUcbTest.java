package io.dpbandit.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.policy.JointFeatureMap;
import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.sim.env.LabelledData;
import io.dpbandit.sim.env.MulticlassEnvironment;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** linucb-epochs on the digits bandit: seeded, it beats uniform play; the epochs double. */
class EpochLinearUcbTest {

    static RunResult run(SimulatedPolicy policy, double epsilon, long seed, int horizon, EpochLinearSettings options) {
        MulticlassEnvironment env = new MulticlassEnvironment(LabelledData.shipped("digits"), 40,
                JointFeatureMap.outerProduct(), new SplittableRandom(seed));
        SimulationSettings settings = SettingsFixture.settings(KernelSpec.rbf(0.3), 0.1, 1e-5, 5e-5, 1.0, 1000, 1000,
                30, CapriConfig.EpochComposition.SEQUENTIAL).withEpochLinear(options);
        return new Simulation(env, policy, epsilon, seed, horizon, settings).run();
    }

    @Test
    void privateEpochPolicyBeatsUniformPlayOnASeededRun() {
        EpochLinearSettings options = new EpochLinearSettings("t/8", EpochLinearSettings.Ridge.FLOOR,
                EpochLinearSettings.Combine.ALL, 0.0);
        RunResult uniform = run(SettingsFixture.policy("uniform"), Double.POSITIVE_INFINITY, 3, 20000, options);
        RunResult epochs = run(SettingsFixture.policy("linucb-epochs"), 4.0, 3, 20000, options);
        assertThat(epochs.rewards().secondHalf()).isGreaterThan(uniform.rewards().secondHalf() + 0.03);
        // one release per complete epoch: 2500, 5000, 10000 rounds (the fourth, 20000, is cut off)
        assertThat(epochs.epochs()).extracting(RunResult.EpochStats::length).containsExactly(2500, 5000, 10000);
        assertThat(run(SettingsFixture.policy("linucb-epochs"), 4.0, 3, 20000, options).rewards()).isEqualTo(epochs.rewards());
    }

    @Test
    void epochsDoubleFromTheFirstLength() {
        assertThat(EpochLinearUcb.epochEnds(142, 20000)).containsExactly(142, 426, 994, 2130, 4402, 8946, 18034,
                36210);
        assertThat(EpochLinearSettings.firstEpochLength("sqrt", 20000)).isEqualTo(142);
        assertThat(EpochLinearSettings.firstEpochLength("t/16", 100000)).isEqualTo(6250);
    }
}

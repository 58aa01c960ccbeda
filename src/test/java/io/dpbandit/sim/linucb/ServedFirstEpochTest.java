package io.dpbandit.sim.linucb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.policy.JointFeatureMap;
import io.dpbandit.policy.linucb.EpochLinUcb;
import io.dpbandit.sim.RunResult;
import io.dpbandit.sim.Simulation;
import io.dpbandit.sim.SimulationSettings;
import io.dpbandit.sim.env.LabelledData;
import io.dpbandit.sim.env.MulticlassEnvironment;
import io.dpbandit.simulate.SimulateCommand;
import io.dpbandit.simulate.SimulatedPolicies;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@code simulate --first-epoch F}: linucb-epochs-served with the served {@code linear.firstEpoch} share,
 * LINUCB's section of the settings ({@link LinUcbSettings}); the default is the served one.
 */
class ServedFirstEpochTest {

    static RunResult run(SimulationSettings settings) {
        MulticlassEnvironment env = new MulticlassEnvironment(LabelledData.shipped("wine"), 20,
                new JointFeatureMap(JointFeatureMap.Kind.PER_ACTION), new SplittableRandom(1));
        return new Simulation(env, SimulatedPolicies.parse("linucb-epochs-served"), 4.0, 1, 2000, settings).run();
    }

    static SimulationSettings settings() {
        return SimulationSettings.of(KernelSpec.rbf(0.3), 0.1, 1e-5, 10);
    }

    @Test
    void theDefaultIsTheServedFirstEpochAndAnAbsentSectionPlaysIt() {
        assertThat(LinUcbSettings.parse(Map.of()).servedFirstEpoch()).isEqualTo(EpochLinUcb.DEFAULT_FIRST_EPOCH);
        assertThat(LinUcbSettings.parse(Map.of("first-epoch", "0.25")).servedFirstEpoch()).isEqualTo(0.25);
        assertThat(run(settings().with(LinUcbSettings.defaults())).rewards()).isEqualTo(run(settings()).rewards());
    }

    @Test
    void anotherFirstEpochChangesTheRun() {
        RunResult late = run(settings().with(new LinUcbSettings(0.5)));
        assertThat(late.rewards()).isNotEqualTo(run(settings()).rewards());
        assertThat(run(settings().with(new LinUcbSettings(0.5))).rewards()).isEqualTo(late.rewards());
    }

    /** {@code --first-epoch auto}: the run plays the share LinearDefaults picks for its horizon, budget and K. */
    @Test
    void autoPlaysThePlannersChoiceForTheRun() {
        assertThat(LinUcbSettings.parse(Map.of("first-epoch", "AUTO")).servedFirstEpoch()).isNaN();
        // wine under PER_ACTION: K = 3 blocks of the 5 context features; T = 2000, leaves of 1 round
        double chosen = io.dpbandit.policy.linucb.LinearDefaults.choose(2000, 3, 5, true, 4.0, 1e-5, 1, 1).firstEpoch();
        assertThat(run(settings().with(new LinUcbSettings(Double.NaN))).rewards())
                .isEqualTo(run(settings().with(new LinUcbSettings(chosen))).rewards());
    }

    @Test
    void refusesAShareOutsideZeroToOneHalf() {
        assertThatThrownBy(() -> LinUcbSettings.parse(Map.of("first-epoch", "0.6")))
                .hasMessageContaining("--first-epoch");
        assertThatThrownBy(() -> new LinUcbSettings(0)).hasMessageContaining("(0, 0.5]");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = SimulateCommand.run(new String[] {"--env", "multiclass", "--dataset", "wine", "--feature-map",
                "PER_ACTION", "--policies", "linucb-epochs-served", "--epsilons", "1", "--horizon", "100", "--seeds",
                "1", "--first-epoch", "0.7"}, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("--first-epoch");
        assertThatThrownBy(() -> LinUcbSettings.parse(Map.of("first-epoch", "soon")))
                .hasMessageContaining("or auto");
    }
}

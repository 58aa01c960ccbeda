package io.dpbandit.sim.capri;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.algorithms.SpecValidation;
import io.dpbandit.algorithms.capri.CapriAlgorithm;
import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.policy.JointFeatureMap;
import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.policy.linucb.LinearDefaults;
import io.dpbandit.sim.Simulation;
import io.dpbandit.sim.SimulationSettings;
import io.dpbandit.sim.env.LabelledData;
import io.dpbandit.sim.env.MulticlassEnvironment;
import io.dpbandit.simulate.SimulatedPolicies;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.testing.Specs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The real-data benchmark of the LEARN defaults (bench/learn-by-default.sh) simulates what the service
 * serves: for the spec a product team would send for a multiclass data set (its labels as one-hot
 * actions, its public rows as the pool, nothing else set), the configuration the service builds from
 * the normalised spec is the one the benchmark's simulated policies build (CAPRI with the median rule,
 * PARALLEL epochs, exploit ARGMAX at the planned share, τ = 0.1 and the service's width scale 3e-4; LINUCB's EPOCHS release with the
 * planned first epoch). If a LEARN default changes, this fails until the benchmark's flags follow.
 */
class ServedLearnDefaultsTest {

    static final int HORIZON = 20_000;

    static MulticlassEnvironment world(String dataset, int pool) {
        return new MulticlassEnvironment(LabelledData.shipped(dataset), pool, JointFeatureMap.outerProduct(),
                new SplittableRandom(1));
    }

    /** The spec a product team would send: the labels, the public rows, the budget; nothing else. */
    static BanditSpec served(String algorithm, MulticlassEnvironment env, double epsilon, boolean oneHot) {
        List<double[]> rows = env.publicContexts().finiteSupport().orElseThrow();
        List<Map<String, Object>> actions = new ArrayList<>();
        for (int i = 0; i < env.actionFeatures().size(); i++) {
            actions.add(oneHot ? Map.of("id", "class-" + i, "features", env.actionFeatures().get(i))
                    : Map.of("id", "class-" + i));
        }
        Map<String, Object> json = Specs.map("id", "served", "algorithm", algorithm,
                "privacy", Map.of("epsilon", epsilon, "delta", 1e-5), "horizon", HORIZON,
                "contextDimension", rows.get(0).length, "actions", actions);
        if (algorithm.equals("CAPRI")) {
            json.put("contextPool", rows);
        }
        return SpecValidation.normalise(Specs.spec(json));
    }

    @ParameterizedTest
    @CsvSource({"digits, 40, 1.0", "wine, 20, 4.0"})
    void theBenchmarksCapriIsTheServedCapri(String dataset, int pool, double epsilon) {
        MulticlassEnvironment env = world(dataset, pool);
        SimulationSettings settings = SimulationSettings.of(KernelSpec.rbf(0.3), 0.1, 1e-5, 10)
                .withLengthScaleRule(SimulationSettings.LengthScaleRule.MEDIAN)
                .with(CapriSettings.parse(Map.of("composition", "parallel", "exploit", "argmax",
                        "exploit-share", "auto", "confidence-scale", "3e-4")));
        CapriConfig simulated = CapriPolicyTestSupport.config(
                new Simulation(env, SimulatedPolicies.parse("capri"), epsilon, 1, HORIZON, settings));
        CapriConfig servedConfig = CapriAlgorithm.config(served("CAPRI", env, epsilon, true));

        assertThat(servedConfig.horizon()).as("learning rounds").isEqualTo(simulated.horizon());
        assertThat(servedConfig.kernel()).isEqualTo(simulated.kernel());
        assertThat(servedConfig.regularization()).isEqualTo(simulated.regularization());
        assertThat(servedConfig.rewardBound()).isEqualTo(simulated.rewardBound());
        assertThat(servedConfig.privacy()).isEqualTo(simulated.privacy());
        assertThat(servedConfig.composition()).isEqualTo(CapriConfig.EpochComposition.PARALLEL)
                .isEqualTo(simulated.composition());
        assertThat(servedConfig.refinements()).isEqualTo(simulated.refinements());
        assertThat(servedConfig.refinements().exploit()).isEqualTo(CapriConfig.Refinements.Exploit.ARGMAX);
        assertThat(servedConfig.calibration()).isEqualTo(simulated.calibration());
        assertThat(servedConfig.width()).isEqualTo(simulated.width());
        assertThat(servedConfig.projectionCap()).isEqualTo(simulated.projectionCap());
        assertThat(servedConfig.clipping()).isEqualTo(simulated.clipping());
        assertThat(servedConfig.deltaErr()).isEqualTo(simulated.deltaErr());
        assertThat(servedConfig.supportSampleCap()).isEqualTo(simulated.supportSampleCap());
        assertThat(servedConfig.actionFeatures()).usingRecursiveComparison().isEqualTo(simulated.actionFeatures());
    }

    @ParameterizedTest
    @CsvSource({"digits, 40, 1.0", "wine, 20, 4.0"})
    void theBenchmarksLinucbIsTheServedLinucb(String dataset, int pool, double epsilon) {
        MulticlassEnvironment env = world(dataset, pool);
        BanditSpec spec = served("LINUCB", env, epsilon, false);
        int d = env.publicContexts().finiteSupport().orElseThrow().get(0).length;
        int leaf = (HORIZON + 255) / 256; // the benchmark's --batch, the service's leaf grid
        assertThat(spec.tuning().leafRounds()).isEqualTo(leaf);
        assertThat(spec.linear().featureMap()).isEqualTo(JointFeatureMap.Kind.PER_ACTION);
        assertThat(spec.linear().release()).isEqualTo(io.dpbandit.policy.linucb.LinUcbConfig.Release.EPOCHS);
        // The simulator's --first-epoch auto (LinUcbSettings.firstEpoch) asks the same rule the same question.
        assertThat(spec.linear().firstEpoch()).isEqualTo(LinearDefaults.choose(HORIZON, env.actionFeatures().size(),
                d, true, epsilon, 1e-5, 1, leaf).firstEpoch());
    }
}

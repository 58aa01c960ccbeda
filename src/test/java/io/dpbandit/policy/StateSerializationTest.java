package io.dpbandit.policy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.policy.capri.Capri;
import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.policy.capri.CapriState;
import io.dpbandit.policy.usca.Usca;
import io.dpbandit.policy.usca.UscaConfig;
import io.dpbandit.policy.usca.UscaState;
import io.dpbandit.client.privacy.SeededNoiseSource;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Policy state survives a JSON round trip unchanged, so the service can persist it as is. */
class StateSerializationTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final List<double[]> POOL = List.of(new double[] {0.1, 0.2}, new double[] {0.7, 0.4},
            new double[] {0.5, 0.9});
    static final List<double[]> ACTIONS = List.of(new double[] {0.0}, new double[] {0.5}, new double[] {1.0});

    @Test
    void capriStateRoundTripsThroughJsonAndKeepsWorking() throws Exception {
        CapriConfig config = CapriConfig.engineered(400, ACTIONS, KernelSpec.rbf(0.5), 1.0, 1.0,
                new CapriConfig.Privacy(CapriConfig.Model.JDP, 1.0, 1e-5), 1e-3, 1.0);
        Capri capri = new Capri(config, new PublicPoolGenerator(POOL));
        SplittableRandom rng = new SplittableRandom(3);
        CapriState state = capri.start(rng);
        double[] sum = new double[state.plan().projectionSize()];
        var contributions = capri.contributions(state.plan());
        for (int t = 0; t < state.plan().length(); t++) {
            contributions.addTo(sum, POOL.get(t % 3), t % 3, 0.5);
        }
        var release = capri.release(capri.fold(state, sum, state.plan().length()), new SeededNoiseSource(4));
        state = capri.open(capri.plan(2, release.models(), rng), release.models());

        String json = JSON.writeValueAsString(state);
        CapriState back = JSON.readValue(json, CapriState.class);

        assertThat(JSON.writeValueAsString(back)).isEqualTo(json);
        assertThat(back.models()).hasSize(1);
        assertThat(back.models().get(0).coefficients()).containsExactly(state.models().get(0).coefficients());
        assertThat(back.plan().inverseCholesky()).containsExactly(state.plan().inverseCholesky());
        for (double[] c : POOL) {
            assertThat(capri.elimination(back.models()).activeSet(c))
                    .containsExactly(capri.elimination(state.models()).activeSet(c));
        }
        assertThat(JSON.readValue(JSON.writeValueAsString(config.kernel()), KernelSpec.class)).isEqualTo(config.kernel());
        CapriConfig configBack = JSON.readValue(JSON.writeValueAsString(config), CapriConfig.class);
        assertThat(JSON.writeValueAsString(configBack)).isEqualTo(JSON.writeValueAsString(config));
    }

    @Test
    void uscaStateRoundTripsThroughJson() throws Exception {
        UscaConfig config = new UscaConfig(50, ACTIONS, KernelSpec.rbf(0.5), 1.0, 1.0, 1.0, 20, 100);
        assertThat(JSON.writeValueAsString(JSON.readValue(JSON.writeValueAsString(config), UscaConfig.class)))
                .isEqualTo(JSON.writeValueAsString(config));
        Usca usca = new Usca(config, new PublicPoolGenerator(POOL));
        UscaState state = usca.start(new SplittableRandom(5));
        state = usca.fold(state, List.of(new JointPoint(POOL.get(0), 1)), new double[] {0.7});
        String json = JSON.writeValueAsString(state);
        UscaState back = JSON.readValue(json, UscaState.class);
        assertThat(JSON.writeValueAsString(back)).isEqualTo(json);
        assertThat(usca.means(usca.estimator(back), POOL.get(1)))
                .containsExactly(usca.means(usca.estimator(state), POOL.get(1)));
    }
}

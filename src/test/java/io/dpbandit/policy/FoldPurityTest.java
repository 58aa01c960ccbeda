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
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Folding never changes the state it is given: the service folds a stored state and commits the
 * result only if its compare-and-set wins, and the simulator and tests fold one state more than
 * once. (USCA's fold used to add into the state's own array, so a second fold of the same state
 * counted the first one's rounds too.)
 */
class FoldPurityTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final List<double[]> POOL = List.of(new double[] {0.1, 0.2}, new double[] {0.7, 0.4});
    static final List<double[]> ACTIONS = List.of(new double[] {0.0}, new double[] {1.0});

    @Test
    void capriFoldLeavesItsStateUnchanged() throws Exception {
        Capri capri = new Capri(CapriConfig.engineered(100, ACTIONS, KernelSpec.rbf(0.5), 1.0, 1.0,
                new CapriConfig.Privacy(CapriConfig.Model.JDP, 1.0, 1e-5), 1e-3, 1.0), new PublicPoolGenerator(POOL));
        CapriState state = capri.start(new SplittableRandom(1));
        String before = JSON.writeValueAsString(state);
        double[] sum = new double[state.plan().projectionSize()];
        java.util.Arrays.fill(sum, 0.25);
        CapriState once = capri.fold(state, sum, 3);
        CapriState again = capri.fold(state, sum, 3);
        assertThat(JSON.writeValueAsString(state)).isEqualTo(before);
        assertThat(again.accumulator()).containsExactly(once.accumulator());
        assertThat(once.roundsInEpoch()).isEqualTo(3);
    }

    @Test
    void uscaFoldLeavesItsStateUnchangedForBothEstimators() throws Exception {
        for (UscaConfig.Estimator estimator : UscaConfig.Estimator.values()) {
            Usca usca = new Usca(new UscaConfig(20, ACTIONS, KernelSpec.rbf(0.5), 1.0, 1.0, 1.0, 10, 100, estimator),
                    new PublicPoolGenerator(POOL));
            UscaState state = usca.start(new SplittableRandom(2));
            List<JointPoint> points = List.of(new JointPoint(POOL.get(0), 1), new JointPoint(POOL.get(1), 0));
            double[] values = {0.5, -0.25};
            UscaState first = usca.fold(state, points, values);
            String before = JSON.writeValueAsString(first);
            UscaState second = usca.fold(first, points, values);
            UscaState secondAgain = usca.fold(first, points, values);
            assertThat(JSON.writeValueAsString(first)).as("%s", estimator).isEqualTo(before);
            assertThat(secondAgain.zSums()).containsExactly(second.zSums());
            assertThat(state.zSums()).containsOnly(0.0);
        }
    }
}

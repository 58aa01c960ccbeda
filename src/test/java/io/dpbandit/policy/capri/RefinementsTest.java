package io.dpbandit.policy.capri;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.client.kernel.Kernel;
import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.policy.JointPoint;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * CAPRI's refinements, each on a case whose answer is known by hand: the PAIRWISE rule drops exactly
 * the actions whose estimated deficit to some active action exceeds that pair's width and never the
 * argmax; the WIDTH rule is the paper's 4Δ; the planned projection size follows the spectrum's
 * cut-off and floor.
 */
class RefinementsTest {

    static final double[][] ACTIONS = {{0.0}, {0.5}, {1.0}};
    static final Kernel KERNEL = KernelSpec.rbf(0.5).toKernel();

    /** One projection point per action at context (0.5): A = I makes μ̂ readable by hand. */
    static ReleasedModel model(double[] coefficients, EpochPlan.EliminationRule rule) {
        List<JointPoint> s = List.of(new JointPoint(new double[] {0.5}, 0), new JointPoint(new double[] {0.5}, 1),
                new JointPoint(new double[] {0.5}, 2));
        double[] identity = {1, 0, 0, 0, 1, 0, 0, 0, 1};
        return new ReleasedModel(1, s, coefficients, 0.05, rule, rule.pairwise() ? identity : null);
    }

    @Test
    void pairwiseDropsOnlyWhatSomeActiveActionBeatsByMoreThanThePairsWidthAndKeepsTheArgmax() {
        Elimination strict = new Elimination(KERNEL, ACTIONS,
                List.of(model(new double[] {1.0, -1.0, 0.9}, new EpochPlan.EliminationRule("PAIRWISE", 0.0, 0.3, 3))));
        double[] c = {0.5};
        double[] mu = strict.means(0, c);
        int best = mu[0] >= mu[1] && mu[0] >= mu[2] ? 0 : mu[2] >= mu[1] ? 2 : 1;
        int[] active = strict.activeSet(c);
        assertThat(active).contains(best);
        assertThat(active).as("the case is one where something is dropped").hasSizeLessThan(3);
        // By hand: with A = I, ‖A(k_S(w') − k_S(w))‖ is the distance between kernel sections.
        for (int action = 0; action < 3; action++) {
            final int x = action;
            boolean beaten = false;
            for (int y = 0; y < 3; y++) {
                double[] kx = section(c, x);
                double[] ky = section(c, y);
                double norm = 0;
                for (int i = 0; i < 3; i++) {
                    norm += (kx[i] - ky[i]) * (kx[i] - ky[i]);
                }
                beaten |= mu[y] - mu[x] > 0.3 * Math.sqrt(norm);
            }
            assertThat(java.util.Arrays.stream(active).anyMatch(a -> a == x)).as("action %d", x)
                    .isEqualTo(!beaten);
        }
        Elimination lenient = new Elimination(KERNEL, ACTIONS,
                List.of(model(new double[] {1.0, 0.2, 0.9}, new EpochPlan.EliminationRule("PAIRWISE", 0.0, 1e6, 3))));
        assertThat(lenient.activeSet(c)).as("a huge width eliminates nothing").containsExactly(0, 1, 2);
    }

    private static double[] section(double[] context, int action) {
        double[] w = new JointPoint(context, action).features(ACTIONS);
        double[] k = new double[3];
        for (int i = 0; i < 3; i++) {
            k[i] = KERNEL.value(new JointPoint(new double[] {0.5}, i).features(ACTIONS), w);
        }
        return k;
    }

    @Test
    void theWidthRuleIsThePapersFourDelta() {
        EpochPlan.EliminationRule paper = EpochPlan.EliminationRule.width(0.05);
        assertThat(paper.constant()).isEqualTo(0.2);
        assertThat(paper.pairwise()).isFalse();
        ReleasedModel legacy = new ReleasedModel(1, model(new double[] {1, 0, 0}, paper).projectionSet(),
                new double[] {1, 0, 0}, 0.05);
        assertThat(legacy.eliminationRule()).as("a model stored before rules were recorded").isEqualTo(paper);
    }

    @Test
    void thePlannedProjectionKeepsTheDirectionsAboveTheNoiseCutOffAndTheTraceFloor() {
        double[] spectrum = {0.5, 0.3, 0.1, 0.05, 0.03, 0.02};
        // cut-off z^2 (1 + ratio) / T = 4 * 2 / 80 = 0.1: three directions; floor 0.1 of the trace: 3
        assertThat(ProjectionPlanner.size(spectrum, 80, 1.0, 2.0, 0.1, 100)).isEqualTo(3);
        assertThat(ProjectionPlanner.floorRank(spectrum, 0.1)).isEqualTo(3);
        // a long epoch resolves more directions; the cap bounds it
        assertThat(ProjectionPlanner.size(spectrum, 100_000, 1.0, 2.0, 0.1, 100)).isEqualTo(6);
        assertThat(ProjectionPlanner.size(spectrum, 100_000, 1.0, 2.0, 0.1, 4)).isEqualTo(4);
        // heavy noise: only the floor remains
        assertThat(ProjectionPlanner.size(spectrum, 80, 1e6, 2.0, 0.1, 100)).isEqualTo(3);
        assertThat(ProjectionPlanner.size(spectrum, 80, 1e6, 2.0, 0.5, 100)).isEqualTo(1);
    }
}

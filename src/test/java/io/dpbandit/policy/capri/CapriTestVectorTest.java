package io.dpbandit.policy.capri;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.policy.JointPoint;
import io.dpbandit.policy.PublicPoolGenerator;
import io.dpbandit.testing.TestVectors;
import io.dpbandit.client.testing.ZeroNoise;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * One explicit CAPRI epoch (testvectors/capri_small.json) through the real planner, contribution
 * and close code: S, R and the support are the vector's, so every value is comparable.
 */
class CapriTestVectorTest {

    static final JsonNode V = TestVectors.load("capri_small.json");
    static final double[][] POOL = TestVectors.matrix(V.get("pool_contexts"));
    static final List<double[]> ACTIONS = List.of(TestVectors.matrix(V.get("action_features")));
    static final PublicPoolGenerator GENERATOR = new PublicPoolGenerator(List.of(POOL));

    static CapriConfig config(CapriConfig.NoiseCalibration calibration, CapriConfig.Width width, List<double[]> actions) {
        return new CapriConfig(10_000, actions, KernelSpec.rbf(0.5), 0.5, 1.0, 0.05,
                new CapriConfig.Privacy(CapriConfig.Model.JDP, 1.0, 1e-5), calibration,
                CapriConfig.EpochComposition.SEQUENTIAL, width, 1000, CapriConfig.Clipping.supportMax(), 5000);
    }

    static List<JointPoint> points(JsonNode set) {
        List<JointPoint> out = new ArrayList<>();
        for (JsonNode pair : set.get("index_pairs_[context,action]")) {
            out.add(new JointPoint(POOL[pair.get(0).asInt()], pair.get(1).asInt()));
        }
        return out;
    }

    static EpochPlanner.PublicSets vectorSets() {
        Map<JointPoint, Integer> r = new LinkedHashMap<>();
        for (JointPoint p : points(V.get("R"))) {
            r.merge(p, 1, Integer::sum);
        }
        List<EpochPlanner.SupportPoint> support = points(V.get("query_points")).stream()
                .map(p -> new EpochPlanner.SupportPoint(p, 1.0 / 20)).toList();
        return new EpochPlanner.PublicSets(points(V.get("S")), r, support);
    }

    static EpochPlan plan(CapriConfig config) {
        return new EpochPlanner(config, config.kernel().toKernel(), GENERATOR).planFrom(1, 12, 0, vectorSets());
    }

    static void assertRel(double actual, double expected, double rel) {
        assertThat(Math.abs(actual - expected)).as("actual %s expected %s", actual, expected)
                .isLessThanOrEqualTo(rel * Math.abs(expected));
    }

    /** Folds the vector's 12 rounds and closes the epoch without noise. */
    static Capri.Release closeNoiselessly(CapriConfig config) {
        Capri capri = new Capri(config, GENERATOR);
        EpochPlan plan = plan(config);
        ContributionCalculator contributions = capri.contributions(plan);
        double[] sum = new double[plan.projectionSize()];
        List<JointPoint> rounds = points(V.get("W_rounds"));
        double[] y = TestVectors.vector(V.get("W_rounds").get("y"));
        for (int t = 0; t < rounds.size(); t++) {
            var flags = contributions.addTo(sum, rounds.get(t).context(), rounds.get(t).action(), y[t]);
            assertThat(flags.rewardClipped()).isFalse();
            assertThat(flags.vectorClipped()).isFalse();
        }
        CapriState state = capri.fold(capri.open(plan, List.of()), sum, 12);
        return capri.release(state, new ZeroNoise());
    }

    @Test
    void planMatchesContributionBoundSigmaTildeAndPaperNoise() {
        EpochPlan plan = plan(config(CapriConfig.NoiseCalibration.PAPER_SIGMA0, CapriConfig.Width.theory(), ACTIONS));
        assertRel(plan.contributionBound(), V.get("C").asDouble(), 1e-10);
        assertRel(plan.sigmaTildeMax(), V.get("sigma_tilde_max").asDouble(), 1e-10);
        assertRel(plan.noise().sigma(), V.get("extras").get("sigma0_eq5").asDouble(), 1e-10);
        assertRel(plan.width().total(), V.get("confidence").get("Delta").asDouble(), 1e-10);
        assertThat(plan.supportSize()).isEqualTo(20);
    }

    @Test
    void analyticCalibrationUsesTheClippedSensitivity() {
        EpochPlan plan = plan(config(CapriConfig.NoiseCalibration.ANALYTIC, CapriConfig.Width.theory(), ACTIONS));
        assertRel(plan.noise().sensitivity(), 2 * V.get("C").asDouble(), 1e-10);
        assertRel(plan.noise().sigma(), V.get("extras").get("sigma_analytic_for_2C_per_epoch").asDouble(), 1e-9);
    }

    @Test
    void inverseCholeskyFactorIsASquareRootOfTheInverseOfM() {
        EpochPlan plan = plan(config(CapriConfig.NoiseCalibration.ANALYTIC, CapriConfig.Width.theory(), ACTIONS));
        double[][] m = TestVectors.matrix(V.get("M"));
        int n = m.length;
        double[] a = plan.inverseCholesky();
        // (AᵀA) M = I
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double v = 0;
                for (int k = 0; k < n; k++) {
                    double ata = 0;
                    for (int l = 0; l < n; l++) {
                        ata += a[l * n + i] * a[l * n + k];
                    }
                    v += ata * m[k][j];
                }
                assertThat(Math.abs(v - (i == j ? 1 : 0))).isLessThan(1e-10);
            }
        }
    }

    @Test
    void noiselessModelMatchesMuHatAtEveryQueryPoint() {
        Capri.Release close = closeNoiselessly(config(CapriConfig.NoiseCalibration.ANALYTIC, CapriConfig.Width.theory(),
                ACTIONS));
        double[] expected = TestVectors.vector(V.get("mu_hat"));
        Elimination e = new Elimination(KernelSpec.rbf(0.5).toKernel(), ACTIONS.toArray(double[][]::new),
                List.of(close.model()));
        for (int c = 0; c < 5; c++) {
            double[] mu = e.means(0, POOL[c]);
            for (int a = 0; a < 4; a++) {
                assertThat(Math.abs(mu[a] - expected[4 * c + a])).isLessThan(1e-10);
            }
        }
    }

    @Test
    void eliminationReproducesEveryActiveSetOfTheVectors() {
        for (JsonNode cse : V.get("elimination")) {
            var width = new CapriConfig.Width(cse.get("statistical_scale").asDouble(),
                    CapriConfig.Width.PrivacyTerm.THEORY, cse.get("privacy_scale").asDouble());
            Capri.Release close = closeNoiselessly(config(CapriConfig.NoiseCalibration.PAPER_SIGMA0, width, ACTIONS));
            assertRel(close.model().width(), cse.get("width_used").asDouble(), 1e-10);
            Elimination e = new Elimination(KernelSpec.rbf(0.5).toKernel(), ACTIONS.toArray(double[][]::new),
                    List.of(close.model()));
            for (JsonNode ctx : cse.get("contexts")) {
                int[] expected = TestVectors.vector(ctx.get("active_action_indices")).length == 0 ? new int[0]
                        : Arrays.stream(TestVectors.vector(ctx.get("active_action_indices"))).mapToInt(d -> (int) d)
                                .toArray();
                assertThat(e.activeSet(POOL[ctx.get("context").asInt()])).as("scales %s/%s context %s",
                        cse.get("statistical_scale"), cse.get("privacy_scale"), ctx.get("context")).containsExactly(expected);
            }
        }
    }

    @Test
    void contributionOutsideThePoolIsClippedToC() {
        JsonNode clip = V.get("extras").get("clip_example");
        double[] w = TestVectors.vector(clip.get("w"));
        List<double[]> actions = new ArrayList<>(ACTIONS);
        actions.add(new double[] {w[2]});
        CapriConfig config = config(CapriConfig.NoiseCalibration.ANALYTIC, CapriConfig.Width.theory(), actions);
        Capri capri = new Capri(config, GENERATOR);
        EpochPlan plan = plan(config);
        Contribution c = capri.contributions(plan).contribution(new double[] {w[0], w[1]}, 4, clip.get("y").asDouble());
        assertThat(c.vectorClipped()).isTrue();
        assertThat(c.rewardClipped()).isFalse();
        double norm = Math.sqrt(Arrays.stream(c.vector()).map(v -> v * v).sum());
        assertRel(norm, V.get("C").asDouble(), 1e-10);
        // The unclipped norm was |y|·‖A k_S(w)‖ = proj_norm, so the factor applied is C / proj_norm.
        assertRel(V.get("C").asDouble() / clip.get("proj_norm").asDouble(), clip.get("clip_factor").asDouble(), 1e-10);
    }
}

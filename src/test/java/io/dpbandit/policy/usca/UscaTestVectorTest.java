package io.dpbandit.policy.usca;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.policy.JointPoint;
import io.dpbandit.policy.PublicPoolGenerator;
import io.dpbandit.client.privacy.SeededNoiseSource;
import io.dpbandit.testing.TestVectors;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One explicit USCA instance (testvectors/usca_small.json) through the real code. */
class UscaTestVectorTest {

    static final JsonNode V = TestVectors.load("usca_small.json");
    static final double[][] POOL = TestVectors.matrix(V.get("pool_contexts"));
    static final List<double[]> ACTIONS = List.of(TestVectors.matrix(V.get("action_features")));
    static final UscaConfig CONFIG = new UscaConfig(15, ACTIONS, KernelSpec.rbf(0.5), 0.5, 1.0, 1.0, 10, 5000);
    static final Usca USCA = new Usca(CONFIG, new PublicPoolGenerator(List.of(POOL)));

    static List<JointPoint> points(JsonNode set) {
        List<JointPoint> out = new ArrayList<>();
        for (JsonNode pair : set.get("index_pairs_[context,action]")) {
            out.add(new JointPoint(POOL[pair.get(0).asInt()], pair.get(1).asInt()));
        }
        return out;
    }

    static UscaState planned() {
        return USCA.startFrom(points(V.get("Z")), points(V.get("query_points")), 0);
    }

    /** Learns from the vector's rounds, with an optional replacement of one round. */
    static UscaEstimator estimator(JointPoint replacedPoint, double replacedReward) {
        UscaState state = planned();
        List<JointPoint> rounds = new ArrayList<>(points(V.get("W_rounds")));
        double[] y = TestVectors.vector(V.get("W_rounds").get("y"));
        if (replacedPoint != null) {
            rounds.set(3, replacedPoint);
            y[3] = replacedReward;
        }
        double[] weighted = new double[y.length];
        for (int t = 0; t < y.length; t++) {
            weighted[t] = USCA.contribution(state.plan(), rounds.get(t).context(), rounds.get(t).action(), y[t]).value();
        }
        return USCA.estimator(USCA.fold(state, rounds, weighted));
    }

    @Test
    void supremumOfTheWidthAndSensitivityMatch() {
        UscaPlan plan = planned().plan();
        assertThat(plan.multiplierK()).isEqualTo(V.get("params").get("K").asDouble());
        assertThat(Math.abs(plan.supSigmaSq() / V.get("sup_sigma_sq").asDouble() - 1)).isLessThan(1e-10);
        assertThat(Math.abs(2 * plan.supSigmaSq() / V.get("m").asDouble() - 1)).isLessThan(1e-10);
    }

    @Test
    void estimatorAndWidthMatchEquationsFourAndFive() {
        UscaEstimator estimator = estimator(null, 0);
        double[] mu = TestVectors.vector(V.get("mu_T"));
        double[] sigmaSq = TestVectors.vector(V.get("sigma_sq"));
        for (int c = 0; c < POOL.length; c++) {
            double[] m = USCA.means(estimator, POOL[c]);
            double[] s = USCA.widths(estimator.plan(), POOL[c]);
            for (int a = 0; a < 4; a++) {
                assertThat(Math.abs(m[a] - mu[4 * c + a])).isLessThan(1e-10);
                assertThat(Math.abs(s[a] - sigmaSq[4 * c + a])).isLessThan(1e-11);
            }
        }
    }

    @Test
    void releaseProbabilitiesMatchTheExponentialMechanism() {
        UscaEstimator estimator = estimator(null, 0);
        for (JsonNode ctx : V.get("release_eps1").get("contexts")) {
            var release = USCA.release(estimator, POOL[ctx.get("context").asInt()], new SeededNoiseSource(1));
            double[] p = TestVectors.vector(ctx.get("p"));
            double[] logP = TestVectors.vector(ctx.get("log_p"));
            assertThat(Math.abs(release.sensitivity() / V.get("m").asDouble() - 1)).isLessThan(1e-10);
            for (int a = 0; a < 4; a++) {
                assertThat(Math.abs(release.probabilities()[a] - p[a])).isLessThan(1e-11);
                assertThat(Math.abs(release.logProbabilities()[a] - logP[a])).isLessThan(1e-10);
            }
        }
    }

    @Test
    void roundOutsideTheSupportIsDownWeighted() {
        JsonNode ex = V.get("extras").get("outside_support_example");
        double[] w = TestVectors.vector(ex.get("w"));
        var c = USCA.contribution(planned().plan(), new double[] {w[0], w[1]}, 1, 1.0);
        assertThat(Math.abs(c.weight() - ex.get("weight").asDouble())).isLessThan(1e-10);
        assertThat(Math.abs(c.value() - ex.get("weight").asDouble())).isLessThan(1e-10);
    }

    @Test
    void neighbouringDatasetsMoveEveryReleaseProbabilityByAtMostEpsilon() {
        // Round 3 replaced by an adversarial round far outside the support with the opposite extreme
        // reward, and a release context far outside the support too: the bound must still hold.
        UscaEstimator d = estimator(null, 0);
        double[][] releaseContexts = {POOL[0], POOL[1], POOL[2], POOL[3], POOL[4], {3.0, -2.0}, {0.45, 0.55}};
        for (JointPoint adversary : List.of(new JointPoint(new double[] {5, 5}, 0), new JointPoint(POOL[2], 3),
                new JointPoint(new double[] {0.0, 0.0}, 2))) {
            for (double reward : new double[] {-1e6, 1e6, -1, 1}) {
                UscaEstimator dPrime = estimator(adversary, reward);
                for (double[] c : releaseContexts) {
                    double[] a = USCA.release(d, c, new SeededNoiseSource(2)).logProbabilities();
                    double[] b = USCA.release(dPrime, c, new SeededNoiseSource(2)).logProbabilities();
                    for (int x = 0; x < a.length; x++) {
                        assertThat(Math.abs(a[x] - b[x])).isLessThanOrEqualTo(CONFIG.epsilon() + 1e-12);
                    }
                }
            }
        }
    }
}

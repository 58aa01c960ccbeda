package io.dpbandit.policy.usca;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.policy.JointPoint;
import io.dpbandit.policy.PublicPoolGenerator;
import io.dpbandit.client.privacy.SeededNoiseSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The COMPACT estimator keeps n_Z numbers and no context, agrees with the paper's estimator where
 * Z covers the finite support, and keeps the exponential mechanism's guarantee.
 */
class UscaCompactEstimatorTest {

    static final List<double[]> POOL = List.of(new double[] {0.1, 0.2}, new double[] {0.7, 0.4},
            new double[] {0.5, 0.9});
    static final List<double[]> ACTIONS = List.of(new double[] {0.0}, new double[] {0.5}, new double[] {1.0});

    static UscaConfig config(UscaConfig.Estimator estimator, int horizon, int nZ, double epsilon) {
        return new UscaConfig(horizon, ACTIONS, KernelSpec.rbf(0.5), 1.0, 1.0, epsilon, nZ, 5000, estimator);
    }

    /** Z = every support point, so the projection onto span φ(Z) is exact (up to the ridge ε). */
    static List<JointPoint> supportAsZ() {
        List<JointPoint> z = new ArrayList<>();
        for (double[] c : POOL) {
            for (int a = 0; a < ACTIONS.size(); a++) {
                z.add(new JointPoint(c, a));
            }
        }
        return z;
    }

    @Test
    void agreesWithThePaperEstimatorWhereZCoversTheSupport() {
        int horizon = 60;
        Usca paper = new Usca(config(UscaConfig.Estimator.PAPER, horizon, 9, 1.0), new PublicPoolGenerator(POOL));
        Usca compact = new Usca(config(UscaConfig.Estimator.COMPACT, horizon, 9, 1.0), new PublicPoolGenerator(POOL));
        UscaState p = paper.startFrom(supportAsZ(), supportAsZ(), 1.0);
        UscaState c = compact.startFrom(supportAsZ(), supportAsZ(), 1.0);
        Random rng = new Random(3);
        List<JointPoint> points = new ArrayList<>();
        double[] pv = new double[horizon];
        double[] cv = new double[horizon];
        for (int t = 0; t < horizon; t++) {
            double[] ctx = POOL.get(rng.nextInt(POOL.size()));
            int a = rng.nextInt(ACTIONS.size());
            double y = rng.nextDouble();
            points.add(new JointPoint(ctx, a));
            pv[t] = paper.contribution(p.plan(), ctx, a, y).value();
            cv[t] = compact.contribution(c.plan(), ctx, a, y).value();
        }
        UscaEstimator pe = paper.estimator(paper.fold(p, points, pv));
        UscaCompactEstimator ce = compact.compactEstimator(compact.fold(c, points, cv));
        for (double[] ctx : POOL) {
            assertThat(compact.means(ce, ctx)).containsExactly(paper.means(pe, ctx), within(1e-6));
        }
    }

    @Test
    void keepsNoContextAndRoundTripsThroughJson() throws Exception {
        Usca usca = new Usca(config(UscaConfig.Estimator.COMPACT, 40, 20, 1.0), new PublicPoolGenerator(POOL));
        UscaState start = usca.start(new SplittableRandom(5));
        UscaState folded = usca.fold(start, List.of(new JointPoint(new double[] {0.3, 0.3}, 1)), new double[] {0.5});
        assertThat(folded.points()).as("a COMPACT fold keeps no data point").isEmpty();
        assertThat(folded.rewardSums()).isEmpty();
        assertThat(start.zSums()).as("fold leaves its input unchanged").containsOnly(0.0);
        UscaCompactEstimator estimator = usca.compactEstimator(folded);
        ObjectMapper json = new ObjectMapper();
        String text = json.writeValueAsString(estimator);
        assertThat(text).doesNotContain("0.3,0.3").doesNotContain("\"points\"");
        UscaCompactEstimator back = json.readValue(text, UscaCompactEstimator.class);
        assertThat(usca.means(back, POOL.get(0))).containsExactly(usca.means(estimator, POOL.get(0)));
    }

    @Test
    void itsWidthIsAtMostThePapersAndANeighbouringRoundMovesTheReleaseByAtMostEpsilon() {
        double epsilon = 1.0;
        Usca usca = new Usca(config(UscaConfig.Estimator.COMPACT, 40, 30, epsilon), new PublicPoolGenerator(POOL));
        Usca paper = new Usca(config(UscaConfig.Estimator.PAPER, 40, 30, epsilon), new PublicPoolGenerator(POOL));
        UscaState start = usca.start(new SplittableRandom(6));
        UscaState paperStart = paper.startFrom(start.plan().approximatingSet(), supportAsZ(), 1.0);
        // s²(w) ≤ σ²(w): the compact width, hence its sensitivity, never exceeds the paper's.
        for (double[] c : POOL) {
            double[] s = usca.widths(start.plan(), c);
            double[] sigma = paper.widths(paperStart.plan(), c);
            for (int a = 0; a < s.length; a++) {
                assertThat(s[a]).isLessThanOrEqualTo(sigma[a] + 1e-12).isGreaterThanOrEqualTo(-1e-12);
            }
        }
        Random rng = new Random(7);
        List<JointPoint> points = new ArrayList<>();
        double[] values = new double[40];
        for (int t = 0; t < 40; t++) {
            double[] c = POOL.get(rng.nextInt(POOL.size()));
            int a = rng.nextInt(ACTIONS.size());
            points.add(new JointPoint(c, a));
            values[t] = usca.contribution(start.plan(), c, a, rng.nextDouble()).value();
        }
        for (double[] replacement : List.of(new double[] {9, -9}, new double[] {1e300, 1e300}, new double[] {0.5, 0.5})) {
            for (double reward : new double[] {-1.0, 1.0, 1e9}) {
                List<JointPoint> neighbour = new ArrayList<>(points);
                double[] nv = values.clone();
                neighbour.set(0, new JointPoint(replacement, 2));
                nv[0] = usca.contribution(start.plan(), replacement, 2, reward).value();
                var e1 = usca.compactEstimator(usca.fold(start, points, values));
                var e2 = usca.compactEstimator(usca.fold(start, neighbour, nv));
                for (double[] c : POOL) {
                    double[] p = usca.release(e1, c, new SeededNoiseSource(1)).logProbabilities();
                    double[] q = usca.release(e2, c, new SeededNoiseSource(1)).logProbabilities();
                    for (int a = 0; a < p.length; a++) {
                        assertThat(Math.abs(p[a] - q[a])).as("log ratio at %s", Arrays.toString(c))
                                .isLessThanOrEqualTo(epsilon * (1 + 1e-9));
                    }
                }
            }
        }
    }
}

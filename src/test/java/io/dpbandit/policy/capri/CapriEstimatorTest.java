package io.dpbandit.policy.capri;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dpbandit.client.kernel.Kernel;
import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.policy.JointPoint;
import io.dpbandit.policy.PublicPoolGenerator;
import io.dpbandit.client.testing.ZeroNoise;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;

class CapriEstimatorTest {

    static final int CONTEXTS = 8;
    static final int ACTIONS = 5;

    static List<double[]> randomPoints(int n, int d, SplittableRandom rng) {
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(rng.doubles(d).toArray());
        }
        return out;
    }

    static CapriConfig nonPrivate(List<double[]> actions, int horizon) {
        return new CapriConfig(horizon, actions, KernelSpec.rbf(0.4), 0.3, 1.0, 0.05, CapriConfig.Privacy.none(),
                CapriConfig.NoiseCalibration.ANALYTIC, CapriConfig.EpochComposition.SEQUENTIAL,
                CapriConfig.Width.theory(), 1000, CapriConfig.Clipping.supportMax(), 5000);
    }

    @Test
    void noiselessModelEqualsAnIndependentDirectComputationOfTheClosedForm() {
        SplittableRandom rng = new SplittableRandom(11);
        List<double[]> pool = randomPoints(CONTEXTS, 2, rng);
        List<double[]> actions = randomPoints(ACTIONS, 2, rng);
        CapriConfig config = nonPrivate(actions, 400);
        PublicPoolGenerator generator = new PublicPoolGenerator(pool);
        Capri capri = new Capri(config, generator);
        EpochPlanner planner = new EpochPlanner(config, capri.kernel(), generator);
        int length = 20;
        EpochPlanner.PublicSets sets = planner.drawSets(length, capri.elimination(List.of()), rng);
        EpochPlan plan = planner.planFrom(1, length, 0, sets);

        // T_r rounds from the support with rewards in [-1, 1]: none is clipped on the support.
        List<JointPoint> rounds = new ArrayList<>();
        double[] y = new double[length];
        double[] sum = new double[plan.projectionSize()];
        ContributionCalculator contributions = capri.contributions(plan);
        for (int t = 0; t < length; t++) {
            rounds.add(new JointPoint(pool.get(rng.nextInt(CONTEXTS)), rng.nextInt(ACTIONS)));
            y[t] = 2 * rng.nextDouble() - 1;
            var flags = contributions.addTo(sum, rounds.get(t).context(), rounds.get(t).action(), y[t]);
            assertThat(flags.vectorClipped()).isFalse();
        }
        CapriState state = capri.fold(new CapriState(plan, new double[plan.projectionSize()], 0, 0, List.of()), sum,
                length);
        ReleasedModel model = capri.release(state, new ZeroNoise()).model();

        // Independent route (paper eq. 4 / 45): R expanded draw by draw, M by explicit sums, an LU
        // solve of M x = K_{S,W} y, and μ̂(w) = k_S(w)ᵀ x. No Cholesky, no weights, no A.
        Kernel k = capri.kernel();
        double[][] af = actions.toArray(double[][]::new);
        List<double[]> s = sets.projection().stream().map(p -> p.features(af)).toList();
        List<double[]> r = new ArrayList<>();
        for (Map.Entry<JointPoint, Integer> e : sets.covariance().entrySet()) {
            for (int i = 0; i < e.getValue(); i++) {
                r.add(e.getKey().features(af));
            }
        }
        assertThat(r).hasSize(length);
        int m = s.size();
        DMatrixRMaj mm = new DMatrixRMaj(m, m);
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                double v = config.regularization() * k.value(s.get(i), s.get(j));
                for (double[] rp : r) {
                    v += k.value(s.get(i), rp) * k.value(rp, s.get(j));
                }
                mm.set(i, j, v);
            }
        }
        DMatrixRMaj rhs = new DMatrixRMaj(m, 1);
        for (int i = 0; i < m; i++) {
            double v = 0;
            for (int t = 0; t < length; t++) {
                v += k.value(s.get(i), rounds.get(t).features(af)) * y[t];
            }
            rhs.set(i, 0, v);
        }
        DMatrixRMaj x = new DMatrixRMaj(m, 1);
        assertThat(CommonOps_DDRM.solve(mm, rhs, x)).isTrue();

        Elimination e = capri.elimination(List.of(model));
        for (double[] c : pool) {
            double[] mu = e.means(0, c);
            for (int a = 0; a < ACTIONS; a++) {
                double[] w = new JointPoint(c, a).features(af);
                double direct = 0;
                for (int i = 0; i < m; i++) {
                    direct += k.value(s.get(i), w) * x.get(i, 0);
                }
                assertThat(Math.abs(mu[a] - direct)).isLessThan(1e-8);
            }
        }
    }

    @Test
    void contributionsNeverExceedTheBoundForAdversarialContextsAndRewards() {
        SplittableRandom rng = new SplittableRandom(12);
        List<double[]> pool = randomPoints(CONTEXTS, 2, rng);
        List<double[]> actions = randomPoints(ACTIONS, 2, rng);
        CapriConfig config = new CapriConfig(2000, actions, KernelSpec.rbf(0.4), 0.3, 1.0, 0.05,
                new CapriConfig.Privacy(CapriConfig.Model.JDP, 1, 1e-5), CapriConfig.NoiseCalibration.ANALYTIC,
                CapriConfig.EpochComposition.PARALLEL, CapriConfig.Width.theory(), 1000, new CapriConfig.Clipping(0.5),
                5000);
        Capri capri = new Capri(config, new PublicPoolGenerator(pool));
        CapriState state = capri.start(rng);
        ContributionCalculator contributions = capri.contributions(state.plan());
        double bound = state.plan().contributionBound();
        assertThat(bound).isPositive();
        int clipped = 0;
        for (int i = 0; i < 2000; i++) {
            double scale = Math.pow(10, rng.nextInt(-3, 7));
            double[] c = {scale * (2 * rng.nextDouble() - 1), scale * (2 * rng.nextDouble() - 1)};
            if (i % 3 == 0) {
                c = pool.get(rng.nextInt(CONTEXTS)).clone();
                c[0] += 1e-3 * rng.nextGaussian();
            }
            double reward = Math.pow(10, rng.nextInt(-2, 9)) * (rng.nextBoolean() ? 1 : -1);
            Contribution g = contributions.contribution(c, rng.nextInt(ACTIONS), reward);
            double norm = Math.sqrt(java.util.Arrays.stream(g.vector()).map(v -> v * v).sum());
            assertThat(norm).isLessThanOrEqualTo(bound * (1 + 1e-12));
            clipped += g.vectorClipped() ? 1 : 0;
        }
        assertThat(clipped).isPositive();
        // Non-finite inputs fail closed: they contribute the zero vector (an exception here would make
        // the epoch close fail on every attempt).
        for (Contribution zero : List.of(contributions.contribution(pool.get(0), 0, Double.NaN),
                contributions.contribution(pool.get(0), 0, Double.POSITIVE_INFINITY),
                contributions.contribution(new double[] {Double.NaN, 0.5}, 0, 1.0),
                contributions.contribution(new double[] {Double.NEGATIVE_INFINITY, 0.5}, 1, 1.0))) {
            assertThat(zero.vector()).containsOnly(0.0);
            assertThat(zero.vectorClipped()).isTrue();
        }
    }
}

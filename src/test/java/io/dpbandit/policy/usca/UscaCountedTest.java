package io.dpbandit.policy.usca;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.policy.JointPoint;
import io.dpbandit.policy.PublicPoolGenerator;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Z held COUNTED (its distinct points with their counts) is the same estimator as the paper's Z of
 * n_Z draws (Woodbury: Φ_Z (K_ZZ + KτI)⁻¹ Φ_Zᵀ = Φ_U (K_UU + D)⁻¹ Φ_Uᵀ with D = diag(τK/n_j)), so the
 * widths σ², their supremum (which sets the exponential mechanism's sensitivity) and the means agree,
 * while the matrices are |U| × |U| instead of n_Z × n_Z. Deterministic: fixed seeds.
 */
class UscaCountedTest {

    static final List<double[]> POOL = List.of(new double[] {0.1, 0.2}, new double[] {0.7, 0.4},
            new double[] {0.5, 0.9}, new double[] {0.3, 0.6});
    static final List<double[]> ACTIONS = List.of(new double[] {0.0}, new double[] {0.5}, new double[] {1.0});

    static Usca usca(UscaConfig.Estimator estimator, UscaConfig.ApproximatingSet set, int nZ) {
        return new Usca(new UscaConfig(200, ACTIONS, KernelSpec.rbf(0.5), 1.0, 1.0, 1.0, nZ, 5000, estimator, set),
                new PublicPoolGenerator(POOL));
    }

    @Test
    void countedZIsThePapersEstimatorWithAMatrixTheSizeOfTheSupport() {
        int nZ = 60; // five draws per support point on average: many repeats
        Usca drawn = usca(UscaConfig.Estimator.PAPER, UscaConfig.ApproximatingSet.DRAWN, nZ);
        Usca counted = usca(UscaConfig.Estimator.PAPER, UscaConfig.ApproximatingSet.COUNTED, nZ);
        UscaState d = drawn.start(new SplittableRandom(11));
        UscaState c = counted.start(new SplittableRandom(11));

        assertThat(d.plan().approximatingSet()).hasSize(nZ);
        assertThat(c.plan().approximatingSet()).as("distinct points only")
                .hasSize(new HashSet<>(d.plan().approximatingSet()).size()).hasSizeLessThanOrEqualTo(12);
        assertThat(c.plan().draws()).isEqualTo(nZ);
        assertThat(c.plan().multiplierK()).isCloseTo(d.plan().multiplierK(), within(1e-15));
        assertThat(c.plan().supSigmaSq()).as("sup sigma^2: the mechanism's sensitivity")
                .isCloseTo(d.plan().supSigmaSq(), within(1e-9));
        for (double[] ctx : POOL) {
            assertThat(counted.widths(c.plan(), ctx)).containsExactly(drawn.widths(d.plan(), ctx), within(1e-9));
        }

        Random rng = new Random(5);
        List<JointPoint> points = new ArrayList<>();
        double[] dv = new double[200];
        double[] cv = new double[200];
        for (int t = 0; t < 200; t++) {
            double[] ctx = POOL.get(rng.nextInt(POOL.size()));
            int a = rng.nextInt(ACTIONS.size());
            double y = rng.nextDouble();
            points.add(new JointPoint(ctx, a));
            dv[t] = drawn.contribution(d.plan(), ctx, a, y).value();
            cv[t] = counted.contribution(c.plan(), ctx, a, y).value();
        }
        assertThat(cv).as("each round's weighted reward").containsExactly(dv, within(1e-9));
        UscaEstimator de = drawn.estimator(drawn.fold(d, points, dv));
        UscaEstimator ce = counted.estimator(counted.fold(c, points, cv));
        for (double[] ctx : POOL) {
            assertThat(counted.means(ce, ctx)).containsExactly(drawn.means(de, ctx), within(1e-8));
        }
    }

    @Test
    void theCompactEstimatorOnCountedZAgreesWithThePapersWhereZCoversTheSupport() {
        int nZ = 120; // covers all 12 support points with overwhelming probability (fixed seed)
        Usca paper = usca(UscaConfig.Estimator.PAPER, UscaConfig.ApproximatingSet.COUNTED, nZ);
        Usca compact = usca(UscaConfig.Estimator.COMPACT, UscaConfig.ApproximatingSet.COUNTED, nZ);
        UscaState p = paper.start(new SplittableRandom(3));
        UscaState c = compact.start(new SplittableRandom(3));
        assertThat(p.plan().approximatingSet()).hasSize(12);
        Random rng = new Random(9);
        List<JointPoint> points = new ArrayList<>();
        double[] pv = new double[200];
        double[] cv = new double[200];
        for (int t = 0; t < 200; t++) {
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
            assertThat(compact.means(ce, ctx)).containsExactly(paper.means(pe, ctx), within(1e-4));
        }
    }
}

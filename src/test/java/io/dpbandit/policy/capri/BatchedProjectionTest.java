package io.dpbandit.policy.capri;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.client.capri.CapriProjection;
import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.client.privacy.SeededNoiseSource;
import io.dpbandit.policy.UniformBoxGenerator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The fold's batched projection computes the same numbers, bit for bit, as the one-round version
 * it replaces: the device's randomiser (one round) and the server's fold (many) must agree on
 * A k_S(w). The plan's accumulation of M computes its lower triangle bit for bit as the one-chain
 * product did and mirrors it (where the earlier code averaged two differently rounded triangles).
 */
class BatchedProjectionTest {

    private static Capri capri;
    private static EpochPlan plan;
    private static double[][] projectionFeatures;

    @BeforeAll
    static void planOneEpoch() {
        SplittableRandom rng = new SplittableRandom(5);
        List<double[]> actions = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            actions.add(new double[] {rng.nextDouble(), rng.nextDouble()});
        }
        CapriConfig config = CapriConfig.engineered(100_000, actions, KernelSpec.rbf(0.3), 10, 1.0,
                new CapriConfig.Privacy(CapriConfig.Model.JDP, 1, 1e-5), 3e-4, 1.0);
        capri = new Capri(config, new UniformBoxGenerator(2, 0, 1));
        plan = new EpochPlanner(config, capri.kernel(), new UniformBoxGenerator(2, 0, 1))
                .plan(1, 400, 0, capri.elimination(List.of()), rng);
        double[][] features = config.actionFeatures().toArray(double[][]::new);
        projectionFeatures = plan.projectionSet().stream().map(p -> p.features(features)).toArray(double[][]::new);
    }

    @Test
    void projectingManyPointsEqualsProjectingEachBitForBit() {
        SplittableRandom rng = new SplittableRandom(11);
        assertThat(projectionFeatures.length).as("|S|").isGreaterThan(100);
        for (int count : new int[] {0, 1, 3, 4, 5, 8, 13}) {
            double[][] ws = new double[count][];
            for (int p = 0; p < count; p++) {
                ws[p] = projectionFeatures[rng.nextInt(projectionFeatures.length)].clone();
                ws[p][0] += rng.nextDouble() - 0.5; // off S as well as on it
            }
            double[][] batched = CapriProjection.projectAll(capri.kernel(), projectionFeatures,
                    plan.inverseCholesky(), ws);
            assertThat(batched.length).isEqualTo(count);
            for (int p = 0; p < count; p++) {
                double[] single = CapriProjection.project(capri.kernel(), projectionFeatures, plan.inverseCholesky(),
                        ws[p]);
                assertThat(Arrays.equals(batched[p], single)).as("point %d of %d", p, count).isTrue();
            }
        }
    }

    @Test
    void foldingABatchEqualsAddingEachRoundBitForBit() {
        SplittableRandom rng = new SplittableRandom(12);
        List<ContributionCalculator.Round> rounds = new ArrayList<>();
        for (int t = 0; t < 203; t++) {
            double[] context = {rng.nextDouble(), rng.nextDouble()};
            double reward = rng.nextDouble() * 3 - 1.5; // some beyond B = 1: clipped
            rounds.add(new ContributionCalculator.Round(context, rng.nextInt(4), reward));
        }
        rounds.add(rounds.get(7)); // the same joint point twice in a batch
        rounds.add(new ContributionCalculator.Round(new double[] {Double.NaN, 0.5}, 1, 0.5));
        rounds.add(new ContributionCalculator.Round(new double[] {0.5, 0.5}, 1, Double.POSITIVE_INFINITY));
        rounds.add(new ContributionCalculator.Round(new double[] {1e300, -1e300}, 2, 1.0)); // far off: clipped

        double[] sequential = new double[plan.projectionSize()];
        ContributionCalculator one = capri.contributions(plan);
        for (ContributionCalculator.Round round : rounds) {
            one.addTo(sequential, round.context(), round.action(), round.reward());
        }
        double[] batched = new double[plan.projectionSize()];
        ContributionCalculator many = capri.contributions(plan);
        many.addAll(batched, rounds.subList(0, 100));
        many.addAll(batched, rounds.subList(100, rounds.size()));
        many.addAll(new double[plan.projectionSize()], rounds); // the cache holds them now: hits
        double[] again = new double[plan.projectionSize()];
        many.addAll(again, rounds);

        assertThat(Arrays.equals(batched, sequential)).as("batched fold = sequential fold").isTrue();
        assertThat(Arrays.equals(again, sequential)).as("from the cache").isTrue();
        assertThat(Arrays.stream(sequential).anyMatch(v -> v != 0)).isTrue();
        // and the release from either is the same model
        var fromBatch = capri.release(capri.fold(capri.open(plan, List.of()), batched, plan.length()),
                new SeededNoiseSource(3));
        var fromEach = capri.release(capri.fold(capri.open(plan, List.of()), sequential, plan.length()),
                new SeededNoiseSource(3));
        assertThat(fromBatch.models()).usingRecursiveComparison().isEqualTo(fromEach.models());
    }

    @Test
    void accumulatingRByRowsGivesTheOneChainProductsLowerTriangleBitForBitAndAnExactlySymmetricM() {
        SplittableRandom rng = new SplittableRandom(13);
        double[][] r = new double[300][];
        double[] weights = new double[r.length];
        for (int j = 0; j < r.length; j++) {
            r[j] = projectionFeatures[rng.nextInt(projectionFeatures.length)].clone();
            r[j][1] += rng.nextDouble() - 0.5;
            weights[j] = 1 + rng.nextInt(3);
        }
        int m = projectionFeatures.length;
        DMatrixRMaj sum = new DMatrixRMaj(m, m);
        DMatrixRMaj reference = new DMatrixRMaj(m, m);
        for (int from = 0; from < r.length; from += 128) {
            int cols = Math.min(128, r.length - from);
            KernelMatrices.addWeightedOuterSum(capri.kernel(), projectionFeatures, r, weights, from, cols, sum);
            // What the accumulation was before: EJML's multAddTransB of the weighted cross matrix.
            DMatrixRMaj k = io.dpbandit.kernel.GramMatrices.cross(capri.kernel(), projectionFeatures,
                    Arrays.copyOfRange(r, from, from + cols));
            DMatrixRMaj scaled = k.copy();
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < cols; j++) {
                    scaled.unsafe_set(i, j, k.unsafe_get(i, j) * weights[from + j]);
                }
            }
            CommonOps_DDRM.multAddTransB(scaled, k, reference);
        }
        for (int a = 0; a < m; a++) {
            for (int b = 0; b <= a; b++) {
                if (Double.doubleToLongBits(sum.get(a, b)) != Double.doubleToLongBits(reference.get(a, b))) {
                    throw new AssertionError("M[" + a + "," + b + "] = " + sum.get(a, b) + " against "
                            + reference.get(a, b) + " by multAddTransB");
                }
            }
        }
        KernelMatrices.symmetrise(sum);
        for (int a = 0; a < m; a++) {
            for (int b = 0; b < a; b++) {
                assertThat(sum.get(b, a)).isEqualTo(sum.get(a, b)).isEqualTo(reference.get(a, b));
            }
        }
        assertThat(CommonOps_DDRM.elementMaxAbs(sum)).isGreaterThan(0);
    }
}

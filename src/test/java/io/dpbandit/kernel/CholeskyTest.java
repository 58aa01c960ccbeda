package io.dpbandit.kernel;

import io.dpbandit.testing.MatrixAssertions;

import io.dpbandit.testing.RandomData;

import io.dpbandit.client.kernel.KernelSpec;

import static io.dpbandit.testing.MatrixAssertions.assertIdentity;
import static io.dpbandit.testing.MatrixAssertions.assertMatrixClose;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.MatrixFeatures_DDRM;
import org.ejml.dense.row.RandomMatrices_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CholeskyTest {

    @Test
    void factorsPositiveDefiniteMatrixWithoutJitter() {
        for (int n : new int[] {1, 2, 9, 64}) {
            DMatrixRMaj m = RandomData.spd(new Random(100 + n), n, 0.5);
            DMatrixRMaj original = m.copy();
            CholeskyFactor factor = Cholesky.factor(m);

            assertThat(factor.jitter()).isZero();
            assertThat(factor.attempts()).isEqualTo(1);
            assertThat(factor.size()).isEqualTo(n);
            assertThat(MatrixFeatures_DDRM.isLowerTriangle(factor.lower(), 0, 0.0)).isTrue();
            DMatrixRMaj llt = new DMatrixRMaj(n, n);
            CommonOps_DDRM.multTransB(factor.lower(), factor.lower(), llt);
            assertMatrixClose(llt, m, 1e-13, "L L^T");
            assertThat(MatrixFeatures_DDRM.isIdentical(m, original, 0.0)).as("input untouched").isTrue();
        }
    }

    @Test
    void reproducesAHandFactoredMatrixAndItsLogDeterminant() {
        // [[4, 12, -16], [12, 37, -43], [-16, -43, 98]] = L L^T with L = [[2, 0, 0], [6, 1, 0], [-8, 5, 3]],
        // so det = (2 * 1 * 3)^2 = 36.
        DMatrixRMaj m = new DMatrixRMaj(new double[][] {{4, 12, -16}, {12, 37, -43}, {-16, -43, 98}});
        CholeskyFactor factor = Cholesky.factor(m);
        assertMatrixClose(factor.lower(), new DMatrixRMaj(new double[][] {{2, 0, 0}, {6, 1, 0}, {-8, 5, 3}}), 1e-14, "L");
        assertThat(factor.logDeterminant()).isCloseTo(Math.log(36), within(1e-14));

        // 2 x 2: det [[4, 2], [2, 3]] = 12 - 4 = 8.
        assertThat(Cholesky.factor(new DMatrixRMaj(new double[][] {{4, 2}, {2, 3}})).logDeterminant())
                .isCloseTo(Math.log(8), within(1e-14));
    }

    @Test
    void logDeterminantEqualsTheSumOfLogEigenvalues() {
        for (long seed = 1; seed <= 3; seed++) {
            DMatrixRMaj m = RandomData.spd(new Random(seed), 40, 0.1);
            double sum = 0;
            for (double lambda : SymmetricEigenFunctions.eigenvaluesAscending(m)) {
                sum += Math.log(lambda);
            }
            assertThat(Cholesky.factor(m).logDeterminant()).isCloseTo(sum, within(1e-10 * Math.abs(sum) + 1e-11));
        }
    }

    @Test
    void logDeterminantStaysFiniteWhereTheDeterminantOverflows() {
        DMatrixRMaj m = CommonOps_DDRM.diag(new double[400]);
        for (int i = 0; i < 400; i++) {
            m.set(i, i, 1e3);
        }
        // det = 1e1200 overflows a double; its log does not.
        assertThat(Cholesky.factor(m).logDeterminant()).isCloseTo(400 * Math.log(1e3), within(1e-9));
    }

    @ParameterizedTest(name = "n = {0}")
    @ValueSource(ints = {20, 200})
    void addsJitterWhenTheGramHasDuplicatedPoints(int size) {
        // 20 uses the inner-product Cholesky, 200 the multithreaded blocked one.
        List<double[]> points = new ArrayList<>(RandomData.points(new Random(7), size, 3));
        points.add(points.get(3).clone());
        points.add(points.get(11).clone());
        DMatrixRMaj gram = GramMatrices.gram(KernelSpec.rbf(0.8).toKernel(), points);

        assertThatThrownBy(() -> Cholesky.factor(gram, JitterPolicy.NONE))
                .isInstanceOf(NotPositiveDefiniteException.class)
                .hasMessageContaining("no jitter allowed");

        CholeskyFactor factor = Cholesky.factor(gram);
        // mean diagonal of an RBF Gram matrix is 1, so the jitter ladder is 1e-10, 1e-9, ...
        assertThat(factor.jitter()).isGreaterThanOrEqualTo(1e-10).isLessThanOrEqualTo(1e-4);
        assertThat(factor.attempts()).isGreaterThan(1);
        DMatrixRMaj llt = new DMatrixRMaj(gram.numRows, gram.numRows);
        CommonOps_DDRM.multTransB(factor.lower(), factor.lower(), llt);
        DMatrixRMaj jittered = gram.copy();
        for (int i = 0; i < gram.numRows; i++) {
            jittered.add(i, i, factor.jitter());
        }
        assertMatrixClose(llt, jittered, 1e-13, "L L^T = K + jitter I");
    }

    @Test
    void aWarmStartBeginsAtTheGivenJitterAndSkipsTheFailedPlainPass() {
        // CAPRI's M_r is numerically singular at large m epoch after epoch; starting each epoch's
        // factorisation where the last one succeeded saves the failed O(m³) attempts before it.
        List<double[]> points = new ArrayList<>(RandomData.points(new Random(7), 60, 3));
        points.add(points.get(3).clone());
        DMatrixRMaj gram = GramMatrices.gram(KernelSpec.rbf(0.8).toKernel(), points);
        CholeskyFactor cold = Cholesky.factor(gram);
        int needed = cold.attempts() - 1;
        assertThat(needed).as("the plain attempt fails on a duplicated point").isPositive();

        CholeskyFactor warm = Cholesky.factor(gram, JitterPolicy.DEFAULT, needed);
        assertThat(warm.attempts()).as("one factorisation, at the attempt that worked before").isEqualTo(needed + 1);
        assertThat(warm.jitter()).isEqualTo(cold.jitter());
        assertThat(warm.lower().data).containsExactly(cold.lower().data);
        // Starting past the ladder's end is clamped to its last rung, never skips factoring.
        assertThat(Cholesky.factor(gram, JitterPolicy.DEFAULT, 99).attempts()).isEqualTo(JitterPolicy.DEFAULT.maxRetries() + 1);
    }

    @Test
    void treatsARoundOffPivotAsFailureEvenWhenEjmlAcceptsIt() {
        // A duplicated point makes the last pivot exactly 0; rounding leaves 1.5e-8 (pivot^2 = eps) here,
        // which EJML accepts. The factor would then carry a 1/1.5e-8 amplification, so it must count as
        // failed and go to the jitter ladder.
        List<double[]> points = new ArrayList<>(RandomData.points(new Random(1), 8, 3));
        points.add(points.get(2).clone());
        DMatrixRMaj gram = GramMatrices.gram(KernelSpec.rbf(0.8).toKernel(), points);
        assertThat(DecompositionFactory_DDRM.chol(9, true).decompose(gram.copy())).as("EJML alone accepts").isTrue();

        assertThatThrownBy(() -> Cholesky.factor(gram, JitterPolicy.NONE)).isInstanceOf(NotPositiveDefiniteException.class);
        assertThat(Cholesky.factor(gram).jitter()).isGreaterThan(0);
    }

    @Test
    void jitterFallbackAlsoWorksOnTheBlockedPathForLargeMatrices() {
        // n >= 1000 switches EJML to its blocked Cholesky.
        List<double[]> points = new ArrayList<>(RandomData.points(new Random(8), 1000, 4));
        points.add(points.get(500).clone());
        DMatrixRMaj gram = GramMatrices.gram(KernelSpec.matern12(0.3).toKernel(), points);
        CholeskyFactor factor = Cholesky.factor(gram);
        assertThat(factor.jitter()).isGreaterThan(0);
        assertSolves(factor, gram, factor.jitter(), new Random(9), 1e-11);
    }

    @Test
    void rejectsAnIndefiniteMatrixEvenWithTheLargestJitter() {
        DMatrixRMaj m = CommonOps_DDRM.diag(2.0, -1.0);
        assertThatThrownBy(() -> Cholesky.factor(m))
                .isInstanceOf(NotPositiveDefiniteException.class)
                .satisfies(e -> assertThat(((NotPositiveDefiniteException) e).largestJitterTried())
                        .isCloseTo(1e-4 * 0.5, within(1e-18)));
    }

    @Test
    void rejectsMatricesThatAreNotSymmetricSquareAndFinite() {
        assertThatThrownBy(() -> Cholesky.factor(new DMatrixRMaj(2, 3)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("square");
        assertThatThrownBy(() -> Cholesky.factor(new DMatrixRMaj(new double[][] {{2, 1}, {0, 2}})))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not symmetric");
        assertThatThrownBy(() -> Cholesky.factor(new DMatrixRMaj(new double[][] {{Double.NaN}})))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NaN");
        assertThatThrownBy(() -> Cholesky.factor(new DMatrixRMaj(2, 2)))
                .isInstanceOf(NotPositiveDefiniteException.class);
    }

    @Test
    void solvesVectorAndMatrixRightHandSides() {
        Random rng = new Random(31);
        DMatrixRMaj m = RandomData.spd(rng, 25, 0.2);
        CholeskyFactor factor = Cholesky.factor(m);
        assertSolves(factor, m, 0.0, rng, 1e-12);

        DMatrixRMaj b = RandomMatrices_DDRM.rectangle(25, 4, -1, 1, rng);
        DMatrixRMaj x = factor.solve(b);
        for (int c = 0; c < 4; c++) {
            double[] column = CommonOps_DDRM.extractColumn(b, c, null).data;
            double[] solved = factor.solve(column);
            for (int i = 0; i < 25; i++) {
                assertThat(x.get(i, c)).isCloseTo(solved[i], within(1e-13));
            }
        }
        DMatrixRMaj residual = new DMatrixRMaj(25, 4);
        CommonOps_DDRM.mult(m, x, residual);
        assertMatrixClose(residual, b, 1e-12, "M X");
    }

    @Test
    void inverseFactorIsALowerTriangularSquareRootOfTheInverse() {
        // Sizes around EJML's 60-wide blocks, where the blocked inversion changes shape.
        for (int n : new int[] {1, 2, 7, 59, 60, 61, 130}) {
            DMatrixRMaj m = RandomData.spd(new Random(200 + n), n, 0.3);
            CholeskyFactor factor = Cholesky.factor(m);
            DMatrixRMaj a = factor.inverseFactor();
            assertThat(MatrixFeatures_DDRM.isLowerTriangle(a, 0, 0.0)).as("A lower triangular, n=%d", n).isTrue();

            DMatrixRMaj ata = new DMatrixRMaj(n, n);
            CommonOps_DDRM.multTransA(a, a, ata);
            DMatrixRMaj product = new DMatrixRMaj(n, n);
            CommonOps_DDRM.mult(ata, m, product);
            assertIdentity(product, 1e-10, "A^T A M, n=" + n);

            DMatrixRMaj al = new DMatrixRMaj(n, n);
            CommonOps_DDRM.mult(a, factor.lower(), al);
            assertIdentity(al, 1e-12, "A L, n=" + n);
        }
    }

    @Test
    void applyingTheInverseFactorEqualsMultiplyingByIt() {
        Random rng = new Random(41);
        DMatrixRMaj m = RandomData.spd(rng, 70, 0.3);
        CholeskyFactor factor = Cholesky.factor(m);
        DMatrixRMaj a = factor.inverseFactor();
        DMatrixRMaj b = RandomMatrices_DDRM.rectangle(70, 3, -1, 1, rng);
        DMatrixRMaj expected = new DMatrixRMaj(70, 3);
        CommonOps_DDRM.mult(a, b, expected);
        assertMatrixClose(factor.applyInverseFactor(b), expected, 1e-12, "L^-1 B");
        double[] column = CommonOps_DDRM.extractColumn(b, 1, null).data;
        double[] applied = factor.applyInverseFactor(column);
        for (int i = 0; i < 70; i++) {
            assertThat(applied[i]).isCloseTo(expected.get(i, 1), within(1e-12));
        }
    }

    @Test
    void inverseFactorOfALargeMatrixSatisfiesTheSquareRootIdentityOnRandomVectors() {
        int n = 1100;
        Random rng = new Random(51);
        DMatrixRMaj m = RandomData.spd(rng, n, 1.0);
        CholeskyFactor factor = Cholesky.factor(m);
        assertThat(factor.jitter()).isZero();
        DMatrixRMaj a = factor.inverseFactor();
        assertThat(MatrixFeatures_DDRM.isLowerTriangle(a, 0, 0.0)).isTrue();
        // A^T A M x = x for random x, in O(n^2) per vector instead of forming A^T A M.
        for (int t = 0; t < 3; t++) {
            DMatrixRMaj x = RandomMatrices_DDRM.rectangle(n, 1, -1, 1, rng);
            DMatrixRMaj mx = new DMatrixRMaj(n, 1);
            CommonOps_DDRM.mult(m, x, mx);
            DMatrixRMaj amx = new DMatrixRMaj(n, 1);
            CommonOps_DDRM.mult(a, mx, amx);
            DMatrixRMaj back = new DMatrixRMaj(n, 1);
            CommonOps_DDRM.multTransA(a, amx, back);
            assertMatrixClose(back, x, 1e-10, "A^T A M x");
        }
    }

    @Test
    void jitterPolicyRejectsNonsense() {
        assertThatThrownBy(() -> new JitterPolicy(0, 10, 3)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new JitterPolicy(1e-10, 1, 3)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new JitterPolicy(1e-10, 10, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(JitterPolicy.DEFAULT.relativeJitter(0)).isZero();
        assertThat(JitterPolicy.DEFAULT.relativeJitter(1)).isEqualTo(1e-10);
        assertThat(JitterPolicy.DEFAULT.relativeJitter(7)).isCloseTo(1e-4, within(1e-18));
    }

    /**
     * (M + jitter I) x = b for random b, checked by multiplying back. The residual is judged relative to
     * ||x||_1 (Cholesky is backward stable with |L| |L^T| entries bounded by the diagonal, about 1 here),
     * because a nearly singular jittered matrix makes x large and the residual of its product with it too.
     */
    private static void assertSolves(CholeskyFactor factor, DMatrixRMaj m, double jitter, Random rng, double tolerance) {
        int n = m.numRows;
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            b[i] = 2 * rng.nextDouble() - 1;
        }
        double[] x = factor.solve(b);
        double xNorm1 = 0;
        for (double v : x) {
            xNorm1 += Math.abs(v);
        }
        for (int i = 0; i < n; i++) {
            double row = jitter * x[i];
            for (int j = 0; j < n; j++) {
                row += m.get(i, j) * x[j];
            }
            assertThat(row).as("row %d of (M + jitter I) x", i).isCloseTo(b[i], within(tolerance * (xNorm1 + 1)));
        }
    }
}

package io.dpbandit.kernel;

import io.dpbandit.testing.MatrixAssertions;

import io.dpbandit.testing.RandomData;

import io.dpbandit.client.kernel.KernelSpec;

import static io.dpbandit.testing.MatrixAssertions.assertExactlySymmetric;
import static io.dpbandit.testing.MatrixAssertions.assertIdentity;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.MatrixFeatures_DDRM;
import org.ejml.dense.row.NormOps_DDRM;
import org.ejml.dense.row.RandomMatrices_DDRM;
import org.junit.jupiter.api.Test;

class SymmetricEigenFunctionsTest {

    @Test
    void inverseSquareRootIsSymmetricAndWhitensRandomPositiveDefiniteMatrices() {
        for (int n : new int[] {1, 2, 10, 60, 150}) {
            DMatrixRMaj m = RandomData.spd(new Random(300 + n), n, 0.2);
            DMatrixRMaj original = m.copy();
            InverseSquareRoot root = SymmetricEigenFunctions.inverseSquareRoot(m);
            DMatrixRMaj x = root.matrix();

            assertThat(root.flooredCount()).isZero();
            assertThat(root.relativeFloor()).isEqualTo(1e-12);
            assertExactlySymmetric(x, "X");
            assertIdentity(sandwich(x, m), 1e-10, "X M X, n=" + n);
            DMatrixRMaj xx = new DMatrixRMaj(n, n);
            CommonOps_DDRM.mult(x, x, xx);
            DMatrixRMaj xxm = new DMatrixRMaj(n, n);
            CommonOps_DDRM.mult(xx, m, xxm);
            assertIdentity(xxm, 1e-10, "X^2 M, n=" + n);
            assertThat(MatrixFeatures_DDRM.isIdentical(m, original, 0.0)).as("input untouched").isTrue();
        }
    }

    @Test
    void gramOfRandomPointsIsPositiveDefiniteAndWhitenedByItsInverseSquareRoot() {
        // Matern 1/2 Gram matrices of distinct points are well conditioned enough for a 1e-10 check.
        for (long seed = 1; seed <= 3; seed++) {
            List<double[]> points = RandomData.points(new Random(seed), 50, 4);
            DMatrixRMaj gram = GramMatrices.gram(KernelSpec.matern12(0.5).toKernel(), points);
            assertThat(Cholesky.factor(gram, JitterPolicy.NONE).jitter()).isZero();
            InverseSquareRoot root = SymmetricEigenFunctions.inverseSquareRoot(gram);
            assertThat(root.flooredCount()).isZero();
            assertIdentity(sandwich(root.matrix(), gram), 1e-10, "X K X, seed " + seed);
        }
    }

    @Test
    void symmetricAndCholeskyRootsGiveTheSameProjectedNorms() {
        // ||X k|| = ||A k|| = sqrt(k^T M^-1 k) for every square root of M^-1 (rule "any square root of
        // M⁻¹", docs/papers.md).
        Random rng = new Random(61);
        DMatrixRMaj m = RandomData.spd(rng, 40, 0.2);
        DMatrixRMaj x = SymmetricEigenFunctions.inverseSquareRoot(m).matrix();
        DMatrixRMaj a = Cholesky.factor(m).inverseFactor();
        for (int t = 0; t < 5; t++) {
            DMatrixRMaj k = RandomMatrices_DDRM.rectangle(40, 1, -1, 1, rng);
            DMatrixRMaj xk = new DMatrixRMaj(40, 1);
            DMatrixRMaj ak = new DMatrixRMaj(40, 1);
            CommonOps_DDRM.mult(x, k, xk);
            CommonOps_DDRM.mult(a, k, ak);
            double normX = NormOps_DDRM.normF(xk);
            assertThat(NormOps_DDRM.normF(ak)).isCloseTo(normX, within(1e-12 * normX));
        }
    }

    @Test
    void zeroEigenvalueIsFlooredToAFiniteInverseSquareRoot() {
        // K of a duplicated point: eigenvalues exactly 0 and 2 (a singular Gram matrix).
        DMatrixRMaj singular = new DMatrixRMaj(new double[][] {{1, 1}, {1, 1}});
        InverseSquareRoot root = SymmetricEigenFunctions.inverseSquareRoot(singular);
        assertThat(root.flooredCount()).isEqualTo(1);
        assertThat(root.floor()).isCloseTo(2e-12, within(1e-25));
        assertThat(root.eigenvaluesAscending()[1]).isCloseTo(2.0, within(1e-15));
        assertThat(MatrixFeatures_DDRM.hasUncountable(root.matrix())).isFalse();
        // X = u1 u1^T / sqrt(2) + u0 u0^T / sqrt(floor) with u1 = (1, 1)/sqrt 2, u0 = (1, -1)/sqrt 2.
        double big = 0.5 / Math.sqrt(2e-12);
        double small = 0.5 / Math.sqrt(2.0);
        assertThat(root.matrix().get(0, 0)).isCloseTo(big + small, within(1e-6 * big));
        assertThat(root.matrix().get(0, 1)).isCloseTo(small - big, within(1e-6 * big));
    }

    @Test
    void roundOffNegativeEigenvaluesAreFlooredToo() {
        DMatrixRMaj m = CommonOps_DDRM.diag(1.0, -1e-17, 0.25);
        InverseSquareRoot root = SymmetricEigenFunctions.inverseSquareRoot(m);
        assertThat(root.flooredCount()).isEqualTo(1);
        assertThat(root.eigenvaluesAscending()).containsExactly(-1e-17, 0.25, 1.0);
        assertThat(root.matrix().get(1, 1)).isCloseTo(1e6, within(1e-6));
        assertThat(root.matrix().get(2, 2)).isCloseTo(2.0, within(1e-14));
    }

    @Test
    void floorIsRelativeToTheLargestEigenvalue() {
        DMatrixRMaj m = CommonOps_DDRM.diag(1e6, 1e-9, 1e-5);
        InverseSquareRoot root = SymmetricEigenFunctions.inverseSquareRoot(m);
        assertThat(root.floor()).isCloseTo(1e-6, within(1e-20));
        assertThat(root.flooredCount()).isEqualTo(1);
        assertThat(root.matrix().get(1, 1)).isCloseTo(1e3, within(1e-9));
        assertThat(root.matrix().get(2, 2)).isCloseTo(Math.sqrt(1e5), within(1e-9));

        InverseSquareRoot coarse = SymmetricEigenFunctions.inverseSquareRoot(m, 1e-10);
        assertThat(coarse.flooredCount()).isEqualTo(2);
    }

    @Test
    void eigenvaluesComeBackAscending() {
        DMatrixRMaj m = new DMatrixRMaj(new double[][] {{2, 1, 0}, {1, 2, 0}, {0, 0, -4}});
        double[] values = SymmetricEigenFunctions.eigenvaluesAscending(m);
        assertThat(values[0]).isCloseTo(-4, within(1e-14));
        assertThat(values[1]).isCloseTo(1, within(1e-14));
        assertThat(values[2]).isCloseTo(3, within(1e-14));
    }

    @Test
    void rejectsMatricesWithoutAPositiveEigenvalueAndBadFloors() {
        assertThatThrownBy(() -> SymmetricEigenFunctions.inverseSquareRoot(new DMatrixRMaj(3, 3)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no positive eigenvalue");
        assertThatThrownBy(() -> SymmetricEigenFunctions.inverseSquareRoot(CommonOps_DDRM.diag(-1.0, -2.0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no positive eigenvalue");
        DMatrixRMaj ok = CommonOps_DDRM.identity(2);
        for (double floor : new double[] {0, -1e-12, 1, Double.NaN}) {
            assertThatThrownBy(() -> SymmetricEigenFunctions.inverseSquareRoot(ok, floor))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("relativeFloor");
        }
        assertThatThrownBy(() -> SymmetricEigenFunctions.inverseSquareRoot(new DMatrixRMaj(new double[][] {{1, 2}, {0, 1}})))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not symmetric");
    }

    @Test
    void singularGramWithDuplicatesHasFiniteInverseSquareRootThatWhitensItsRange() {
        List<double[]> points = new ArrayList<>(RandomData.points(new Random(71), 12, 3));
        points.add(points.get(2).clone());
        DMatrixRMaj gram = GramMatrices.gram(KernelSpec.matern32(0.6).toKernel(), points);
        InverseSquareRoot root = SymmetricEigenFunctions.inverseSquareRoot(gram);
        assertThat(root.flooredCount()).isGreaterThanOrEqualTo(1);
        assertThat(MatrixFeatures_DDRM.hasUncountable(root.matrix())).isFalse();
        assertExactlySymmetric(root.matrix(), "X");
    }

    private static DMatrixRMaj sandwich(DMatrixRMaj x, DMatrixRMaj m) {
        int n = m.numRows;
        DMatrixRMaj xm = new DMatrixRMaj(n, n);
        CommonOps_DDRM.mult(x, m, xm);
        DMatrixRMaj xmx = new DMatrixRMaj(n, n);
        CommonOps_DDRM.mult(xm, x, xmx);
        return xmx;
    }
}

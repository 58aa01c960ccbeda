package io.dpbandit.kernel;

import io.dpbandit.testing.MatrixAssertions;

import io.dpbandit.client.kernel.Kernel;
import io.dpbandit.client.kernel.KernelSpec;

import io.dpbandit.testing.TestVectors;
import static io.dpbandit.testing.MatrixAssertions.assertAbsolutelyClose;
import static io.dpbandit.testing.MatrixAssertions.assertIdentity;
import static io.dpbandit.testing.MatrixAssertions.assertMatrixClose;
import static io.dpbandit.testing.MatrixAssertions.assertRelativelyClose;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;

/**
 * The epoch linear algebra of capri_small.json (CAPRI steps 3 and 7, docs/papers.md): M, mu_hat by three routes,
 * ||A k_S(w)|| for both square roots of M^-1, and C. Tolerances are the file's.
 */
class CapriEpochLinearAlgebraTest {

    private static final JsonNode FILE = TestVectors.load("capri_small.json");
    private static final JsonNode TOL = FILE.get("tolerances");
    private static final double MU_ABS = TOL.get("mu_hat_abs").doubleValue();
    private static final double NORM_REL = TOL.get("proj_norm_rel").doubleValue();
    /** README: A-dependent extras (A^T A M = I, g, mu via A) abs 1e-10. */
    private static final double A_EXTRAS_ABS = 1e-10;

    private final double tau = FILE.get("params").get("tau").doubleValue();
    private final double b = FILE.get("params").get("B").doubleValue();
    private final Kernel kernel = KernelSpec.rbf(FILE.get("params").get("lengthscale").doubleValue()).toKernel();
    private final List<double[]> s = TestVectors.rows(FILE.get("S").get("features"));
    private final List<double[]> r = TestVectors.rows(FILE.get("R").get("features"));
    private final List<double[]> w = TestVectors.rows(FILE.get("W_rounds").get("features"));
    private final double[] y = TestVectors.vector(FILE.get("W_rounds").get("y"));
    private final List<double[]> queries = TestVectors.rows(FILE.get("query_points").get("features"));

    private final DMatrixRMaj kss = GramMatrices.gram(kernel, s);
    private final DMatrixRMaj ksr = GramMatrices.cross(kernel, s, r);
    /** Column j is k_S(query_j). */
    private final DMatrixRMaj ksQuery = GramMatrices.cross(kernel, s, queries);
    private final DMatrixRMaj m = epochMatrix();
    private final DMatrixRMaj kswY = kswTimesY();

    /** M = K_SR K_RS + tau K_SS, no rescaling (CAPRI step 3; convention 9 of the test vectors' README). */
    private DMatrixRMaj epochMatrix() {
        DMatrixRMaj result = new DMatrixRMaj(s.size(), s.size());
        CommonOps_DDRM.multTransB(ksr, ksr, result);
        CommonOps_DDRM.addEquals(result, tau, kss);
        return result;
    }

    private DMatrixRMaj kswTimesY() {
        DMatrixRMaj ksw = GramMatrices.cross(kernel, s, w);
        DMatrixRMaj result = new DMatrixRMaj(s.size(), 1);
        CommonOps_DDRM.mult(ksw, DMatrixRMaj.wrap(y.length, 1, y), result);
        return result;
    }

    @Test
    void epochMatrixMatchesTheVectors() {
        assertMatrixClose(m, TestVectors.denseMatrix(FILE.get("M")), TOL.get("M_abs").doubleValue(), "M");
        assertAbsolutelyClose(kswY.data, TestVectors.vector(FILE.get("K_SW_y")), 1e-12, "K_SW y");
        assertRelativelyClose(SymmetricEigenFunctions.eigenvaluesAscending(m),
                TestVectors.vector(FILE.get("M_eigenvalues_ascending")), 1e-10, "eigenvalues of M");
    }

    @Test
    void meanViaCholeskySolveMatchesTheVectors() {
        CholeskyFactor factor = Cholesky.factor(m);
        assertThat(factor.jitter()).as("M is well conditioned (cond 437)").isZero();
        double[] alpha = factor.solve(kswY.data);
        assertAbsolutelyClose(alpha, TestVectors.vector(FILE.get("M_inv_K_SW_y")), 1e-10, "M^-1 K_SW y");
        assertAbsolutelyClose(means(ksQuery, alpha), expectedMeans(), MU_ABS, "mu_hat via Cholesky solve");
    }

    @Test
    void meanViaInverseCholeskyFactorMatchesTheVectors() {
        DMatrixRMaj a = Cholesky.factor(m).inverseFactor();
        DMatrixRMaj g = times(a, kswY);
        DMatrixRMaj projected = times(a, ksQuery);
        assertAbsolutelyClose(means(projected, g.data), expectedMeans(), MU_ABS, "mu_hat = (A k_S)^T g");
        // g and A themselves depend on the square root; here they are the same A = L^-1 as the file's.
        assertAbsolutelyClose(g.data, TestVectors.vector(FILE.get("extras").get("g_cholesky")), A_EXTRAS_ABS, "g = L^-1 K_SW y");
        assertMatrixClose(a, TestVectors.denseMatrix(FILE.get("extras").get("Linv_cholesky")), A_EXTRAS_ABS, "L^-1");
    }

    @Test
    void meanViaSymmetricInverseSquareRootMatchesTheVectors() {
        InverseSquareRoot root = SymmetricEigenFunctions.inverseSquareRoot(m);
        assertThat(root.flooredCount()).as("no floor is active for M").isZero();
        DMatrixRMaj x = root.matrix();
        DMatrixRMaj g = times(x, kswY);
        assertAbsolutelyClose(means(times(x, ksQuery), g.data), expectedMeans(), MU_ABS, "mu_hat = (M^-1/2 k_S)^T g");
        assertAbsolutelyClose(means(times(x, ksQuery), g.data),
                TestVectors.vector(FILE.get("mu_hat_via_Minvsqrt_float64")), MU_ABS, "mu_hat vs float64 eigh route");
        assertAbsolutelyClose(g.data, TestVectors.vector(FILE.get("extras").get("g_symmetric")), A_EXTRAS_ABS, "g symmetric");
        assertMatrixClose(x, TestVectors.denseMatrix(FILE.get("extras").get("Minvsqrt_symmetric")), A_EXTRAS_ABS, "M^-1/2");
    }

    @Test
    void projectedNormsAgreeForBothSquareRoots() {
        double[] expected = TestVectors.vector(FILE.get("proj_norm"));
        DMatrixRMaj a = Cholesky.factor(m).inverseFactor();
        DMatrixRMaj x = SymmetricEigenFunctions.inverseSquareRoot(m).matrix();
        assertRelativelyClose(columnNorms(times(a, ksQuery)), expected, NORM_REL, "||L^-1 k_S||");
        assertRelativelyClose(columnNorms(times(x, ksQuery)), expected, NORM_REL, "||M^-1/2 k_S||");
    }

    @Test
    void clipNormIsTheLargestProjectedNormOverTheSupport() {
        double[] norms = columnNorms(times(Cholesky.factor(m).inverseFactor(), ksQuery));
        int argmax = 0;
        for (int j = 1; j < norms.length; j++) {
            if (norms[j] > norms[argmax]) {
                argmax = j;
            }
        }
        double c = b * norms[argmax];
        double expected = FILE.get("C").doubleValue();
        assertThat(c).isCloseTo(expected, within(NORM_REL * expected));
        assertThat(argmax).isEqualTo(FILE.get("C_argmax_query_index").intValue());
    }

    @Test
    void contributionNormsAndTheClipExampleMatch() {
        CholeskyFactor factor = Cholesky.factor(m);
        double[] norms = new double[w.size()];
        for (int t = 0; t < w.size(); t++) {
            double[] projected = factor.applyInverseFactor(GramMatrices.kernelVector(kernel, s, w.get(t)));
            norms[t] = Math.abs(y[t]) * norm(projected);
        }
        assertRelativelyClose(norms, TestVectors.vector(FILE.get("extras").get("contribution_norms")), NORM_REL,
                "|y_t| ||A k_S(w_t)||");

        JsonNode clip = FILE.get("extras").get("clip_example");
        double[] outside = TestVectors.vector(clip.get("w"));
        double projNorm = norm(factor.applyInverseFactor(GramMatrices.kernelVector(kernel, s, outside)));
        assertThat(projNorm).isCloseTo(clip.get("proj_norm").doubleValue(), within(NORM_REL * projNorm));
    }

    @Test
    void inverseFactorTimesItsTransposeInvertsM() {
        DMatrixRMaj a = Cholesky.factor(m).inverseFactor();
        DMatrixRMaj ata = new DMatrixRMaj(6, 6);
        CommonOps_DDRM.multTransA(a, a, ata);
        assertIdentity(times(ata, m), A_EXTRAS_ABS, "A^T A M");
    }

    @Test
    void logDeterminantOfMEqualsTheSumOfItsLogEigenvalues() {
        double sum = 0;
        for (double lambda : TestVectors.vector(FILE.get("M_eigenvalues_ascending"))) {
            sum += Math.log(lambda);
        }
        assertThat(Cholesky.factor(m).logDeterminant()).isCloseTo(sum, within(1e-12 * Math.abs(sum) + 1e-13));
    }

    private double[] expectedMeans() {
        return TestVectors.vector(FILE.get("mu_hat"));
    }

    /** mu_j = column_j(projected) . g. */
    private static double[] means(DMatrixRMaj projected, double[] g) {
        double[] mu = new double[projected.numCols];
        for (int j = 0; j < mu.length; j++) {
            for (int i = 0; i < projected.numRows; i++) {
                mu[j] += projected.get(i, j) * g[i];
            }
        }
        return mu;
    }

    private static double[] columnNorms(DMatrixRMaj matrix) {
        double[] norms = new double[matrix.numCols];
        for (int j = 0; j < norms.length; j++) {
            norms[j] = norm(CommonOps_DDRM.extractColumn(matrix, j, null).data);
        }
        return norms;
    }

    private static double norm(double[] v) {
        double sum = 0;
        for (double x : v) {
            sum += x * x;
        }
        return Math.sqrt(sum);
    }

    private static DMatrixRMaj times(DMatrixRMaj left, DMatrixRMaj right) {
        DMatrixRMaj result = new DMatrixRMaj(left.numRows, right.numCols);
        CommonOps_DDRM.mult(left, right, result);
        return result;
    }
}

package io.dpbandit.kernel;

import io.dpbandit.testing.MatrixAssertions;

import io.dpbandit.testing.RandomData;

import io.dpbandit.client.kernel.Kernel;
import io.dpbandit.client.kernel.KernelSpec;

import io.dpbandit.testing.TestVectors;
import static io.dpbandit.testing.MatrixAssertions.assertExactlySymmetric;
import static io.dpbandit.testing.MatrixAssertions.assertMatrixClose;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;

import com.fasterxml.jackson.databind.JsonNode;
import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;

class GramMatricesTest {

    private final Kernel kernel = KernelSpec.matern32(0.7).toKernel();

    @Test
    void gramIsExactlySymmetricAndHoldsTheKernelValues() {
        // 30 points stay on the calling thread; 400 points (80 200 evaluations) use the thread pool.
        for (int n : new int[] {1, 2, 30, 400}) {
            List<double[]> points = RandomData.points(new Random(n), n, 4);
            DMatrixRMaj gram = GramMatrices.gram(kernel, points);
            assertThat(gram.numRows).isEqualTo(n);
            assertThat(gram.numCols).isEqualTo(n);
            assertExactlySymmetric(gram, "K_AA");
            for (int i = 0; i < n; i++) {
                assertThat(gram.get(i, i)).isEqualTo(1.0);
                for (int j = i; j < n; j++) {
                    assertThat(gram.get(i, j)).isEqualTo(kernel.value(points.get(i), points.get(j)));
                }
            }
        }
    }

    @Test
    void gramAcceptsArraysAsWellAsLists() {
        List<double[]> points = RandomData.points(new Random(3), 5, 2);
        DMatrixRMaj fromList = GramMatrices.gram(kernel, points);
        DMatrixRMaj fromArray = GramMatrices.gram(kernel, points.toArray(new double[0][]));
        assertMatrixClose(fromArray, fromList, 0.0, "K from array");
    }

    @Test
    void crossGramHasRowsFromTheFirstSetAndColumnsFromTheSecond() {
        for (int[] size : new int[][] {{3, 7}, {300, 250}}) {
            List<double[]> a = RandomData.points(new Random(5), size[0], 3);
            List<double[]> b = RandomData.points(new Random(6), size[1], 3);
            DMatrixRMaj cross = GramMatrices.cross(kernel, a, b);
            assertThat(cross.numRows).isEqualTo(size[0]);
            assertThat(cross.numCols).isEqualTo(size[1]);
            for (int i = 0; i < size[0]; i++) {
                for (int j = 0; j < size[1]; j++) {
                    assertThat(cross.get(i, j)).isEqualTo(kernel.value(a.get(i), b.get(j)));
                }
            }
        }
    }

    @Test
    void kernelColumnIsTheColumnOfTheCrossGram() {
        List<double[]> s = RandomData.points(new Random(7), 9, 3);
        List<double[]> queries = RandomData.points(new Random(8), 4, 3);
        DMatrixRMaj cross = GramMatrices.cross(kernel, s, queries);
        for (int q = 0; q < queries.size(); q++) {
            DMatrixRMaj column = GramMatrices.column(kernel, s, queries.get(q));
            double[] vector = GramMatrices.kernelVector(kernel, s, queries.get(q));
            assertThat(column.numRows).isEqualTo(9);
            assertThat(column.numCols).isEqualTo(1);
            for (int i = 0; i < s.size(); i++) {
                assertThat(column.get(i, 0)).isEqualTo(cross.get(i, q));
                assertThat(vector[i]).isEqualTo(cross.get(i, q));
            }
        }
    }

    @Test
    void reproducesTheCapriKernelMatrices() {
        JsonNode capri = TestVectors.load("capri_small.json");
        double tolerance = capri.get("tolerances").get("kernel_matrices_abs").doubleValue();
        Kernel rbf = KernelSpec.rbf(capri.get("params").get("lengthscale").doubleValue()).toKernel();
        List<double[]> s = TestVectors.rows(capri.get("S").get("features"));
        List<double[]> r = TestVectors.rows(capri.get("R").get("features"));
        List<double[]> w = TestVectors.rows(capri.get("W_rounds").get("features"));
        List<double[]> queries = TestVectors.rows(capri.get("query_points").get("features"));

        assertMatrixClose(GramMatrices.gram(rbf, s), TestVectors.denseMatrix(capri.get("K_SS")), tolerance, "K_SS");
        assertMatrixClose(GramMatrices.cross(rbf, s, r), TestVectors.denseMatrix(capri.get("K_SR")), tolerance, "K_SR");
        assertMatrixClose(GramMatrices.cross(rbf, s, w), TestVectors.denseMatrix(capri.get("K_SW")), tolerance, "K_SW");
        assertMatrixClose(GramMatrices.cross(rbf, s, queries), TestVectors.denseMatrix(capri.get("K_S_query")), tolerance, "K_S_query");
    }
}

package io.dpbandit.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.RandomMatrices_DDRM;

/** Seeded random inputs for property tests; every caller passes its own fixed seed. */
public final class RandomData {

    private RandomData() {
    }

    /** n points with coordinates uniform in [-1, 1]^dim (so ||p||^2 &lt;= dim). */
    public static List<double[]> points(Random rng, int n, int dim) {
        List<double[]> points = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            double[] p = new double[dim];
            for (int j = 0; j < dim; j++) {
                p[j] = 2 * rng.nextDouble() - 1;
            }
            points.add(p);
        }
        return points;
    }

    /** B B^T / n + shift I with B standard normal: symmetric positive definite, eigenvalues &gt;= shift. */
    public static DMatrixRMaj spd(Random rng, int n, double shift) {
        DMatrixRMaj b = RandomMatrices_DDRM.rectangleGaussian(n, n, 0, 1, rng);
        DMatrixRMaj m = new DMatrixRMaj(n, n);
        CommonOps_DDRM.multTransB(1.0 / n, b, b, m);
        for (int i = 0; i < n; i++) {
            m.add(i, i, shift);
        }
        return m;
    }
}

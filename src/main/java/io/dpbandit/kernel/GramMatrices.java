package io.dpbandit.kernel;

import io.dpbandit.client.kernel.Kernel;

import java.util.Arrays;
import java.util.List;

import org.ejml.concurrency.EjmlConcurrency;
import org.ejml.data.DMatrixRMaj;

/**
 * Kernel matrices on EJML: the Gram matrix K_AA, the cross-Gram K_AB (K_AB[i][j] = k(A_i, B_j)) and the
 * column k_S(w) = [k(s_1, w), ..., k(s_m, w)]^T (CAPRI steps 3 and 4, docs/papers.md).
 *
 * <p>Large matrices are filled on EJML's thread pool ({@link EjmlConcurrency}, so one setting governs
 * all threading in this package). Every entry is one kernel evaluation, computed the same way whichever
 * thread runs it, so the result does not depend on the number of threads.
 */
public final class GramMatrices {

    /** Below this many kernel evaluations the work is done on the calling thread. */
    private static final long PARALLEL_THRESHOLD = 1L << 16;

    private GramMatrices() {
    }

    /**
     * K_AA, exactly symmetric: the upper triangle (diagonal included) is computed and mirrored, so
     * K[i][j] and K[j][i] are the same double even for a kernel whose rounding is not symmetric.
     */
    public static DMatrixRMaj gram(Kernel kernel, List<double[]> points) {
        final int n = points.size();
        final double[][] p = points.toArray(new double[0][]);
        final DMatrixRMaj k = new DMatrixRMaj(n, n);
        final double[] data = k.data;
        if ((long) n * (n + 1) / 2 < PARALLEL_THRESHOLD || !EjmlConcurrency.isUseConcurrent()) {
            for (int i = 0; i < n; i++) {
                gramRow(kernel, p, data, i);
            }
        } else {
            // Row i of the upper triangle has n - i entries; pairing row t with row n-1-t gives every
            // task the same n + 1 evaluations, so the threads stay balanced.
            EjmlConcurrency.loopFor(0, (n + 1) / 2, t -> {
                gramRow(kernel, p, data, t);
                int mirror = n - 1 - t;
                if (mirror != t) {
                    gramRow(kernel, p, data, mirror);
                }
            });
        }
        return k;
    }

    /** K_AA for points given as an array of rows. */
    public static DMatrixRMaj gram(Kernel kernel, double[][] points) {
        return gram(kernel, Arrays.asList(points));
    }

    private static void gramRow(Kernel kernel, double[][] p, double[] data, int i) {
        final int n = p.length;
        final double[] pi = p[i];
        data[i * n + i] = kernel.diagonal(pi);
        for (int j = i + 1; j < n; j++) {
            double v = kernel.value(pi, p[j]);
            data[i * n + j] = v;
            data[j * n + i] = v;
        }
    }

    /** K_AB with K_AB[i][j] = k(A_i, B_j); |A| x |B|. */
    public static DMatrixRMaj cross(Kernel kernel, List<double[]> rows, List<double[]> columns) {
        final int m = rows.size();
        final int n = columns.size();
        final double[][] a = rows.toArray(new double[0][]);
        final double[][] b = columns.toArray(new double[0][]);
        final DMatrixRMaj k = new DMatrixRMaj(m, n);
        final double[] data = k.data;
        if ((long) m * n < PARALLEL_THRESHOLD || !EjmlConcurrency.isUseConcurrent()) {
            for (int i = 0; i < m; i++) {
                crossRow(kernel, a[i], b, data, i * n);
            }
        } else {
            EjmlConcurrency.loopFor(0, m, i -> crossRow(kernel, a[i], b, data, i * n));
        }
        return k;
    }

    /** K_AB for points given as arrays of rows. */
    public static DMatrixRMaj cross(Kernel kernel, double[][] rows, double[][] columns) {
        return cross(kernel, Arrays.asList(rows), Arrays.asList(columns));
    }

    private static void crossRow(Kernel kernel, double[] ai, double[][] b, double[] data, int offset) {
        for (int j = 0; j < b.length; j++) {
            data[offset + j] = kernel.value(ai, b[j]);
        }
    }

    /** k_S(w) = [k(s_1, w), ..., k(s_m, w)] as a plain array. */
    public static double[] kernelVector(Kernel kernel, List<double[]> s, double[] w) {
        double[] out = new double[s.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = kernel.value(s.get(i), w);
        }
        return out;
    }

    /** k_S(w) as an m x 1 EJML column vector (the same numbers as {@link #kernelVector}). */
    public static DMatrixRMaj column(Kernel kernel, List<double[]> s, double[] w) {
        return DMatrixRMaj.wrap(s.size(), 1, kernelVector(kernel, s, w));
    }
}

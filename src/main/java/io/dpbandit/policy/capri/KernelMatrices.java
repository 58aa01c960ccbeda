package io.dpbandit.policy.capri;

import io.dpbandit.kernel.Cholesky;
import io.dpbandit.kernel.GramMatrices;
import io.dpbandit.client.kernel.Kernel;
import java.util.Arrays;
import org.ejml.data.DMatrixRMaj;
import org.ejml.concurrency.EjmlConcurrency;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.CommonOps_MT_DDRM;

/**
 * The matrix computations of a CAPRI epoch, in blocks so that memory stays O(m · chunk) however
 * many points R or the support hold.
 */
final class KernelMatrices {

    private KernelMatrices() {
    }

    /** K_AB for the points b[from .. from+cols−1]. */
    private static DMatrixRMaj cross(Kernel kernel, double[][] a, double[][] b, int from, int cols) {
        return GramMatrices.cross(kernel, a, Arrays.copyOfRange(b, from, from + cols));
    }

    /**
     * Σ_j w_j k_S(r_j) k_S(r_j)ᵀ = K_SR diag(w) K_RS: the K_SR K_RS term of M_r with every
     * distinct point of R counted w_j times (exactly the sum over all T_r draws).
     */
    static DMatrixRMaj weightedOuterSum(Kernel kernel, double[][] s, double[][] r, double[] weights, int chunk) {
        DMatrixRMaj sum = new DMatrixRMaj(s.length, s.length);
        for (int from = 0; from < r.length; from += chunk) {
            addWeightedOuterSum(kernel, s, r, weights, from, Math.min(chunk, r.length - from), sum);
        }
        symmetrise(sum);
        return sum;
    }

    /**
     * The lower triangle (with the diagonal) of sum += K_S,chunk diag(w_chunk) K_chunk,S for the
     * points r[from .. from+cols−1]; {@link #symmetrise} completes the matrix once every chunk is in.
     * M is symmetric, so only the m(m+1)/2 entries on and below the diagonal are computed, each the
     * same sum in the same order (j from the chunk's first point, from zero) as EJML's
     * multAddTransB(scaled, k, sum) gives it, then added. The product runs along rows of Kᵀ
     * (contiguous, so the JIT vectorises it) rather than as one chain of dependent additions per
     * entry: with half the entries, 3–4× faster than multAddTransB at |S| = 1 000
     * (docs/benchmarks.md, 4.1), which is most of a continuous-context plan. EJML has no symmetric
     * rank-k update for dense row-major matrices.
     */
    static void addWeightedOuterSum(Kernel kernel, double[][] s, double[][] r, double[] weights, int from, int cols,
            DMatrixRMaj sum) {
        int m = s.length;
        DMatrixRMaj k = cross(kernel, s, r, from, cols);
        double[] scaled = new double[m * cols];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < cols; j++) {
                scaled[i * cols + j] = k.unsafe_get(i, j) * weights[from + j];
            }
        }
        double[] kt = CommonOps_DDRM.transpose(k, null).data;
        double[] row = new double[m];
        double[] out = sum.data;
        for (int a = 0; a < m; a++) {
            Arrays.fill(row, 0, a + 1, 0.0);
            for (int j = 0; j < cols; j++) {
                double v = scaled[a * cols + j];
                int base = j * m;
                for (int b = 0; b <= a; b++) {
                    row[b] += v * kt[base + b];
                }
            }
            int at = a * m;
            for (int b = 0; b <= a; b++) {
                out[at + b] += row[b];
            }
        }
    }

    /** Completes a matrix whose lower triangle holds the sums: the upper triangle is its mirror, exactly. */
    static void symmetrise(DMatrixRMaj sum) {
        int m = sum.numRows;
        for (int i = 0; i < m; i++) {
            for (int j = i + 1; j < m; j++) {
                sum.unsafe_set(i, j, sum.unsafe_get(j, i));
            }
        }
    }

    /** ‖A k_S(w)‖ for every w in {@code points}. */
    static double[] projectionNorms(Kernel kernel, DMatrixRMaj a, double[][] s, double[][] points) {
        double[] out = new double[points.length];
        int chunk = 512;
        DMatrixRMaj projected = new DMatrixRMaj(1, 1);
        for (int from = 0; from < points.length; from += chunk) {
            int cols = Math.min(chunk, points.length - from);
            DMatrixRMaj k = cross(kernel, s, points, from, cols);
            projected.reshape(a.numRows, cols);
            if (EjmlConcurrency.isUseConcurrent()) {
                CommonOps_MT_DDRM.mult(a, k, projected);
            } else {
                CommonOps_DDRM.mult(a, k, projected);
            }
            for (int j = 0; j < cols; j++) {
                double ss = 0;
                for (int i = 0; i < a.numRows; i++) {
                    double v = projected.unsafe_get(i, j);
                    ss += v * v;
                }
                out[from + j] = Math.sqrt(ss);
            }
        }
        return out;
    }

    /**
     * The Nyström residual k(w,w) − k_Sᵀ K_SS⁻¹ k_S at every point: ‖B k_S‖² with B = L_SS⁻¹.
     * K_SS is factored with jitter if it is numerically singular (near-duplicates in S); the
     * jitter only enlarges the residual, i.e. σ̃ and the width: a utility effect.
     */
    static double[] nystromResiduals(Kernel kernel, DMatrixRMaj kss, double[][] s, double[][] points) {
        DMatrixRMaj b = Cholesky.factor(kss).inverseFactor();
        double[] norms = projectionNorms(kernel, b, s, points);
        double[] out = new double[points.length];
        for (int j = 0; j < points.length; j++) {
            out[j] = kernel.value(points[j], points[j]) - norms[j] * norms[j];
        }
        return out;
    }
}

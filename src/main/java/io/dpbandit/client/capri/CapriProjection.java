package io.dpbandit.client.capri;

import io.dpbandit.client.kernel.Kernel;

/**
 * A k_S(w): the joint point w projected on the epoch's projection set S (CAPRI step 6, docs/papers.md),
 * with A = L⁻¹ lower triangular, so (A k)_i = Σ_{j ≤ i} A_ij k(s_j, w). The one computation the
 * server's JDP contributions and the device's LDP randomiser share. O(m²).
 */
public final class CapriProjection {

    private CapriProjection() {
    }

    /**
     * A k_S(w) in the first m entries and its L2 norm at index m.
     *
     * @param points          the m projection points s_j (joint points)
     * @param inverseCholesky A, m × m row-major lower triangular
     */
    public static double[] project(Kernel kernel, double[][] points, double[] inverseCholesky, double[] w) {
        int m = points.length;
        double[] ks = kernelColumn(kernel, points, w);
        double[] out = new double[m + 1];
        double ss = 0;
        for (int i = 0; i < m; i++) {
            double v = 0;
            int row = i * m;
            for (int j = 0; j <= i; j++) {
                v += inverseCholesky[row + j] * ks[j];
            }
            out[i] = v;
            ss += v * v;
        }
        out[m] = Math.sqrt(ss);
        return out;
    }

    /** Rounds projected together by {@link #projectAll}: four running sums share each load of A. */
    private static final int GROUP = 4;

    /**
     * {@link #project} for many points at once, equal to it bit for bit: every (A k)_i is the same
     * sum in the same order (j = 0 … i from zero), so the device's randomiser and the server's fold
     * still compute the same vector. Four points share each pass over A's rows, which keeps four
     * independent running sums in flight instead of one chain of dependent additions and reads A
     * (m²/2 values, 4 MB at m = 1 000) once per four points instead of once per point: about 3.4×
     * the single-point throughput at m = 1 000 (docs/benchmarks.md, 4.2). EJML's products sum each
     * entry in one chain, or over all of A's m² entries; neither uses the triangle.
     *
     * @return one array per point: A k_S(w) in the first m entries, its L2 norm at index m
     */
    public static double[][] projectAll(Kernel kernel, double[][] points, double[] inverseCholesky, double[][] ws) {
        int m = points.length;
        double[][] out = new double[ws.length][];
        int p = 0;
        for (; p + GROUP <= ws.length; p += GROUP) {
            double[] k0 = kernelColumn(kernel, points, ws[p]);
            double[] k1 = kernelColumn(kernel, points, ws[p + 1]);
            double[] k2 = kernelColumn(kernel, points, ws[p + 2]);
            double[] k3 = kernelColumn(kernel, points, ws[p + 3]);
            double[] o0 = new double[m + 1];
            double[] o1 = new double[m + 1];
            double[] o2 = new double[m + 1];
            double[] o3 = new double[m + 1];
            double ss0 = 0;
            double ss1 = 0;
            double ss2 = 0;
            double ss3 = 0;
            for (int i = 0; i < m; i++) {
                double v0 = 0;
                double v1 = 0;
                double v2 = 0;
                double v3 = 0;
                int row = i * m;
                for (int j = 0; j <= i; j++) {
                    double a = inverseCholesky[row + j];
                    v0 += a * k0[j];
                    v1 += a * k1[j];
                    v2 += a * k2[j];
                    v3 += a * k3[j];
                }
                o0[i] = v0;
                o1[i] = v1;
                o2[i] = v2;
                o3[i] = v3;
                ss0 += v0 * v0;
                ss1 += v1 * v1;
                ss2 += v2 * v2;
                ss3 += v3 * v3;
            }
            o0[m] = Math.sqrt(ss0);
            o1[m] = Math.sqrt(ss1);
            o2[m] = Math.sqrt(ss2);
            o3[m] = Math.sqrt(ss3);
            out[p] = o0;
            out[p + 1] = o1;
            out[p + 2] = o2;
            out[p + 3] = o3;
        }
        for (; p < ws.length; p++) {
            out[p] = project(kernel, points, inverseCholesky, ws[p]);
        }
        return out;
    }

    private static double[] kernelColumn(Kernel kernel, double[][] points, double[] w) {
        double[] ks = new double[points.length];
        for (int i = 0; i < ks.length; i++) {
            ks[i] = kernel.value(points[i], w);
        }
        return ks;
    }
}

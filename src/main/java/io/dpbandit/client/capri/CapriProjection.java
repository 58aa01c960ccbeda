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
        double[] ks = new double[m];
        for (int i = 0; i < m; i++) {
            ks[i] = kernel.value(points[i], w);
        }
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
}

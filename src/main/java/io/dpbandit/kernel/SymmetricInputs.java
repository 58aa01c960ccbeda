package io.dpbandit.kernel;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.MatrixFeatures_DDRM;

/** Argument checks shared by the symmetric matrix functions. */
final class SymmetricInputs {

    /**
     * Asymmetry tolerated, relative to max |m_ij|. Products such as K_SR K_RS computed by EJML are
     * exactly symmetric; this only admits round-off from callers that assemble M another way.
     */
    static final double SYMMETRY_TOLERANCE = 1e-10;

    private SymmetricInputs() {
    }

    static void requireSymmetric(DMatrixRMaj m) {
        if (m.numRows != m.numCols) {
            throw new IllegalArgumentException("matrix must be square, got " + m.numRows + " x " + m.numCols);
        }
        if (m.numRows == 0) {
            throw new IllegalArgumentException("matrix must not be empty");
        }
        if (MatrixFeatures_DDRM.hasUncountable(m)) {
            throw new IllegalArgumentException("matrix has NaN or infinite entries");
        }
        int n = m.numRows;
        double[] a = m.data;
        double max = 0.0;
        for (int i = 0; i < n * n; i++) {
            max = Math.max(max, Math.abs(a[i]));
        }
        double tolerance = SYMMETRY_TOLERANCE * max;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (Math.abs(a[i * n + j] - a[j * n + i]) > tolerance) {
                    throw new IllegalArgumentException("matrix is not symmetric: entry (" + i + ", " + j + ") = "
                            + a[i * n + j] + " but (" + j + ", " + i + ") = " + a[j * n + i]);
                }
            }
        }
    }
}

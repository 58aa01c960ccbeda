package io.dpbandit.kernel;

import org.ejml.EjmlParameters;
import org.ejml.concurrency.EjmlConcurrency;
import org.ejml.data.DMatrixRBlock;
import org.ejml.data.DMatrixRMaj;
import org.ejml.data.DSubmatrixD1;
import org.ejml.dense.block.MatrixOps_DDRB;
import org.ejml.dense.block.TriangularSolver_DDRB;
import org.ejml.dense.block.TriangularSolver_MT_DDRB;
import org.ejml.dense.row.decomposition.TriangularSolver_DDRM;

/**
 * The result of {@link Cholesky#factor}: a lower-triangular L with L L^T = M + jitter * I, and the
 * jitter that was needed (0 when the plain factorisation succeeded).
 *
 * <p>Systems are solved by forward and back substitution, never by forming an inverse
 * (it is slower and less accurate). {@link #inverseFactor()} gives A = L^-1, a square root of M^-1 in
 * the sense CAPRI needs (rule "any square root of M⁻¹", docs/papers.md: A^T A = L^-T L^-1 = M^-1), which is
 * the production square root for CAPRI's contributions A k_S(w).
 *
 * <p>Immutable in intent: {@link #lower()} returns the internal matrix for speed; do not modify it.
 */
public final class CholeskyFactor {

    private final DMatrixRMaj lower;
    private final double jitter;
    private final int attempts;

    CholeskyFactor(DMatrixRMaj lower, double jitter, int attempts) {
        this.lower = lower;
        this.jitter = jitter;
        this.attempts = attempts;
    }

    /** L, lower triangular with a positive diagonal and exact zeros above it. Do not modify. */
    public DMatrixRMaj lower() {
        return lower;
    }

    /** The size n of the n x n factored matrix. */
    public int size() {
        return lower.numRows;
    }

    /** The absolute jitter added to every diagonal entry before factoring; 0 for a plain factorisation. */
    public double jitter() {
        return jitter;
    }

    /** How many factorisations were tried (1 = plain Cholesky succeeded). */
    public int attempts() {
        return attempts;
    }

    /** x = (M + jitter I)^-1 b by forward then back substitution. b is not modified. */
    public double[] solve(double[] b) {
        double[] x = copyOf(b);
        TriangularSolver_DDRM.solveL(lower.data, x, size());
        TriangularSolver_DDRM.solveTranL(lower.data, x, size());
        return x;
    }

    /** X = (M + jitter I)^-1 B, for every column of B at once. B is not modified. */
    public DMatrixRMaj solve(DMatrixRMaj b) {
        DMatrixRMaj x = copyOf(b);
        forwardSubstitution(x);
        backSubstitution(x);
        return x;
    }

    /** A b = L^-1 b by forward substitution, without forming A. b is not modified. */
    public double[] applyInverseFactor(double[] b) {
        double[] x = copyOf(b);
        TriangularSolver_DDRM.solveL(lower.data, x, size());
        return x;
    }

    /** A B = L^-1 B by forward substitution, without forming A. B is not modified. */
    public DMatrixRMaj applyInverseFactor(DMatrixRMaj b) {
        DMatrixRMaj x = copyOf(b);
        forwardSubstitution(x);
        return x;
    }

    /**
     * ln det(M + jitter I) = 2 sum_i ln L_ii (natural log; {@link StrictMath} so it replays exactly).
     * Never overflows the way det itself can.
     */
    public double logDeterminant() {
        int n = size();
        double sum = 0.0;
        for (int i = 0; i < n; i++) {
            sum += StrictMath.log(lower.data[i * n + i]);
        }
        return 2.0 * sum;
    }

    /**
     * A = L^-1, lower triangular, with A^T A = (M + jitter I)^-1. Computed by EJML's blocked triangular
     * inversion (multithreaded when EJML concurrency is on), about n^3/3 flops, a fraction of the
     * eigendecomposition a symmetric M^-1/2 needs. Returns a new matrix on every call.
     */
    public DMatrixRMaj inverseFactor() {
        int n = size();
        int blockWidth = EjmlParameters.BLOCK_WIDTH;
        DMatrixRBlock l = MatrixOps_DDRB.convert(lower, blockWidth);
        DMatrixRBlock inverse = new DMatrixRBlock(n, n, blockWidth);
        if (EjmlConcurrency.isUseConcurrent()) {
            TriangularSolver_MT_DDRB.invert(blockWidth, false, new DSubmatrixD1(l), new DSubmatrixD1(inverse), null);
        } else {
            TriangularSolver_DDRB.invert(blockWidth, false, new DSubmatrixD1(l), new DSubmatrixD1(inverse), null);
        }
        return MatrixOps_DDRB.convert(inverse, (DMatrixRMaj) null);
    }

    private double[] copyOf(double[] b) {
        if (b.length != size()) {
            throw new IllegalArgumentException("right-hand side has length " + b.length + ", expected " + size());
        }
        return b.clone();
    }

    private DMatrixRMaj copyOf(DMatrixRMaj b) {
        if (b.numRows != size()) {
            throw new IllegalArgumentException("right-hand side has " + b.numRows + " rows, expected " + size());
        }
        return b.copy();
    }

    /** X <- L^-1 X, row by row so the inner loop runs over contiguous memory for any number of columns. */
    private void forwardSubstitution(DMatrixRMaj x) {
        final int n = size();
        final int c = x.numCols;
        final double[] l = lower.data;
        final double[] xd = x.data;
        for (int i = 0; i < n; i++) {
            int rowI = i * c;
            for (int k = 0; k < i; k++) {
                double lik = l[i * n + k];
                if (lik != 0.0) {
                    int rowK = k * c;
                    for (int j = 0; j < c; j++) {
                        xd[rowI + j] -= lik * xd[rowK + j];
                    }
                }
            }
            double lii = l[i * n + i];
            for (int j = 0; j < c; j++) {
                xd[rowI + j] /= lii;
            }
        }
    }

    /** X <- L^-T X, row by row from the bottom. */
    private void backSubstitution(DMatrixRMaj x) {
        final int n = size();
        final int c = x.numCols;
        final double[] l = lower.data;
        final double[] xd = x.data;
        for (int i = n - 1; i >= 0; i--) {
            int rowI = i * c;
            for (int k = i + 1; k < n; k++) {
                double lki = l[k * n + i];
                if (lki != 0.0) {
                    int rowK = k * c;
                    for (int j = 0; j < c; j++) {
                        xd[rowI + j] -= lki * xd[rowK + j];
                    }
                }
            }
            double lii = l[i * n + i];
            for (int j = 0; j < c; j++) {
                xd[rowI + j] /= lii;
            }
        }
    }
}

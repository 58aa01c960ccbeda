package io.dpbandit.kernel;

import java.util.Arrays;

import org.ejml.concurrency.EjmlConcurrency;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.CommonOps_MT_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * Functions of symmetric matrices through EJML's symmetric eigendecomposition (tridiagonalisation plus
 * implicit QR).
 *
 * <p>The eigendecomposition costs several times a Cholesky factorisation plus triangular inversion
 * (docs/benchmarks.md §1). Because CAPRI accepts any A with A^T A = M^-1 (rule "any square root of
 * M⁻¹", docs/papers.md), production code should prefer {@link CholeskyFactor#inverseFactor()}
 * and use {@link #inverseSquareRoot} where the symmetric root itself is wanted.
 */
public final class SymmetricEigenFunctions {

    /**
     * Default floor, relative to the largest eigenvalue (rule "eigenvalue floors", docs/papers.md: about
     * 1e-12; 1e-10 already moved CAPRI estimates by ~1e-3 in the reference implementation).
     */
    public static final double DEFAULT_RELATIVE_FLOOR = 1e-12;

    private SymmetricEigenFunctions() {
    }

    /** {@link #inverseSquareRoot(DMatrixRMaj, double)} with {@link #DEFAULT_RELATIVE_FLOOR}. */
    public static InverseSquareRoot inverseSquareRoot(DMatrixRMaj m) {
        return inverseSquareRoot(m, DEFAULT_RELATIVE_FLOOR);
    }

    /**
     * X = U diag(max(lambda_i, floor)^-1/2) U^T with floor = relativeFloor * lambda_max: finite for
     * every symmetric M with a positive eigenvalue, including singular and slightly indefinite ones.
     *
     * <p>X is assembled as W^T W with W's rows u_i^T scaled by max(lambda_i, floor)^-1/4: one symmetric
     * product ({@code multInner}, multithreaded when EJML concurrency is on) instead of two general ones,
     * and X comes out exactly symmetric. M is not modified.
     *
     * @throws IllegalArgumentException if M is not square, symmetric and finite, relativeFloor is not in
     *                                  (0, 1), or M has no positive eigenvalue
     * @throws ArithmeticException      if the eigendecomposition does not converge
     */
    public static InverseSquareRoot inverseSquareRoot(DMatrixRMaj m, double relativeFloor) {
        if (!(relativeFloor > 0 && relativeFloor < 1)) {
            throw new IllegalArgumentException("relativeFloor must be in (0, 1), got " + relativeFloor);
        }
        SymmetricInputs.requireSymmetric(m);
        final int n = m.numRows;
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(n, true, true);
        if (!eig.decompose(symmetrisedCopy(m))) {
            throw new ArithmeticException("symmetric eigendecomposition of a " + n + " x " + n + " matrix did not converge");
        }
        double[] values = new double[n];
        double largest = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            values[i] = eig.getEigenvalue(i).real;
            largest = Math.max(largest, values[i]);
        }
        if (!(largest > 0)) {
            throw new IllegalArgumentException("matrix has no positive eigenvalue (largest " + largest
                    + "); its inverse square root is undefined");
        }
        double floor = relativeFloor * largest;
        int floored = 0;
        DMatrixRMaj w = new DMatrixRMaj(n, n);
        for (int i = 0; i < n; i++) {
            double lambda = values[i];
            if (lambda < floor) {
                lambda = floor;
                floored++;
            }
            double scale = 1.0 / Math.sqrt(Math.sqrt(lambda));
            double[] u = eig.getEigenVector(i).data;
            int row = i * n;
            for (int j = 0; j < n; j++) {
                w.data[row + j] = scale * u[j];
            }
        }
        DMatrixRMaj x = new DMatrixRMaj(n, n);
        if (EjmlConcurrency.isUseConcurrent()) {
            CommonOps_MT_DDRM.multInner(w, x);
        } else {
            CommonOps_DDRM.multInner(w, x);
        }
        Arrays.sort(values);
        return new InverseSquareRoot(x, values, relativeFloor, floor, floored);
    }

    /** The eigenvalues of a symmetric M, ascending (no eigenvectors are computed). M is not modified. */
    public static double[] eigenvaluesAscending(DMatrixRMaj m) {
        SymmetricInputs.requireSymmetric(m);
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(m.numRows, false, true);
        if (!eig.decompose(symmetrisedCopy(m))) {
            throw new ArithmeticException("symmetric eigenvalue computation did not converge");
        }
        double[] values = new double[m.numRows];
        for (int i = 0; i < values.length; i++) {
            values[i] = eig.getEigenvalue(i).real;
        }
        Arrays.sort(values);
        return values;
    }

    /**
     * U diag(max(λ_i, floor)) Uᵀ for a symmetric M = U diag(λ) Uᵀ, exactly symmetric (as Cholesky
     * requires): the eigenvalue-clamp PSD repair (PSD check and repair, docs/papers.md) the private
     * Gram matrices of LinUCB and
     * GP-UCB use when a noisy release fails to factor. Post-processing of the release. M is not
     * modified.
     */
    public static DMatrixRMaj clampEigenvalues(DMatrixRMaj m, double floor) {
        int d = m.numRows;
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(d, true, true);
        if (!eig.decompose(m.copy())) {
            throw new ArithmeticException("symmetric eigendecomposition did not converge");
        }
        DMatrixRMaj out = new DMatrixRMaj(d, d);
        for (int i = 0; i < d; i++) {
            double lambda = Math.max(eig.getEigenvalue(i).real, floor);
            DMatrixRMaj vec = eig.getEigenVector(i);
            double norm = CommonOps_DDRM.dot(vec, vec);
            for (int r = 0; r < d; r++) {
                double scaled = lambda * vec.data[r] / norm;
                for (int c = 0; c < d; c++) {
                    out.data[r * d + c] += scaled * vec.data[c];
                }
            }
        }
        for (int r = 0; r < d; r++) {
            for (int c = r + 1; c < d; c++) {
                double v = 0.5 * (out.data[r * d + c] + out.data[c * d + r]);
                out.data[r * d + c] = v;
                out.data[c * d + r] = v;
            }
        }
        return out;
    }

    /** (M + M^T) / 2: exactly symmetric, so the eigensolver sees the matrix both triangles agree on. */
    private static DMatrixRMaj symmetrisedCopy(DMatrixRMaj m) {
        int n = m.numRows;
        DMatrixRMaj s = new DMatrixRMaj(n, n);
        double[] a = m.data;
        for (int i = 0; i < n; i++) {
            s.data[i * n + i] = a[i * n + i];
            for (int j = i + 1; j < n; j++) {
                double v = a[i * n + j] == a[j * n + i] ? a[i * n + j] : 0.5 * (a[i * n + j] + a[j * n + i]);
                s.data[i * n + j] = v;
                s.data[j * n + i] = v;
            }
        }
        return s;
    }
}

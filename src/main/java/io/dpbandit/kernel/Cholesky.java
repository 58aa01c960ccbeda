package io.dpbandit.kernel;

import org.ejml.EjmlParameters;
import org.ejml.concurrency.EjmlConcurrency;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_MT_DDRM;
import org.ejml.interfaces.decomposition.CholeskyDecomposition_F64;

/**
 * Cholesky factorisation M = L L^T of a symmetric positive (semi-)definite matrix, with a jitter
 * fallback for matrices that are singular to working precision (see {@link JitterPolicy}).
 *
 * <p>A factorisation counts as failed when EJML meets a non-positive pivot, or when a pivot L_ii^2 is
 * at most n * 2^-52 * max_i M_ii. The second test matters for exactly singular matrices such as a
 * Gram matrix with a duplicated point: there the last pivot is 0 in exact arithmetic, and rounding
 * leaves a value of either sign around 1e-16; EJML accepts it whenever it rounds positive (pivot
 * 1.5e-8, see CholeskyTest) and the factor then amplifies by 1e8. n * eps * max diag is the usual numerical-rank threshold (as in numpy's
 * {@code matrix_rank}).
 *
 * <p>Algorithm by size, from the measurements in docs/benchmarks.md §1: EJML's inner-product
 * Cholesky below {@value #BLOCKED_MIN_SIZE}; EJML's multithreaded row-major blocked Cholesky
 * ({@code DecompositionFactory_MT_DDRM.chol}) from there up to {@code EjmlParameters.SWITCH_BLOCK64_CHOLESKY}
 * (1000), where it was about 1.5x faster than the inner-product one at m = 500; and EJML's own choice
 * above that, its blocked ({@code DMatrixRBlock}) Cholesky, which was as fast as or faster than both
 * multithreaded variants at m = 1000 and 2000 on the 2-core reference machine.
 */
public final class Cholesky {

    /** Smallest size at which a blocked factorisation pays off over the inner-product one. */
    static final int BLOCKED_MIN_SIZE = 100;

    private Cholesky() {
    }

    /** Factors M with the {@link JitterPolicy#DEFAULT} fallback. M is not modified. */
    public static CholeskyFactor factor(DMatrixRMaj m) {
        return factor(m, JitterPolicy.DEFAULT);
    }

    /**
     * Factors M, adding diagonal jitter as {@code policy} allows when the plain factorisation fails.
     * M is not modified.
     *
     * @throws IllegalArgumentException    if M is not square, not symmetric or not finite
     * @throws NotPositiveDefiniteException if even the largest allowed jitter does not help, or M has
     *                                      no positive diagonal entry
     */
    public static CholeskyFactor factor(DMatrixRMaj m, JitterPolicy policy) {
        return factor(m, policy, 0);
    }

    /**
     * Factors M starting at attempt {@code firstAttempt} of the policy's jitter ladder (0 = plain).
     * A caller that factors a sequence of similar matrices (CAPRI's M_r, epoch after epoch) starts
     * where the previous one succeeded: at m = 1000 a plain attempt on a numerically singular M is
     * a full O(m³) pass that fails, i.e. half the time of the factorisation.
     * {@link CholeskyFactor#attempts()} counts attempts from 0, so it is the next call's start + 1.
     */
    public static CholeskyFactor factor(DMatrixRMaj m, JitterPolicy policy, int firstAttempt) {
        SymmetricInputs.requireSymmetric(m);
        final int n = m.numRows;
        double trace = 0.0;
        double maxDiagonal = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            double d = m.unsafe_get(i, i);
            trace += d;
            maxDiagonal = Math.max(maxDiagonal, d);
        }
        double meanDiagonal = trace / n;
        if (!(meanDiagonal > 0)) {
            throw new NotPositiveDefiniteException(
                    "matrix is not positive definite: mean diagonal is " + meanDiagonal + ", jitter cannot be scaled", 0.0);
        }
        double jitter = 0.0;
        int first = Math.max(0, Math.min(firstAttempt, policy.maxRetries()));
        for (int attempt = first; attempt <= policy.maxRetries(); attempt++) {
            jitter = policy.relativeJitter(attempt) * meanDiagonal;
            DMatrixRMaj work = m.copy();
            if (jitter > 0) {
                for (int i = 0; i < n; i++) {
                    work.unsafe_set(i, i, work.unsafe_get(i, i) + jitter);
                }
            }
            DMatrixRMaj lower = tryFactor(work, maxDiagonal + jitter);
            if (lower != null) {
                return new CholeskyFactor(lower, jitter, attempt + 1);
            }
        }
        throw new NotPositiveDefiniteException("matrix of size " + n + " is not positive definite"
                + (policy.maxRetries() > 0 ? " even with diagonal jitter " + jitter : " (no jitter allowed)"), jitter);
    }

    /** L with zeros above the diagonal, or null if the factorisation failed. {@code work} is overwritten. */
    private static DMatrixRMaj tryFactor(DMatrixRMaj work, double maxDiagonal) {
        final int n = work.numRows;
        CholeskyDecomposition_F64<DMatrixRMaj> chol =
                n >= BLOCKED_MIN_SIZE && n < EjmlParameters.SWITCH_BLOCK64_CHOLESKY && EjmlConcurrency.isUseConcurrent()
                        ? DecompositionFactory_MT_DDRM.chol(n, true)
                        : DecompositionFactory_DDRM.chol(n, true);
        if (!chol.decompose(work)) {
            return null;
        }
        DMatrixRMaj lower = chol.getT(null);
        double[] l = lower.data;
        double pivotTolerance = n * Math.ulp(1.0) * maxDiagonal;
        for (int i = 0; i < n; i++) {
            double lii = l[i * n + i];
            if (!(lii * lii > pivotTolerance)) {
                return null;
            }
            // getT may leave the input's upper triangle in place; A = L^-1 and the solves need zeros.
            for (int j = i + 1; j < n; j++) {
                l[i * n + j] = 0.0;
            }
        }
        return lower;
    }
}

package io.dpbandit.client.kernel;

/**
 * A positive semi-definite kernel k(w, w') on joint feature vectors w = (c, x) ("Common setting" of CAPRI
 * and USCA, docs/papers.md).
 *
 * <p>Every implementation satisfies k(w, w) &lt;= 1, which the CAPRI and USCA sensitivity bounds assume:
 * stationary kernels have k(w, w) = 1 for every input; cosine-normalised linear and polynomial kernels
 * have |k| &lt;= 1 for every finite input; max-norm-normalised ones only on their declared domain (see
 * {@link Normalisation#MAX_NORM}).
 *
 * <p>Implementations are immutable and thread-safe. Inputs must be finite and of equal length; a length
 * mismatch throws {@link IllegalArgumentException}. Create kernels with {@link KernelSpec#toKernel()}.
 */
public interface Kernel {

    /** The kernel value k(a, b); symmetric in its arguments. Neither array is modified. */
    double value(double[] a, double[] b);

    /** k(w, w). Stationary kernels return exactly 1 without looking at w. */
    default double diagonal(double[] w) {
        return value(w, w);
    }

    /** The specification this kernel was built from; {@code spec().toKernel()} gives an equal kernel. */
    KernelSpec spec();
}

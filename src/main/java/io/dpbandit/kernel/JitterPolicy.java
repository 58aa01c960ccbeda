package io.dpbandit.kernel;

/**
 * When a Cholesky factorisation fails, how much to add to the diagonal before trying again.
 *
 * <p>Attempt 0 factors M itself. Attempt k = 1..maxRetries factors M + j_k I with
 * j_k = initialRelativeJitter * growthFactor^(k-1) * mean(diag M). Adding j I turns a positive
 * semi-definite but numerically singular matrix (duplicated points in a Gram matrix; RBF Gram matrices
 * of many points) into a positive definite one whose smallest eigenvalue is at least j. The factor then
 * describes M + j I, and {@link CholeskyFactor#jitter()} says which j. For CAPRI's M this is a change of
 * public data only (M depends on the public sets S and R), so privacy is unaffected; it changes utility
 * by about j relative to M's scale.
 *
 * @param initialRelativeJitter first jitter, relative to the mean diagonal; &gt; 0
 * @param growthFactor          multiplier between attempts; &gt; 1
 * @param maxRetries            jittered attempts after the plain one; 0 means no jitter at all
 */
public record JitterPolicy(double initialRelativeJitter, double growthFactor, int maxRetries) {

    /** 1e-10 * mean diagonal, then x10 up to 1e-4 * mean diagonal (7 retries). */
    public static final JitterPolicy DEFAULT = new JitterPolicy(1e-10, 10.0, 7);

    /** Plain Cholesky only: fail instead of adding anything to the diagonal. */
    public static final JitterPolicy NONE = new JitterPolicy(1e-10, 10.0, 0);

    public JitterPolicy {
        if (!(initialRelativeJitter > 0) || !Double.isFinite(initialRelativeJitter)) {
            throw new IllegalArgumentException("initialRelativeJitter must be finite and > 0, got " + initialRelativeJitter);
        }
        if (!(growthFactor > 1) || !Double.isFinite(growthFactor)) {
            throw new IllegalArgumentException("growthFactor must be finite and > 1, got " + growthFactor);
        }
        if (maxRetries < 0) {
            throw new IllegalArgumentException("maxRetries must be >= 0, got " + maxRetries);
        }
    }

    /** The jitter relative to the mean diagonal for attempt {@code attempt} (0 = plain). */
    double relativeJitter(int attempt) {
        return attempt == 0 ? 0.0 : initialRelativeJitter * StrictMath.pow(growthFactor, attempt - 1);
    }
}

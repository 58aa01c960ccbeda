package io.dpbandit.client.privacy;

/**
 * Where a mechanism's randomness comes from. Mechanisms never create their own randomness: the
 * production service injects {@link SecureNoiseSource}; tests and simulations inject
 * {@link SeededNoiseSource} so that a run can be replayed.
 *
 * <p>Noise should be added with {@link #addGaussian} / {@link #addLaplace} rather than as
 * {@code value + gaussian(sigma)}: a secure source rounds the value to its power-of-two grid before
 * adding lattice noise (see {@link PowerOfTwoGrid}), and reports that grid through
 * {@link #gaussianGranularity} so that a mechanism can account for the rounding in its sensitivity.
 */
public interface NoiseSource {

    /** A draw of N(0, σ²) (on the source's Gaussian grid for σ, if it has one). */
    double gaussian(double sigma);

    /** A draw of the Laplace distribution with scale b, density exp(−|x|/b)/(2b). */
    double laplace(double scale);

    /** A uniform draw from [0, 1). */
    double uniform();

    /** A uniform integer in [0, n), n ≥ 1. */
    int uniformInt(int n);

    /** true with probability p ∈ [0, 1]. */
    boolean bernoulli(double p);

    /** value + N(0, σ²) noise; a grid-based source first rounds value to its grid. */
    default double addGaussian(double value, double sigma) {
        return value + gaussian(sigma);
    }

    /** value + Laplace(b) noise; a grid-based source first rounds value to its grid. */
    default double addLaplace(double value, double scale) {
        return value + laplace(scale);
    }

    /**
     * The power-of-two grid used by {@link #addGaussian} at this σ, or 0 when values are not
     * rounded. Non-decreasing in σ.
     */
    default double gaussianGranularity(double sigma) {
        return 0.0;
    }

    /** The power-of-two grid used by {@link #addLaplace} at this scale, or 0 when not rounded. */
    default double laplaceGranularity(double scale) {
        return 0.0;
    }
}

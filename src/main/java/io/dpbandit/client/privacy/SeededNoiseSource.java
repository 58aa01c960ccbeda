package io.dpbandit.client.privacy;

import java.util.SplittableRandom;

/**
 * A deterministic noise source for tests and simulations. <b>NOT for production</b>: anyone who knows
 * the seed knows the noise, and its Gaussian/Laplace draws are textbook floating-point samplers
 * (vulnerable to Mironov 2012). Use {@link SecureNoiseSource} for real releases.
 *
 * <p>Draws are a fixed function of the seed on every JVM: {@link SplittableRandom}'s SplitMix64
 * algorithm is specified, and the transformations (Marsaglia's polar method, inverse-CDF Laplace) use
 * {@link StrictMath}. Not thread-safe.
 */
public final class SeededNoiseSource implements NoiseSource {

    private final SplittableRandom random;
    private double spareGaussian;
    private boolean hasSpare;

    public SeededNoiseSource(long seed) {
        this.random = new SplittableRandom(seed);
    }

    @Override
    public double gaussian(double sigma) {
        if (!(sigma > 0) || Double.isInfinite(sigma)) {
            throw new IllegalArgumentException("sigma must be positive and finite, got " + sigma);
        }
        return sigma * standardGaussian();
    }

    @Override
    public double laplace(double scale) {
        if (!(scale > 0) || Double.isInfinite(scale)) {
            throw new IllegalArgumentException("Laplace scale must be positive and finite, got " + scale);
        }
        // Exponential(1) magnitude by inversion, −log(1 − U) with 1 − U ∈ (0, 1], and a fair sign.
        double magnitude = -StrictMath.log1p(-random.nextDouble());
        return random.nextBoolean() ? scale * magnitude : -scale * magnitude;
    }

    @Override
    public double uniform() {
        return random.nextDouble();
    }

    @Override
    public int uniformInt(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("uniformInt needs n >= 1, got " + n);
        }
        return random.nextInt(n);
    }

    @Override
    public boolean bernoulli(double p) {
        if (!(p >= 0.0 && p <= 1.0)) {
            throw new IllegalArgumentException("Bernoulli probability must be in [0, 1], got " + p);
        }
        return random.nextDouble() < p;
    }

    /** Marsaglia's polar method: two independent N(0, 1) draws per accepted pair. */
    private double standardGaussian() {
        if (hasSpare) {
            hasSpare = false;
            return spareGaussian;
        }
        double u;
        double v;
        double r;
        do {
            u = 2.0 * random.nextDouble() - 1.0;
            v = 2.0 * random.nextDouble() - 1.0;
            r = u * u + v * v;
        } while (r >= 1.0 || r == 0.0);
        double factor = StrictMath.sqrt(-2.0 * StrictMath.log(r) / r);
        spareGaussian = v * factor;
        hasSpare = true;
        return u * factor;
    }
}

package io.dpbandit.client.testing;

import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.SeededNoiseSource;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A seeded noise source that counts every call made to it (draws and grid queries alike): a test
 * shows that a refused report touched no noise at all.
 */
public final class CountingNoise implements NoiseSource {

    private final SeededNoiseSource seeded;
    private final AtomicInteger calls = new AtomicInteger();

    public CountingNoise(long seed) {
        this.seeded = new SeededNoiseSource(seed);
    }

    /** How many calls were made so far. */
    public int calls() {
        return calls.get();
    }

    @Override
    public double gaussian(double sigma) {
        calls.incrementAndGet();
        return seeded.gaussian(sigma);
    }

    @Override
    public double laplace(double scale) {
        calls.incrementAndGet();
        return seeded.laplace(scale);
    }

    @Override
    public double uniform() {
        calls.incrementAndGet();
        return seeded.uniform();
    }

    @Override
    public int uniformInt(int n) {
        calls.incrementAndGet();
        return seeded.uniformInt(n);
    }

    @Override
    public boolean bernoulli(double p) {
        calls.incrementAndGet();
        return seeded.bernoulli(p);
    }

    @Override
    public double addGaussian(double value, double sigma) {
        calls.incrementAndGet();
        return seeded.addGaussian(value, sigma);
    }

    @Override
    public double addLaplace(double value, double scale) {
        calls.incrementAndGet();
        return seeded.addLaplace(value, scale);
    }

    @Override
    public double gaussianGranularity(double sigma) {
        calls.incrementAndGet();
        return seeded.gaussianGranularity(sigma);
    }

    @Override
    public double laplaceGranularity(double scale) {
        calls.incrementAndGet();
        return seeded.laplaceGranularity(scale);
    }
}

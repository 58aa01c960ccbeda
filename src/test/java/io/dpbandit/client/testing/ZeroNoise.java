package io.dpbandit.client.testing;

import io.dpbandit.client.privacy.NoiseSource;

/**
 * A noise source whose draws are all 0, counting the Gaussian draws: a randomiser's report then shows
 * the clipped inputs themselves, and the count shows how many coordinates were noised. (The service
 * module's tests have their own, since test classes do not cross modules.)
 */
public final class ZeroNoise implements NoiseSource {

    private int gaussianDraws;

    /** How many Gaussian draws were asked for so far. */
    public int gaussianDraws() {
        return gaussianDraws;
    }

    @Override
    public double gaussian(double sigma) {
        gaussianDraws++;
        return 0.0;
    }

    @Override
    public double laplace(double scale) {
        return 0.0;
    }

    @Override
    public double uniform() {
        return 0.0;
    }

    @Override
    public int uniformInt(int n) {
        return 0;
    }

    @Override
    public boolean bernoulli(double p) {
        return false;
    }
}

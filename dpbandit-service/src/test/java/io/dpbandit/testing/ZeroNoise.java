package io.dpbandit.testing;

import io.dpbandit.privacy.NoiseSource;

/** A noise source that adds nothing: for checking the noiseless part of a mechanism exactly. */
public final class ZeroNoise implements NoiseSource {

    @Override
    public double gaussian(double sigma) {
        return 0;
    }

    @Override
    public double laplace(double scale) {
        return 0;
    }

    @Override
    public double uniform() {
        return 0;
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

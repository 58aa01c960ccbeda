package io.dpbandit.policy;

import java.util.random.RandomGenerator;

/** A synthetic κ: contexts uniform on the box [lo, hi]^d. For simulations. */
public record UniformBoxGenerator(int dimension, double lo, double hi) implements ContextGenerator {

    public UniformBoxGenerator {
        if (dimension < 0 || !(lo < hi) || !Double.isFinite(lo) || !Double.isFinite(hi)) {
            throw new IllegalArgumentException("need dimension >= 0 and finite lo < hi");
        }
    }

    @Override
    public double[] draw(RandomGenerator rng) {
        double[] c = new double[dimension];
        for (int i = 0; i < dimension; i++) {
            c[i] = lo + (hi - lo) * rng.nextDouble();
        }
        return c;
    }
}

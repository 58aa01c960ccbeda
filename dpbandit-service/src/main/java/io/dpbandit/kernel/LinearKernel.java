package io.dpbandit.kernel;

/**
 * Linear kernel x . y, normalised so that k(w, w) &lt;= 1 (spec "Kernels"): by default the cosine
 * x . y / (||x|| ||y||), bounded by 1 for every input; optionally x . y / N with a declared bound N on
 * ||w||^2, bounded by 1 only inside that domain (see {@link Normalisation}).
 */
final class LinearKernel implements Kernel {

    private final KernelSpec spec;
    private final boolean cosine;
    private final double maxSquaredNorm;

    LinearKernel(KernelSpec spec) {
        this.spec = spec;
        this.cosine = spec.normalisation() == Normalisation.COSINE;
        this.maxSquaredNorm = cosine ? Double.NaN : spec.maxSquaredNorm();
    }

    @Override
    public double value(double[] a, double[] b) {
        if (cosine) {
            return FeatureVectors.augmentedCosine(a, b, 0.0);
        }
        FeatureVectors.requireSameDimension(a, b);
        return FeatureVectors.dot(a, b) / maxSquaredNorm;
    }

    /** Cosine normalisation gives exactly 1; max-norm gives p(w, w) / normaliser. */
    @Override
    public double diagonal(double[] w) {
        return cosine ? 1.0 : value(w, w);
    }

    @Override
    public KernelSpec spec() {
        return spec;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LinearKernel other && other.spec.equals(spec);
    }

    @Override
    public int hashCode() {
        return spec.hashCode();
    }

    @Override
    public String toString() {
        return spec.toString();
    }
}

package io.dpbandit.client.kernel;

/**
 * Linear kernel x . y, normalised so that k(w, w) &lt;= 1 ("Kernels", docs/papers.md): by default the cosine
 * x . y / (||x|| ||y||), bounded by 1 for every input; optionally x . y / N with a declared bound N on
 * ||w||^2, evaluated on inputs projected onto that domain so it is bounded by 1 for every input too
 * (see {@link Normalisation}).
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
        // Inputs are first projected onto the declared domain ||w||^2 <= N, so |k| <= 1 for every
        // finite input (a context outside the domain cannot inflate k(w, w), and with it the
        // sensitivity bounds, or overflow it to Infinity/NaN). x -> P(x)/sqrt(N) is a feature map,
        // so the kernel stays positive semi-definite.
        double[] pa = FeatureVectors.projectOntoBall(a, maxSquaredNorm);
        double[] pb = FeatureVectors.projectOntoBall(b, maxSquaredNorm);
        return clampUnit(FeatureVectors.dot(pa, pb) / maxSquaredNorm);
    }

    /** Rounding can leave a projected value an ulp above 1. */
    private static double clampUnit(double v) {
        return Math.max(-1.0, Math.min(1.0, v));
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

package io.dpbandit.client.kernel;

/**
 * Polynomial kernel p(x, y) = (x . y + c)^d, normalised so that k(w, w) &lt;= 1 ("Kernels", docs/papers.md).
 *
 * <p>Cosine (default): p(x, y) / sqrt(p(x, x) p(y, y)) = [(x.y + c) / sqrt((x.x + c)(y.y + c))]^d, the
 * d-th power of the cosine of the augmented vectors (x, sqrt(c)) and (y, sqrt(c)). Taking the power
 * last keeps every intermediate in [-1, 1], so nothing overflows for large d or huge inputs. With
 * c &gt; 0, p(x, x) &gt;= c^d &gt; 0 and no input is special; with c = 0 the zero vector follows
 * {@link Normalisation#COSINE}.
 *
 * <p>Max-norm: [(x.y + c) / (N + c)]^d, which equals (x.y + c)^d / (N + c)^d, evaluated on inputs
 * projected onto ||w||^2 &lt;= N so that it is bounded by 1 in absolute value for every input.
 */
final class PolynomialKernel implements Kernel {

    private final KernelSpec spec;
    private final int degree;
    private final double offset;
    private final boolean cosine;
    private final double maxNormDenominator;

    PolynomialKernel(KernelSpec spec) {
        this.spec = spec;
        this.degree = spec.degree();
        this.offset = spec.offset();
        this.cosine = spec.normalisation() == Normalisation.COSINE;
        this.maxNormDenominator = cosine ? Double.NaN : spec.maxSquaredNorm() + offset;
    }

    @Override
    public double value(double[] a, double[] b) {
        double base;
        if (cosine) {
            base = FeatureVectors.augmentedCosine(a, b, offset);
        } else {
            FeatureVectors.requireSameDimension(a, b);
            // Projected onto ||w||^2 <= N first (see LinearKernel): |x.y| <= N, so the base lies in
            // [(c - N)/(N + c), 1] and |k| <= 1 for every finite input; still PSD (a polynomial
            // kernel on the feature map P).
            double[] pa = FeatureVectors.projectOntoBall(a, spec.maxSquaredNorm());
            double[] pb = FeatureVectors.projectOntoBall(b, spec.maxSquaredNorm());
            base = Math.max(-1.0, Math.min(1.0, (FeatureVectors.dot(pa, pb) + offset) / maxNormDenominator));
        }
        return FeatureVectors.powInt(base, degree);
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
        return o instanceof PolynomialKernel other && other.spec.equals(spec);
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

package io.dpbandit.kernel;

import java.util.List;

import org.ejml.data.DMatrixRMaj;

/**
 * Quadrature Fourier features (QFF; Mutný &amp; Krause 2018, Dubey 2021 Def. 4 as reconstructed in
 * docs/papers.md, "QFF construction") for the squared-exponential kernel k(x, y) = exp(−‖x − y‖²/(2ℓ²)) on R^d.
 *
 * <p>With the m̄-point Gauss–Hermite rule (z_k, w_k) for e^{−z²}:
 * <ul>
 *   <li>frequencies ω_j = (√2 z_{j_1}/ℓ, …, √2 z_{j_d}/ℓ) for every multi-index j ∈ [m̄]^d, ordered
 *       row-major (j_1 slowest, j_d fastest); this is the grid Ω of {@link #frequencies()};</li>
 *   <li>weights W_j = Π_i w_{j_i}/√π, which sum to 1 ({@link #weights()});</li>
 *   <li>Φ(x) = [√W_j cos(ω_jᵀx)]_j ⊕ [√W_j sin(ω_jᵀx)]_j ∈ R^M, M = 2 m̄^d: the first M/2
 *       coordinates are the cosines, the last M/2 the sines, as in Dubey 2021's indexing.</li>
 * </ul>
 * Then Φ(x)ᵀΦ(y) = Σ_j W_j cos(ω_jᵀ(x − y)), which equals Π_i q(x_i − y_i) with the one-dimensional
 * quadrature q(δ) = Σ_k (w_k/√π) cos(√2 z_k δ/ℓ) ≈ exp(−δ²/(2ℓ²)) (the weights and the phase
 * factorise over dimensions, and the symmetric nodes cancel every imaginary part), and
 * ‖Φ(x)‖² = Σ_j W_j = 1: exactly in exact arithmetic, and within a few ulps here
 * (the bound ‖Φ‖ ≤ 1 that the privacy sensitivity needs should still be enforced by clipping,
 * e.g. {@code ContributionBounds.clipToNorm}: deterministic sensitivity, docs/papers.md).
 *
 * <p><b>Evaluation.</b> Because e^{iω_jᵀx} = Π_i e^{i√2 z_{j_i} x_i/ℓ}, a point costs d·m̄ sines and
 * cosines (half that, by the nodes' symmetry) plus one complex multiplication per feature pair,
 * instead of m̄^d phases and trigonometric calls. Trigonometry is {@link StrictMath}, so features
 * replay bit for bit across machines (seeded simulations must replay exactly).
 *
 * <p><b>Inputs.</b> Coordinates must be finite and small enough that every phase √2 z_k x_i/ℓ is a
 * finite double (|x_i| below about 1e307·ℓ/√m̄); otherwise {@link IllegalArgumentException}. Every
 * finite phase, however large, is reduced exactly by StrictMath's sin and cos, so no input gives
 * NaN and ‖Φ(x)‖ = 1 holds everywhere. But once a phase exceeds ~2^53 its rounding error exceeds 2π
 * and the feature values no longer carry information about x: the approximation guarantee holds
 * on the declared domain ({@link #errorBound(BoxDomain)}) only.
 *
 * <p>Immutable and thread-safe. Ω and W are computed once per instance; instances are equal when
 * their {@link QuadratureFeatureSpec} is, and should be rebuilt from it rather than serialised.
 */
public final class QuadratureFourierFeatures {

    private static final double LOG_SQRT_HALF_PI = 0.5 * StrictMath.log(StrictMath.PI / 2.0);
    private static final double LN_2 = StrictMath.log(2.0);
    private static final double LN_4 = StrictMath.log(4.0);

    private final QuadratureFeatureSpec spec;
    private final int order;
    private final int dimension;
    private final int frequencyCount;
    /** √2 z_k/ℓ, ascending, exactly antisymmetric. */
    private final double[] frequencies1d;
    /** √(w_k/√π). */
    private final double[] sqrtWeights1d;
    /** w_k/√π. */
    private final double[] weights1d;
    /** Ω, row-major m̄^d × d. */
    private final double[] omega;
    /** W_j. */
    private final double[] productWeights;
    /** max_k |√2 z_k/ℓ|. */
    private final double maxFrequency;

    QuadratureFourierFeatures(QuadratureFeatureSpec spec) {
        this.spec = spec;
        this.order = spec.nodesPerDimension();
        this.dimension = spec.inputDimension();
        this.frequencyCount = spec.frequencyCount();
        GaussHermiteRule rule = GaussHermiteRule.of(order);
        double scale = StrictMath.sqrt(2.0) / spec.lengthScale();
        this.frequencies1d = new double[order];
        this.sqrtWeights1d = new double[order];
        this.weights1d = new double[order];
        double max = 0.0;
        for (int k = 0; k < order; k++) {
            frequencies1d[k] = scale * rule.node(k);
            weights1d[k] = rule.normalisedWeight(k);
            sqrtWeights1d[k] = StrictMath.sqrt(weights1d[k]);
            max = Math.max(max, Math.abs(frequencies1d[k]));
        }
        this.maxFrequency = max;
        this.omega = new double[frequencyCount * dimension];
        this.productWeights = new double[frequencyCount];
        for (int j = 0; j < frequencyCount; j++) {
            double w = 1.0;
            int rest = j;
            for (int i = dimension - 1; i >= 0; i--) {
                int k = rest % order;
                rest /= order;
                omega[j * dimension + i] = frequencies1d[k];
                w *= weights1d[k];
            }
            productWeights[j] = w;
        }
    }

    /** The map for (m̄, ℓ, d); see {@link QuadratureFeatureSpec}. */
    public static QuadratureFourierFeatures of(int nodesPerDimension, double lengthScale, int inputDimension) {
        return new QuadratureFeatureSpec(nodesPerDimension, lengthScale, inputDimension).toFeatureMap();
    }

    /** The map for a parameter record. */
    public static QuadratureFourierFeatures of(QuadratureFeatureSpec spec) {
        return spec.toFeatureMap();
    }

    public QuadratureFeatureSpec spec() {
        return spec;
    }

    /** d. */
    public int inputDimension() {
        return dimension;
    }

    /** m̄. */
    public int nodesPerDimension() {
        return order;
    }

    /** m̄^d. */
    public int frequencyCount() {
        return frequencyCount;
    }

    /** M = 2 m̄^d. */
    public int featureDimension() {
        return 2 * frequencyCount;
    }

    /** The grid Ω of frequencies, row-major m̄^d × d (row j is ω_j); a copy. */
    public double[] frequencies() {
        return omega.clone();
    }

    /** The product weights W_j, in the row order of {@link #frequencies()}; they sum to 1. A copy. */
    public double[] weights() {
        return productWeights.clone();
    }

    /** Φ(x) ∈ R^M. */
    public double[] apply(double[] x) {
        double[] out = new double[featureDimension()];
        apply(x, out, 0);
        return out;
    }

    /**
     * Writes Φ(x) into out[offset .. offset + M): cosines first, then sines.
     *
     * @throws IllegalArgumentException if x has the wrong dimension, a non-finite coordinate, or a
     *                                  coordinate so large that a phase overflows
     */
    public void apply(double[] x, double[] out, int offset) {
        if (x == null || x.length != dimension) {
            throw new IllegalArgumentException("expected a point of dimension " + dimension + ", got "
                    + (x == null ? "null" : String.valueOf(x.length)));
        }
        if (offset < 0 || out.length - offset < featureDimension()) {
            throw new IllegalArgumentException("output needs " + featureDimension() + " entries from offset " + offset);
        }
        for (int i = 0; i < dimension; i++) {
            if (!Double.isFinite(x[i]) || !Double.isFinite(maxFrequency * x[i])) {
                throw new IllegalArgumentException("coordinate " + i + " is " + x[i] + "; quadrature features need "
                        + "finite coordinates with finite phases (|x_i| * " + maxFrequency + " < Double.MAX_VALUE)");
            }
        }
        final int sines = offset + frequencyCount;
        double[] cos = new double[order];
        double[] sin = new double[order];
        // Stage 0: the single empty product 1 + 0i.
        out[offset] = 1.0;
        out[sines] = 0.0;
        int length = 1;
        for (int i = 0; i < dimension; i++) {
            factors(x[i], cos, sin);
            // Expand in place from the back: entry p becomes entries p·m̄ .. p·m̄ + m̄ − 1, all ≥ p.
            for (int p = length - 1; p >= 0; p--) {
                double re = out[offset + p];
                double im = out[sines + p];
                int base = p * order;
                for (int k = order - 1; k >= 0; k--) {
                    out[offset + base + k] = re * cos[k] - im * sin[k];
                    out[sines + base + k] = re * sin[k] + im * cos[k];
                }
            }
            length *= order;
        }
    }

    /** √(w_k/√π)·e^{i ω_k t}: cos and sin, computed once per mirrored pair of nodes. */
    private void factors(double t, double[] cos, double[] sin) {
        for (int k = 0, mirror = order - 1; k <= mirror; k++, mirror--) {
            double phase = frequencies1d[mirror] * t; // ≥ 0 frequency of the pair
            double c = sqrtWeights1d[mirror] * StrictMath.cos(phase);
            double s = sqrtWeights1d[mirror] * StrictMath.sin(phase);
            cos[mirror] = c;
            sin[mirror] = s;
            cos[k] = c;
            sin[k] = -s; // ω_k = −ω_mirror; for the middle node (ω = 0) s = 0 and −0.0 == 0.0
        }
    }

    /** Φ of every point, as the rows of a K × M matrix (K = points.length). */
    public DMatrixRMaj applyAll(double[][] points) {
        DMatrixRMaj features = new DMatrixRMaj(points.length, featureDimension());
        int m = featureDimension();
        for (int r = 0; r < points.length; r++) {
            apply(points[r], features.data, r * m);
        }
        return features;
    }

    /** Φ of every point, as the rows of a K × M matrix. */
    public DMatrixRMaj applyAll(List<double[]> points) {
        return applyAll(points.toArray(new double[0][]));
    }

    /**
     * Φ(x)ᵀΦ(y) as the stationary kernel it is: Π_i q(δ_i) for δ = x − y, q the one-dimensional
     * quadrature of exp(−δ²/(2ℓ²)). Equal to the dot product of the features up to rounding, at
     * O(m̄ d) cost; used for error measurements.
     */
    public double quadratureKernel(double[] difference) {
        if (difference.length != dimension) {
            throw new IllegalArgumentException("expected a difference of dimension " + dimension);
        }
        double product = 1.0;
        for (double delta : difference) {
            product *= quadrature1d(delta);
        }
        return product;
    }

    /** q(δ) = Σ_k (w_k/√π) cos(√2 z_k δ/ℓ), summed over mirrored pairs. */
    private double quadrature1d(double delta) {
        double sum = 0.0;
        for (int k = 0, mirror = order - 1; k <= mirror; k++, mirror--) {
            double term = weights1d[mirror] * StrictMath.cos(frequencies1d[mirror] * delta);
            sum += k == mirror ? term : 2.0 * term;
        }
        return sum;
    }

    /**
     * ε_qff on a box: Dubey 2021's Thm 2 (Mutný &amp; Krause 2018), stated on [0,1]^d, transported to
     * the box. Both k and ΦᵀΦ depend on x − y only, and scaling x by 1/s maps the box into a
     * translate of [0,1]^d while turning ℓ into ℓ/s; so with s the longest side,
     * ε_qff = {@link #theorem2Bound}(d, m̄, ℓ/s). Capped at 2, the trivial bound (k ∈ [0,1],
     * |ΦᵀΦ| ≤ 1), where the theorem is vacuous. A degenerate box (a single point) gives 0.
     */
    public double errorBound(BoxDomain domain) {
        requireDimension(domain);
        double side = domain.maxSideLength();
        if (side == 0.0) {
            return 0.0;
        }
        return Math.min(2.0, theorem2Bound(dimension, order, spec.lengthScale() / side));
    }

    /**
     * Thm 2 of Dubey 2021 (Mutný &amp; Krause 2018) on [0,1]^d with ν = min_i ν_i:
     * sup |k − ΦᵀΦ| ≤ d·2^{d−1}·√(π/2)·m̄^{−m̄}·(e/(4ν²))^{m̄}, evaluated in log space (no overflow of
     * m̄^{m̄}). Not capped: values above 2 mean the theorem says nothing.
     */
    public static double theorem2Bound(int dimension, int nodesPerDimension, double nu) {
        if (dimension < 1 || nodesPerDimension < 1 || !(nu > 0) || !Double.isFinite(nu)) {
            throw new IllegalArgumentException("need d >= 1, m-bar >= 1 and a finite nu > 0; got d = " + dimension
                    + ", m-bar = " + nodesPerDimension + ", nu = " + nu);
        }
        double m = nodesPerDimension;
        double log = StrictMath.log(dimension) + (dimension - 1) * LN_2 + LOG_SQRT_HALF_PI
                + m * (1.0 - LN_4 - 2.0 * StrictMath.log(nu) - StrictMath.log(m));
        return StrictMath.exp(log);
    }

    /**
     * The smallest m̄ ≤ {@link GaussHermiteRule#MAX_ORDER} whose {@link #errorBound} on the domain is
     * at most {@code target} (the practical m̄ of docs/papers.md: target 1/T²).
     *
     * @throws IllegalArgumentException if no supported order reaches the target
     */
    public static int smallestOrderMeeting(double target, BoxDomain domain, double lengthScale) {
        if (!(target > 0)) {
            throw new IllegalArgumentException("target error must be positive, got " + target);
        }
        if (!(lengthScale > 0) || !Double.isFinite(lengthScale)) {
            throw new IllegalArgumentException("lengthScale must be positive and finite, got " + lengthScale);
        }
        double side = domain.maxSideLength();
        for (int m = 1; m <= GaussHermiteRule.MAX_ORDER; m++) {
            double bound = side == 0.0 ? 0.0 : Math.min(2.0, theorem2Bound(domain.dimension(), m, lengthScale / side));
            if (bound <= target) {
                return m;
            }
        }
        throw new IllegalArgumentException("no Gauss-Hermite order up to " + GaussHermiteRule.MAX_ORDER
                + " brings the Thm 2 bound on " + domain + " with lengthScale " + lengthScale + " below " + target);
    }

    /**
     * max |k(x, y) − Φ(x)ᵀΦ(y)| over a public grid, for comparison with {@link #errorBound}. The error
     * depends on δ = x − y only and is even in each δ_i separately, and differences of points in the
     * box fill Π_i [−s_i, s_i]; so the grid is Π_i {0, s_i/(G−1), …, s_i} in the differences, G points
     * per side (covering every pair of the box at resolution s_i/(G−1)). It is data-independent, so
     * the number can be published. A lower estimate of the supremum, not a bound.
     *
     * @param pointsPerSide G ≥ 2; G^d must not exceed 10^8
     */
    public double empiricalMaxError(BoxDomain domain, int pointsPerSide) {
        requireDimension(domain);
        if (pointsPerSide < 2 || StrictMath.pow(pointsPerSide, dimension) > 1e8) {
            throw new IllegalArgumentException("pointsPerSide must be >= 2 with pointsPerSide^d <= 1e8, got "
                    + pointsPerSide);
        }
        double[] sides = domain.sideLengths();
        double twoLengthScaleSquared = 2.0 * spec.lengthScale() * spec.lengthScale();
        double[][] exact = new double[dimension][pointsPerSide];
        double[][] approx = new double[dimension][pointsPerSide];
        for (int i = 0; i < dimension; i++) {
            for (int g = 0; g < pointsPerSide; g++) {
                double delta = sides[i] * g / (pointsPerSide - 1);
                exact[i][g] = StrictMath.exp(-delta * delta / twoLengthScaleSquared);
                approx[i][g] = quadrature1d(delta);
            }
        }
        int[] index = new int[dimension];
        double max = 0.0;
        while (true) {
            double k = 1.0;
            double q = 1.0;
            for (int i = 0; i < dimension; i++) {
                k *= exact[i][index[i]];
                q *= approx[i][index[i]];
            }
            max = Math.max(max, Math.abs(k - q));
            int i = dimension - 1;
            while (i >= 0 && ++index[i] == pointsPerSide) {
                index[i] = 0;
                i--;
            }
            if (i < 0) {
                return max;
            }
        }
    }

    private void requireDimension(BoxDomain domain) {
        if (domain.dimension() != dimension) {
            throw new IllegalArgumentException("domain has dimension " + domain.dimension() + ", features " + dimension);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof QuadratureFourierFeatures other && other.spec.equals(spec);
    }

    @Override
    public int hashCode() {
        return spec.hashCode();
    }

    @Override
    public String toString() {
        return "QuadratureFourierFeatures(m-bar=" + order + ", lengthScale=" + spec.lengthScale() + ", d=" + dimension
                + ", M=" + featureDimension() + ")";
    }
}

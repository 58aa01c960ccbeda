package io.dpbandit.privacy;

import io.dpbandit.client.privacy.Checks;
import io.dpbandit.client.privacy.NoiseSource;

/**
 * The noise a {@link TreeMechanism} adds to a node when the node is completed: drawn once, stored in
 * the tree's state next to the exact p-sum, and never re-drawn on a read (tree noise drawn once per
 * node; docs/papers.md).
 * Implementations are built by {@link TreeMechanismCalibration#nodeNoise()}, which states the
 * sensitivity and the calibration.
 */
public sealed interface NodeNoise permits NodeNoise.Gaussian, NodeNoise.Wishart, NodeNoise.None {

    /** The node's noisy p-sum P̂ = P + Z for its exact p-sum P, with fresh noise Z. */
    SymmetricMatrix perturb(SymmetricMatrix exact, NoiseSource noise);

    /**
     * Whether every prefix must hold exactly m noise samples (Wishart padding to m samples,
     * docs/papers.md): the tree then keeps
     * one data-independent padding sample per level and adds it wherever that level has no node.
     */
    boolean padsPrefixes();

    /** A data-independent noise sample of dimension D (the Wishart padding, docs/papers.md). */
    SymmetricMatrix sample(int dimension, NoiseSource noise);

    /**
     * Symmetrised Gaussian node noise (Shariff &amp; Sheffet 2018, §4.2 and footnote 4): Z = (Z' + Z'ᵀ)/√2
     * with Z'_ij ~ N(0, σ²) i.i.d., i.e. independent entries with variance σ² off the diagonal and
     * 2σ² on it.
     *
     * <p>Drawn directly in that form: the upper triangle gets {@code addGaussian(P_ij, σ)} off the
     * diagonal and {@code addGaussian(P_ii, √2·σ)} on it. This is exactly the distribution of
     * (Z' + Z'ᵀ)/√2 (symmetrised node noise, docs/papers.md: off-diagonal variance σ², diagonal 2σ²;
     * the √2 is kept, and the two
     * triangles are not noised independently), and it keeps {@link SecureNoiseSource}'s lattice
     * construction intact, which dividing snapped draws by √2 would destroy.
     *
     * <p>Sensitivity: whiten the release by its standard deviations (off-diagonal /σ, diagonal
     * /(√2σ)). Replacing one row a by b changes P by aaᵀ − bbᵀ, and the whitened change has norm
     * ‖aaᵀ − bbᵀ‖_F/(√2σ) with ‖aaᵀ − bbᵀ‖²_F = ‖a‖⁴ + ‖b‖⁴ − 2(aᵀb)² ≤ 2L̃⁴. So each node
     * is the Gaussian mechanism with L2 sensitivity {@code sensitivity} = L̃² (plus a rounding
     * margin) and noise σ. A grid-based source rounds each entry to its grid g first; as in
     * {@link GaussianMechanism#noiseScale}, σ is then inflated by (Δ + g√(D(D+1)/2))/Δ, with g the
     * grid at 2√2σ (an upper bound on both grids used), which keeps Δ/σ and hence the guarantee.
     *
     * @param sensitivity Δ, the whitened L2 sensitivity of one node (L̃² and margin)
     * @param sigma       σ, the off-diagonal standard deviation
     */
    record Gaussian(double sensitivity, double sigma) implements NodeNoise {

        public Gaussian {
            Checks.positiveFinite(sensitivity, "sensitivity");
            Checks.positiveFinite(sigma, "sigma");
        }

        @Override
        public SymmetricMatrix perturb(SymmetricMatrix exact, NoiseSource noise) {
            int d = exact.dimension();
            double[] upper = exact.upper();
            double s = noiseScale(d, noise);
            double diagonal = s * StrictMath.sqrt(2.0);
            int k = 0;
            for (int i = 0; i < d; i++) {
                for (int j = i; j < d; j++) {
                    upper[k] = noise.addGaussian(upper[k], i == j ? diagonal : s);
                    k++;
                }
            }
            return new SymmetricMatrix(d, upper);
        }

        /** σ as drawn from this source: σ, or σ·(Δ + g√(D(D+1)/2))/Δ for a source with grid g. */
        public double noiseScale(int dimension, NoiseSource noise) {
            double granularity = noise.gaussianGranularity(2.0 * StrictMath.sqrt(2.0) * sigma);
            if (granularity == 0.0) {
                return sigma;
            }
            double slack = granularity * StrictMath.sqrt(SymmetricMatrix.packedLength(dimension));
            if (!(slack < sensitivity)) {
                throw new IllegalArgumentException("grid rounding (" + slack + ") would exceed the sensitivity "
                        + sensitivity + "; sigma/sensitivity is too large for this dimension");
            }
            return Math.nextUp(sigma * ((sensitivity + slack) / sensitivity));
        }

        @Override
        public boolean padsPrefixes() {
            return false;
        }

        @Override
        public SymmetricMatrix sample(int dimension, NoiseSource noise) {
            return perturb(SymmetricMatrix.zero(dimension), noise);
        }
    }

    /**
     * Wishart node noise W_D(scale·I, k) (Shariff &amp; Sheffet 2018, §4.1). Privacy (their Thm 8 =
     * Sheffet 2015 Thm 4.1, Thm 23 in their appendix): if every row has L2 norm ≤ L̃, releasing the Gram matrix
     * plus W_D(L̃²I, k₀) is (ε₀, δ₀)-DP for a changed row when k₀ ≥ D + 28 ε₀⁻² ln(4/δ₀), ε₀ &lt; 1,
     * δ₀ &lt; 1/e. The calibration picks k; samples come from {@link WishartSampler} (Bartlett).
     *
     * @param scale            L̃² (the scale matrix is L̃²·I; the main text's "L̃ I" is a typo; docs/papers.md)
     * @param degreesOfFreedom k
     */
    record Wishart(double scale, long degreesOfFreedom) implements NodeNoise {

        public Wishart {
            Checks.positiveFinite(scale, "Wishart scale");
            if (degreesOfFreedom < 1) {
                throw new IllegalArgumentException("degrees of freedom must be >= 1, got " + degreesOfFreedom);
            }
        }

        @Override
        public SymmetricMatrix perturb(SymmetricMatrix exact, NoiseSource noise) {
            return exact.plus(sample(exact.dimension(), noise));
        }

        @Override
        public boolean padsPrefixes() {
            return true;
        }

        @Override
        public SymmetricMatrix sample(int dimension, NoiseSource noise) {
            return WishartSampler.sample(dimension, scale, degreesOfFreedom, noise);
        }
    }

    /** No noise: the node's "noisy" p-sum is its exact p-sum. Not private. */
    record None() implements NodeNoise {

        @Override
        public SymmetricMatrix perturb(SymmetricMatrix exact, NoiseSource noise) {
            return exact;
        }

        @Override
        public boolean padsPrefixes() {
            return false;
        }

        @Override
        public SymmetricMatrix sample(int dimension, NoiseSource noise) {
            return SymmetricMatrix.zero(dimension);
        }
    }
}

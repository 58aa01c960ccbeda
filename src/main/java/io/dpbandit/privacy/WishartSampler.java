package io.dpbandit.privacy;

import io.dpbandit.client.privacy.Checks;
import io.dpbandit.client.privacy.NoiseSource;

/**
 * Samples of the Wishart distribution W_p(s·I, k), the law of Σ_{i=1..k} g_i g_iᵀ with
 * g_i ~ N(0, s·I_p) i.i.d. (Shariff &amp; Sheffet 2018, §4.1), by the Bartlett decomposition (Bartlett
 * Wishart sampling, docs/papers.md):
 * W = s·C Cᵀ with C lower triangular, C_ii = √χ²_{k−i} (0-based i) and C_ij ~ N(0, 1) for i &gt; j, all
 * independent. This costs p(p+1)/2 random variates and O(p³) flops whatever k is, where the definition
 * costs k·p variates and k rank-one updates (k ≈ 1.4e5 in Shariff &amp; Sheffet 2018's experiment).
 *
 * <p>χ²_ν = 2·Gamma(ν/2, 1), with Gamma drawn by Marsaglia &amp; Tsang (2000, "A simple method for
 * generating gamma variables", ACM TOMS 26(3)) from the {@link NoiseSource}'s normal and uniform draws.
 *
 * <p>Floating point: the samples are ordinary doubles; unlike {@link SecureNoiseSource}'s Gaussian
 * they are not snapped to a lattice, so the Wishart mechanism does not get the protection against
 * the floating-point attack that the Gaussian node noise has (secure noise, docs/papers.md). Prefer
 * Gaussian node noise in production.
 */
public final class WishartSampler {

    private WishartSampler() {
    }

    /**
     * A draw of W_p(scale·I, k).
     *
     * @param p                dimension, ≥ 1
     * @param scale            s &gt; 0 (the tree uses L̃²)
     * @param degreesOfFreedom k ≥ p
     */
    public static SymmetricMatrix sample(int p, double scale, long degreesOfFreedom, NoiseSource noise) {
        if (p < 1) {
            throw new IllegalArgumentException("dimension must be >= 1, got " + p);
        }
        Checks.positiveFinite(scale, "Wishart scale");
        if (degreesOfFreedom < p) {
            throw new IllegalArgumentException("Wishart degrees of freedom must be >= the dimension " + p
                    + ", got " + degreesOfFreedom);
        }
        double[][] c = new double[p][];
        for (int i = 0; i < p; i++) {
            c[i] = new double[i + 1];
            for (int j = 0; j < i; j++) {
                c[i][j] = noise.gaussian(1.0);
            }
            c[i][i] = StrictMath.sqrt(chiSquare((double) (degreesOfFreedom - i), noise));
        }
        double[] upper = new double[SymmetricMatrix.packedLength(p)];
        int k = 0;
        for (int i = 0; i < p; i++) {
            for (int j = i; j < p; j++) {
                // (C Cᵀ)_ij = Σ_{l ≤ min(i, j) = i} C_il C_jl
                double s = 0;
                for (int l = 0; l <= i; l++) {
                    s += c[i][l] * c[j][l];
                }
                upper[k++] = scale * s;
            }
        }
        return new SymmetricMatrix(p, upper);
    }

    /** A draw of χ²_ν = 2·Gamma(ν/2, 1), ν &gt; 0. */
    public static double chiSquare(double nu, NoiseSource noise) {
        Checks.positiveFinite(nu, "chi-square degrees of freedom");
        return 2.0 * gamma(0.5 * nu, noise);
    }

    /**
     * A draw of Gamma(a, 1), a &gt; 0 (Marsaglia &amp; Tsang 2000). For a &lt; 1 it uses
     * Gamma(a) = Gamma(a + 1)·U^{1/a} (their §6).
     */
    public static double gamma(double shape, NoiseSource noise) {
        Checks.positiveFinite(shape, "gamma shape");
        if (shape < 1.0) {
            double u = noise.uniform();
            return gamma(shape + 1.0, noise) * StrictMath.pow(u, 1.0 / shape);
        }
        double d = shape - 1.0 / 3.0;
        double c = 1.0 / StrictMath.sqrt(9.0 * d);
        while (true) {
            double x = noise.gaussian(1.0);
            double v = 1.0 + c * x;
            if (v <= 0.0) {
                continue;
            }
            v = v * v * v;
            double u = noise.uniform();
            double x2 = x * x;
            if (u < 1.0 - 0.0331 * x2 * x2) {
                return d * v;
            }
            if (StrictMath.log(u) < 0.5 * x2 + d * (1.0 - v + StrictMath.log(v))) {
                return d * v;
            }
        }
    }
}

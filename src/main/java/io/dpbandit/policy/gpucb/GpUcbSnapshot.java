package io.dpbandit.policy.gpucb;

/**
 * What {@code decide} needs, computed once per fold from the private release (post-processing): the
 * centre θ̃_t = V_t⁻¹ũ_t, the Cholesky factor of V_t = Σ̃_t + (shift + λ)I and the radius. A decision
 * then costs O(K·M²) for K candidates and reads nothing else. By Remark 1 of Dubey 2021 the snapshot
 * (equivalently μ̃_t) is itself publishable.
 *
 * @param theta    θ̃_t (M)
 * @param cholesky the lower-triangular L with L Lᵀ = V_t (after any PSD repair), M × M row-major
 * @param radius   the UCB multiplier: radiusScale × r_t (the reconciled radius of docs/papers.md)
 * @param logDetV  ln det V_t = 2 Σ ln L_ii
 * @param repaired whether V_t failed the PSD check (Cholesky, or ln det V_t below what
 *                 V_t ⪰ (λ + λ_min)I implies) and had its eigenvalues clamped to λ + λ_min: the
 *                 analysis' failure event (probability ≤ ζ/2; PSD check and repair, docs/papers.md)
 */
public record GpUcbSnapshot(double[] theta, double[] cholesky, double radius, double logDetV, boolean repaired) {

    public GpUcbSnapshot {
        if (theta == null || cholesky == null || cholesky.length != theta.length * theta.length) {
            throw new IllegalArgumentException("the Cholesky factor must be M x M for theta of length M");
        }
        theta = theta.clone();
        cholesky = cholesky.clone();
    }

    @Override
    public double[] theta() {
        return theta.clone();
    }

    @Override
    public double[] cholesky() {
        return cholesky.clone();
    }

    /** M. */
    public int dimension() {
        return theta.length;
    }

    /** The posterior-mean surrogate μ̃_t(x) = ⟨θ̃_t, Φ(x)⟩ for a feature vector Φ(x). */
    public double mean(double[] phi) {
        double mean = 0;
        for (int i = 0; i < theta.length; i++) {
            mean += theta[i] * phi[i];
        }
        return mean;
    }

    /** ‖Φ(x)‖_{V_t⁻¹} = ‖L⁻¹Φ(x)‖, by forward substitution in O(M²). */
    public double width(double[] phi) {
        int m = theta.length;
        double[] z = new double[m];
        double squared = 0;
        for (int i = 0; i < m; i++) {
            double s = phi[i];
            int row = i * m;
            for (int j = 0; j < i; j++) {
                s -= cholesky[row + j] * z[j];
            }
            z[i] = s / cholesky[row + i];
            squared += z[i] * z[i];
        }
        return StrictMath.sqrt(squared);
    }

    /** The optimistic index μ̃_t(x) + radius·‖Φ(x)‖_{V_t⁻¹}. */
    public double score(double[] phi) {
        return mean(phi) + radius * width(phi);
    }
}

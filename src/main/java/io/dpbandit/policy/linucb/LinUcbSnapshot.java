package io.dpbandit.policy.linucb;

/**
 * What {@code decide} needs, computed once per fold from the private release (post-processing): the
 * centre θ̃_t = V_t⁻¹ũ_t, the Cholesky factor of V_t and the radius β_t. A decision then costs
 * O(K d²) and reads nothing else.
 *
 * @param theta     θ̃_t (d)
 * @param cholesky  the lower-triangular L with L Lᵀ = V_t (after PSD repair), d×d row-major
 * @param beta      β_t
 * @param logDetV   ln det V_t = 2 Σ ln L_ii
 * @param repaired  whether V_t failed the Cholesky check and had its eigenvalues clamped to ρ_min
 *                  (the analysis' failure event: PSD check and repair, docs/papers.md)
 */
public record LinUcbSnapshot(double[] theta, double[] cholesky, double beta, double logDetV, boolean repaired) {

    public LinUcbSnapshot {
        theta = theta.clone();
        cholesky = cholesky.clone();
        if (cholesky.length != theta.length * theta.length) {
            throw new IllegalArgumentException("the Cholesky factor must be d x d for d = " + theta.length);
        }
    }

    @Override
    public double[] theta() {
        return theta.clone();
    }

    @Override
    public double[] cholesky() {
        return cholesky.clone();
    }

    /** d. */
    public int dimension() {
        return theta.length;
    }

    /** The optimistic index ⟨θ̃, x⟩ + β‖x‖_{V⁻¹} of one (already clipped) vector, in O(d²). */
    double score(double[] x) {
        int d = theta.length;
        double mean = 0;
        for (int i = 0; i < d; i++) {
            mean += theta[i] * x[i];
        }
        // ‖x‖²_{V⁻¹} = ‖L⁻¹x‖² by forward substitution.
        double[] z = new double[d];
        double squared = 0;
        for (int i = 0; i < d; i++) {
            double s = x[i];
            int row = i * d;
            for (int j = 0; j < i; j++) {
                s -= cholesky[row + j] * z[j];
            }
            z[i] = s / cholesky[row + i];
            squared += z[i] * z[i];
        }
        return mean + beta * StrictMath.sqrt(squared);
    }
}

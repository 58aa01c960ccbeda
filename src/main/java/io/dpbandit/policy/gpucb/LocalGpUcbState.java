package io.dpbandit.policy.gpucb;

import io.dpbandit.privacy.SymmetricMatrix;

/**
 * The whole, immutable, JSON-serialisable state of a local-JDP GP-UCB bandit (Dubey 2021, Alg. 3): the
 * sums of the client reports, which are already private (every summand carries its client's noise, so
 * the state may be published, Remark 1), the number of reports and the snapshot {@code decide} reads.
 * The PSD shift is not stored: it is added at use time (post-processing; local-JDP shift 2σ_XΛ in
 * docs/papers.md).
 *
 * @param noisyGram           Σ̃_t = Σ_τ (Φ_τΦ_τᵀ + N_τ), M × M
 * @param noisyRewardFeatures ũ_t = Σ_τ (y_τΦ_τ + n_τ), length M
 * @param reports             t − 1: reports summed so far
 * @param snapshot            θ̃, Cholesky factor of V and the radius for the next decisions
 * @param psdRepairs          how many snapshots needed the PSD repair
 */
public record LocalGpUcbState(SymmetricMatrix noisyGram, double[] noisyRewardFeatures, long reports,
        GpUcbSnapshot snapshot, long psdRepairs) {

    public LocalGpUcbState {
        if (noisyGram == null || noisyRewardFeatures == null || snapshot == null) {
            throw new IllegalArgumentException("sums and snapshot must not be null");
        }
        if (noisyRewardFeatures.length != noisyGram.dimension()) {
            throw new IllegalArgumentException("the reward-feature sum must have length M = " + noisyGram.dimension());
        }
        if (reports < 0 || psdRepairs < 0) {
            throw new IllegalArgumentException("counters must be non-negative");
        }
        noisyRewardFeatures = noisyRewardFeatures.clone();
    }

    @Override
    public double[] noisyRewardFeatures() {
        return noisyRewardFeatures.clone();
    }
}

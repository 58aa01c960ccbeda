package io.dpbandit.sim;

import io.dpbandit.kernel.KernelSpec;
import io.dpbandit.policy.capri.CapriConfig;

/**
 * Tuning shared by the simulated policies.
 *
 * @param kernel            kernel on the joint (context, action) vector
 * @param regularization    τ
 * @param delta             privacy δ
 * @param confidenceScale   statistical width scale of engineered CAPRI (paper mode uses 1)
 * @param clippingQuantile  contribution clipping quantile of engineered CAPRI (1 = support max)
 * @param projectionCap     m_max
 * @param approximationSize USCA's n_Z
 * @param checkpoints       points on each regret curve
 * @param composition       how CAPRI's (ε, δ) composes over epochs (SEQUENTIAL: the paper's split)
 * @param gpucb             the GP-UCB policies' choices ({@link GpUcbSettings})
 */
public record SimulationSettings(KernelSpec kernel, double regularization, double delta, double confidenceScale,
        double clippingQuantile, int projectionCap, int approximationSize, int checkpoints,
        CapriConfig.EpochComposition composition, GpUcbSettings gpucb) {

    /** The settings with the GP-UCB defaults. */
    public SimulationSettings(KernelSpec kernel, double regularization, double delta, double confidenceScale,
            double clippingQuantile, int projectionCap, int approximationSize, int checkpoints,
            CapriConfig.EpochComposition composition) {
        this(kernel, regularization, delta, confidenceScale, clippingQuantile, projectionCap, approximationSize,
                checkpoints, composition, GpUcbSettings.defaults());
    }
}

package io.dpbandit.sim;

import io.dpbandit.client.kernel.KernelSpec;
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
 * @param batch             rounds per fold of the linear policies (1: each round is folded before
 *                          the next decision; b: one fold, hence one tree leaf, per b rounds)
 * @param refinements       CAPRI's elimination test, projection and τ rules and reward offset
 * @param rewardBound       B the policies clip to (NaN: the environment's own bound)
 */
public record SimulationSettings(KernelSpec kernel, double regularization, double delta, double confidenceScale,
        double clippingQuantile, int projectionCap, int approximationSize, int checkpoints,
        CapriConfig.EpochComposition composition, GpUcbSettings gpucb, int batch,
        CapriConfig.Refinements refinements, double rewardBound) {

    public SimulationSettings {
        if (batch < 1) {
            throw new IllegalArgumentException("batch must be >= 1, got " + batch);
        }
        if (refinements == null) {
            refinements = CapriConfig.Refinements.paper();
        }
    }

    /** GP-UCB and linear settings with CAPRI's paper refinements and the environment's reward bound. */
    public SimulationSettings(KernelSpec kernel, double regularization, double delta, double confidenceScale,
            double clippingQuantile, int projectionCap, int approximationSize, int checkpoints,
            CapriConfig.EpochComposition composition, GpUcbSettings gpucb, int batch) {
        this(kernel, regularization, delta, confidenceScale, clippingQuantile, projectionCap, approximationSize,
                checkpoints, composition, gpucb, batch, CapriConfig.Refinements.paper(), Double.NaN);
    }

    /** The settings with the GP-UCB defaults, linear policies folding every round on its own. */
    public SimulationSettings(KernelSpec kernel, double regularization, double delta, double confidenceScale,
            double clippingQuantile, int projectionCap, int approximationSize, int checkpoints,
            CapriConfig.EpochComposition composition) {
        this(kernel, regularization, delta, confidenceScale, clippingQuantile, projectionCap, approximationSize,
                checkpoints, composition, GpUcbSettings.defaults(), 1, CapriConfig.Refinements.paper(), Double.NaN);
    }

    /** B for an environment: the override, or the environment's own bound. */
    public double rewardBound(double environmentBound) {
        return Double.isNaN(rewardBound) ? environmentBound : rewardBound;
    }
}

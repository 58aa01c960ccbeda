package io.dpbandit.sim;

import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.policy.MedianLengthScale;
import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.privacy.Accountant;

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
 * @param accountant        how CAPRI's epoch releases compose; null: the service's default for the
 *                          policy's tuning ({@link #accountant(PolicySpec)})
 * @param population        returning users and the privacy unit; null: every round a new user,
 *                          round-level privacy (the simulator before user-level privacy)
 * @param epochLinear       the choices of {@code linucb-epochs} ({@link EpochLinearSettings}); null: its defaults
 */
public record SimulationSettings(KernelSpec kernel, double regularization, double delta, double confidenceScale,
        double clippingQuantile, int projectionCap, int approximationSize, int checkpoints,
        CapriConfig.EpochComposition composition, GpUcbSettings gpucb, int batch,
        CapriConfig.Refinements refinements, double rewardBound, Accountant accountant,
        UserPopulation population, EpochLinearSettings epochLinear, LengthScaleRule lengthScaleRule) {

    /**
     * How CAPRI's and USCA's kernel gets its length scale: FIXED, the {@code kernel} given; MEDIAN, an RBF
     * kernel whose length scale is the median distance between the joint points of the run's public pool
     * × actions ({@link MedianLengthScale}), computed per run from public inputs only.
     */
    public enum LengthScaleRule { FIXED, MEDIAN }

    public SimulationSettings {
        if (lengthScaleRule == null) {
            lengthScaleRule = LengthScaleRule.FIXED;
        }
        if (epochLinear == null) {
            epochLinear = EpochLinearSettings.defaults();
        }
        if (batch < 1) {
            throw new IllegalArgumentException("batch must be >= 1, got " + batch);
        }
        if (refinements == null) {
            refinements = CapriConfig.Refinements.paper();
        }
    }

    /** The settings with a FIXED kernel. */
    public SimulationSettings(KernelSpec kernel, double regularization, double delta, double confidenceScale,
            double clippingQuantile, int projectionCap, int approximationSize, int checkpoints,
            CapriConfig.EpochComposition composition, GpUcbSettings gpucb, int batch,
            CapriConfig.Refinements refinements, double rewardBound, Accountant accountant,
            UserPopulation population, EpochLinearSettings epochLinear) {
        this(kernel, regularization, delta, confidenceScale, clippingQuantile, projectionCap, approximationSize,
                checkpoints, composition, gpucb, batch, refinements, rewardBound, accountant, population, epochLinear,
                LengthScaleRule.FIXED);
    }

    /** The same settings with another rule for the kernel's length scale. */
    public SimulationSettings withLengthScaleRule(LengthScaleRule rule) {
        return new SimulationSettings(kernel, regularization, delta, confidenceScale, clippingQuantile, projectionCap,
                approximationSize, checkpoints, composition, gpucb, batch, refinements, rewardBound, accountant,
                population, epochLinear, rule);
    }

    /** The kernel of CAPRI and USCA in a world whose public pool is {@code pool}. */
    public KernelSpec kernel(java.util.List<double[]> pool, java.util.List<double[]> actionFeatures) {
        return lengthScaleRule == LengthScaleRule.MEDIAN
                ? KernelSpec.rbf(MedianLengthScale.of(pool, actionFeatures)) : kernel;
    }

    /** The settings with {@code linucb-epochs}' defaults. */
    public SimulationSettings(KernelSpec kernel, double regularization, double delta, double confidenceScale,
            double clippingQuantile, int projectionCap, int approximationSize, int checkpoints,
            CapriConfig.EpochComposition composition, GpUcbSettings gpucb, int batch,
            CapriConfig.Refinements refinements, double rewardBound, Accountant accountant,
            UserPopulation population) {
        this(kernel, regularization, delta, confidenceScale, clippingQuantile, projectionCap, approximationSize,
                checkpoints, composition, gpucb, batch, refinements, rewardBound, accountant, population, null);
    }

    /** The same settings with other {@code linucb-epochs} choices. */
    public SimulationSettings withEpochLinear(EpochLinearSettings e) {
        return new SimulationSettings(kernel, regularization, delta, confidenceScale, clippingQuantile, projectionCap,
                approximationSize, checkpoints, composition, gpucb, batch, refinements, rewardBound, accountant,
                population, e, lengthScaleRule);
    }

    /**
     * Round-level settings under the BASIC accountant: what these settings meant before the
     * accountant and the user population were options, so seeded runs built this way replay as before.
     */
    public SimulationSettings(KernelSpec kernel, double regularization, double delta, double confidenceScale,
            double clippingQuantile, int projectionCap, int approximationSize, int checkpoints,
            CapriConfig.EpochComposition composition, GpUcbSettings gpucb, int batch,
            CapriConfig.Refinements refinements, double rewardBound) {
        this(kernel, regularization, delta, confidenceScale, clippingQuantile, projectionCap, approximationSize,
                checkpoints, composition, gpucb, batch, refinements, rewardBound, Accountant.BASIC, null);
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

    /** The same settings with another accountant (null: the service's default per policy). */
    public SimulationSettings withAccountant(Accountant a) {
        return new SimulationSettings(kernel, regularization, delta, confidenceScale, clippingQuantile, projectionCap,
                approximationSize, checkpoints, composition, gpucb, batch, refinements, rewardBound, a, population,
                epochLinear, lengthScaleRule);
    }

    /** The same settings with returning users (null: none). */
    public SimulationSettings withPopulation(UserPopulation p) {
        return new SimulationSettings(kernel, regularization, delta, confidenceScale, clippingQuantile, projectionCap,
                approximationSize, checkpoints, composition, gpucb, batch, refinements, rewardBound, accountant, p,
                epochLinear, lengthScaleRule);
    }

    /**
     * CAPRI's accountant for {@code policy}: the one given, else the service's default
     * ({@code SpecValidation}): BASIC for the paper's algorithm (tuning PAPER keeps the papers' own
     * accounting), ZCDP for the engineered CAPRI policies, whose releases are all Gaussian.
     */
    public Accountant accountant(PolicySpec policy) {
        if (accountant != null) {
            return accountant;
        }
        return policy == PolicySpec.CAPRI_PAPER ? Accountant.BASIC : Accountant.EXACT;
    }

    /** k, the rounds one protected unit contributes at most (1 without a population or for ROUND). */
    public int groupSize() {
        return population == null ? 1 : population.groupSize();
    }

    /** B for an environment: the override, or the environment's own bound. */
    public double rewardBound(double environmentBound) {
        return Double.isNaN(rewardBound) ? environmentBound : rewardBound;
    }
}

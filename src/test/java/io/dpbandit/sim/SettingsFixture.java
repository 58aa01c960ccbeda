package io.dpbandit.sim;

import io.dpbandit.simulate.SimulatedPolicies;
import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.privacy.Accountant;
import io.dpbandit.sim.capri.CapriSettings;
import io.dpbandit.sim.gpucb.GpUcbSettings;
import io.dpbandit.sim.usca.UscaSettings;
import java.util.Map;

/**
 * The simulator's settings as the tests have always written them, one argument per value, common and
 * per-algorithm alike: the common ones go to {@link SimulationSettings}, CAPRI's, USCA's and GP-UCB's to
 * their sections. The shorter forms keep the meanings they always had (round-level, the BASIC accountant,
 * CAPRI's paper refinements and the environment's reward bound), so seeded runs replay as before.
 */
public final class SettingsFixture {

    private SettingsFixture() {
    }

    public static SimulationSettings settings(KernelSpec kernel, double regularization, double delta,
            double confidenceScale, double clippingQuantile, int projectionCap, int approximationSize, int checkpoints,
            CapriConfig.EpochComposition composition, GpUcbSettings gpucb, int batch, CapriConfig.Refinements refinements,
            double rewardBound, Accountant accountant, UserPopulation population, EpochLinearSettings epochLinear) {
        return new SimulationSettings(kernel, regularization, delta, checkpoints, batch, rewardBound, population,
                epochLinear, null, Map.of())
                .with(new CapriSettings(confidenceScale, clippingQuantile, projectionCap, composition, refinements,
                        accountant))
                .with(new UscaSettings(approximationSize))
                .with(gpucb);
    }

    /** The settings with {@code linucb-epochs}' defaults. */
    public static SimulationSettings settings(KernelSpec kernel, double regularization, double delta,
            double confidenceScale, double clippingQuantile, int projectionCap, int approximationSize, int checkpoints,
            CapriConfig.EpochComposition composition, GpUcbSettings gpucb, int batch, CapriConfig.Refinements refinements,
            double rewardBound, Accountant accountant, UserPopulation population) {
        return settings(kernel, regularization, delta, confidenceScale, clippingQuantile, projectionCap,
                approximationSize, checkpoints, composition, gpucb, batch, refinements, rewardBound, accountant,
                population, null);
    }

    /** Round-level settings under the BASIC accountant. */
    public static SimulationSettings settings(KernelSpec kernel, double regularization, double delta,
            double confidenceScale, double clippingQuantile, int projectionCap, int approximationSize, int checkpoints,
            CapriConfig.EpochComposition composition, GpUcbSettings gpucb, int batch, CapriConfig.Refinements refinements,
            double rewardBound) {
        return settings(kernel, regularization, delta, confidenceScale, clippingQuantile, projectionCap,
                approximationSize, checkpoints, composition, gpucb, batch, refinements, rewardBound, Accountant.BASIC,
                null, null);
    }

    /** The same with CAPRI's paper refinements and the environment's reward bound. */
    public static SimulationSettings settings(KernelSpec kernel, double regularization, double delta,
            double confidenceScale, double clippingQuantile, int projectionCap, int approximationSize, int checkpoints,
            CapriConfig.EpochComposition composition, GpUcbSettings gpucb, int batch) {
        return settings(kernel, regularization, delta, confidenceScale, clippingQuantile, projectionCap,
                approximationSize, checkpoints, composition, gpucb, batch, CapriConfig.Refinements.paper(), Double.NaN);
    }

    /** The same with the GP-UCB defaults, linear policies folding every round on its own. */
    public static SimulationSettings settings(KernelSpec kernel, double regularization, double delta,
            double confidenceScale, double clippingQuantile, int projectionCap, int approximationSize, int checkpoints,
            CapriConfig.EpochComposition composition) {
        return settings(kernel, regularization, delta, confidenceScale, clippingQuantile, projectionCap,
                approximationSize, checkpoints, composition, GpUcbSettings.defaults(), 1);
    }

    /** {@code s} with another CAPRI accountant (null: the service's default per policy). */
    public static SimulationSettings withAccountant(SimulationSettings s, Accountant a) {
        return s.with(CapriSettings.of(s).withAccountant(a));
    }

    /** The policy of a label, as {@code simulate --policies} finds it. */
    public static SimulatedPolicy policy(String label) {
        return io.dpbandit.simulate.SimulatedPolicies.parse(label);
    }
}

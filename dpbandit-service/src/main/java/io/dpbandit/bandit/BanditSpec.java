package io.dpbandit.bandit;

import io.dpbandit.kernel.KernelSpec;
import java.util.List;

/**
 * A bandit as the operator declares it (DESIGN.md, HTTP contract). Optional fields are null in a
 * request; {@link BanditSpecValidator#normalise} fills in the documented defaults.
 *
 * @param id               bandit id, [A-Za-z0-9][A-Za-z0-9._-]{0,63}
 * @param algorithm        CAPRI or USCA
 * @param privacy          privacy model and budget
 * @param horizon          T
 * @param rewardBound      B: rewards are clipped to [-B, B]
 * @param kernel           kernel on the joint (context, action) vector
 * @param regularization   τ (default 1.0)
 * @param contextDimension dimension of every context
 * @param actions          the action catalogue
 * @param contextPool      the public context pool κ (never user data)
 * @param feedback         reward wait and default reward
 * @param tuning           engineering options
 */
public record BanditSpec(String id, Algorithm algorithm, Privacy privacy, Integer horizon, Double rewardBound,
        KernelSpec kernel, Double regularization, Integer contextDimension, List<Action> actions,
        List<double[]> contextPool, Feedback feedback, Tuning tuning) {

    public enum Algorithm { CAPRI, USCA }

    /**
     * @param model        JDP (LDP needs a client-side randomiser and is refused for now)
     * @param epsilon      CAPRI: the run's total ε; USCA: ε charged per released context
     * @param delta        CAPRI's δ (USCA is pure ε-DP and ignores it)
     * @param totalEpsilon USCA only: the ε budget all releases together may spend (default ε: one release)
     */
    public record Privacy(String model, Double epsilon, Double delta, Double totalEpsilon) {
    }

    public record Action(String id, double[] features) {
    }

    /**
     * @param waitSeconds   how long a decision waits for its reward (default 600)
     * @param defaultReward the reward a decision counts with when none arrives in time (default 0)
     */
    public record Feedback(Integer waitSeconds, Double defaultReward) {
    }

    /**
     * @param mode              PAPER (the paper's algorithm) or ENGINEERED (default; see README)
     * @param confidenceScale   scale of CAPRI's statistical width (default 3e-4; PAPER uses 1)
     * @param projectionCap     cap on CAPRI's projection set S (default 1000)
     * @param approximationSize USCA's approximating set size n_Z (default 1000)
     * @param clippingQuantile  CAPRI's contribution clipping quantile (default 1: support maximum)
     */
    public record Tuning(String mode, Double confidenceScale, Integer projectionCap, Integer approximationSize,
            Double clippingQuantile) {
    }
}

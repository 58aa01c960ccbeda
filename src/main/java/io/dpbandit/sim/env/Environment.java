package io.dpbandit.sim.env;

import io.dpbandit.policy.ContextGenerator;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A simulated world: where users' contexts come from, the action catalogue, and the reward
 * distribution. Users' contexts are drawn from the same distribution as the public generator
 * κ but independently of it, as the papers assume (i.i.d. in-distribution contexts).
 */
public interface Environment {

    String name();

    /** The public generator κ (what the operator uploads as the context pool). */
    ContextGenerator publicContexts();

    /** Draws the next user's context (private data in the simulation). */
    double[] nextUserContext(RandomGenerator rng);

    /** Feature vectors of the actions, index = action id. */
    List<double[]> actionFeatures();

    /** Expected reward f(c, x_a). */
    double meanReward(double[] context, int action);

    /** A noisy reward with mean {@link #meanReward}. */
    double sampleReward(double[] context, int action, RandomGenerator rng);

    /** Reward bound B: every sampled reward lies in [-B, B]. */
    double rewardBound();

    /** max_a f(c, x_a): the benchmark for regret. */
    default double bestMeanReward(double[] context) {
        double best = Double.NEGATIVE_INFINITY;
        for (int a = 0; a < actionFeatures().size(); a++) {
            best = Math.max(best, meanReward(context, a));
        }
        return best;
    }

    /** Index of an action attaining {@link #bestMeanReward} (the lowest on ties). */
    default int bestAction(double[] context) {
        int best = 0;
        for (int a = 1; a < actionFeatures().size(); a++) {
            if (meanReward(context, a) > meanReward(context, best)) {
                best = a;
            }
        }
        return best;
    }
}

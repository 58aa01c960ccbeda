package io.dpbandit.sim.env;

import io.dpbandit.policy.ContextGenerator;
import io.dpbandit.policy.JointFeatureMap;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The OnlineUCB paper's linear setting exactly as its App. G runs it: the same θ*, arm distribution and
 * Bernoulli rewards as {@link LinearBernoulliEnvironment}, but the K arms of the decision set D_t are drawn
 * afresh every round. Served like Shariff &amp; Sheffet 2018's fresh decision sets
 * ({@link LinearGapEnvironment}): a user's context is the round's K arms flattened (context dimension K·d),
 * action i is slot i with one-hot features e_i ∈ R^K, and {@link JointFeatureMap#contextBlocks()} gives back
 * the i-th arm.
 *
 * <p>Fresh arms keep E[x xᵀ] over the played arms well conditioned whatever the policy plays (OnlineUCB
 * paper, App. G, Table 1: the favourable case λ_min = O(1)), which a fixed catalogue does not once a
 * policy settles on a few arms.
 */
public final class FreshArmsBernoulliEnvironment implements LinearEnvironment {

    private final int armCount;
    private final int dimension;
    private final double[] theta;
    private final List<double[]> slots;
    private final ContextGenerator generator;

    /**
     * @param armCount  K ≥ 2 arms per round
     * @param dimension d ≥ 2
     * @param rng       draws θ* (the seed fixes the world)
     */
    public FreshArmsBernoulliEnvironment(int armCount, int dimension, RandomGenerator rng) {
        if (armCount < 2 || dimension < 2) {
            throw new IllegalArgumentException("need at least 2 arms and dimension >= 2");
        }
        this.armCount = armCount;
        this.dimension = dimension;
        this.theta = LinearBernoulliEnvironment.sphereWithHalfEntry(dimension, rng);
        List<double[]> oneHot = new ArrayList<>(armCount);
        for (int i = 0; i < armCount; i++) {
            double[] e = new double[armCount];
            e[i] = 1.0;
            oneHot.add(e);
        }
        this.slots = List.copyOf(oneHot);
        this.generator = new ContextGenerator() {
            @Override
            public int dimension() {
                return armCount * dimension;
            }

            @Override
            public double[] draw(RandomGenerator r) {
                return decisionSet(r);
            }
        };
    }

    @Override
    public String name() {
        return "linear-fresh";
    }

    /** φ(c, e_i) = the i-th arm of the round's decision set. */
    @Override
    public JointFeatureMap featureMap() {
        return JointFeatureMap.contextBlocks();
    }

    @Override
    public ContextGenerator publicContexts() {
        return generator;
    }

    /** A fresh decision set of K arms, flattened. */
    @Override
    public double[] nextUserContext(RandomGenerator rng) {
        return decisionSet(rng);
    }

    /** One-hot slot indicators e_0 .. e_{K−1}. */
    @Override
    public List<double[]> actionFeatures() {
        return slots.stream().map(double[]::clone).toList();
    }

    /** ⟨θ*, x_i⟩ = ½ + ⟨u, v⟩ ∈ [0, 1] (clamped against rounding), x_i the i-th arm of the context. */
    @Override
    public double meanReward(double[] context, int action) {
        if (context == null || context.length != armCount * dimension) {
            throw new IllegalArgumentException("context must be a flattened decision set of length "
                    + armCount * dimension);
        }
        if (action < 0 || action >= armCount) {
            throw new IllegalArgumentException("action must be in [0, " + armCount + ")");
        }
        double dot = 0;
        for (int j = 0; j < dimension; j++) {
            dot += theta[j] * context[action * dimension + j];
        }
        return Math.max(0.0, Math.min(1.0, dot));
    }

    /**
     * The best of the round's K arms. Overrides the default, which would copy the K one-hot action
     * vectors for every arm it scores (O(K³) per round instead of O(Kd)).
     */
    @Override
    public double bestMeanReward(double[] context) {
        double best = Double.NEGATIVE_INFINITY;
        for (int a = 0; a < armCount; a++) {
            best = Math.max(best, meanReward(context, a));
        }
        return best;
    }

    @Override
    public double sampleReward(double[] context, int action, RandomGenerator rng) {
        return rng.nextDouble() < meanReward(context, action) ? 1.0 : 0.0;
    }

    @Override
    public double rewardBound() {
        return 1.0;
    }

    private double[] decisionSet(RandomGenerator rng) {
        double[] context = new double[armCount * dimension];
        for (int i = 0; i < armCount; i++) {
            System.arraycopy(LinearBernoulliEnvironment.sphereWithHalfEntry(dimension, rng), 0, context,
                    i * dimension, dimension);
        }
        return context;
    }
}

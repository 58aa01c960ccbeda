package io.dpbandit.sim.env;

import io.dpbandit.policy.ContextGenerator;
import io.dpbandit.policy.JointFeatureMap;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The synthetic linear setting of Shariff &amp; Sheffet 2018's experiments (App. D; docs/papers.md): θ*
 * uniform on the unit sphere of R^d (S = 1), and every round a fresh decision set of K unit vectors
 * (L = 1): one optimal action with ⟨x, θ*⟩ = 0.75 and K − 1 suboptimal ones uniform on the band
 * {‖x‖ = 1, ⟨x, θ*⟩ ∈ [−0.75, 0.75 − Δ]}, so the gap is Δ (0.1 in the paper; Δ = 0 gives the
 * "no-gap" runs with the band [−0.75, 0.75]). Rewards are ±1 with P(+1) = (1 + ⟨x, θ*⟩)/2, so
 * E[y] = ⟨x, θ*⟩, B̃ = 1 and the noise is 1-subgaussian.
 *
 * <p>Fitting the catalogue interface: a user's context is the round's decision set, flattened
 * (K blocks of d coordinates, context dimension K·d), and action i is the slot i, with one-hot
 * features e_i ∈ R^K. {@code JointFeatureMap.contextBlocks()} maps (context, e_i) back to the i-th
 * vector of the decision set. The optimal action sits in a uniformly random slot every round.
 *
 * <p>Sampling ([reconstructed] and [open], docs/papers.md): a point with ⟨x, θ*⟩ = s is
 * x = s·θ* + √(1 − s²)·w with w uniform on the unit sphere of θ*⊥. For x uniform on the band, s has
 * density ∝ (1 − s²)^{(d−3)/2} on the band (the sphere's marginal), drawn here by rejection from the
 * uniform; hence d ≥ 3. The paper says only "uniformly at random from the set".
 *
 * <p>The public generator κ draws decision sets from the same distribution (the policies in this
 * setting do not use κ; Shariff &amp; Sheffet 2018's decision sets may even be adversarial).
 */
public final class LinearGapEnvironment implements LinearEnvironment {

    /** The optimal action's mean reward, ⟨x*, θ*⟩ (Shariff &amp; Sheffet 2018, App. D). */
    public static final double OPTIMAL_MEAN = 0.75;

    private final int dimension;
    private final int actionCount;
    private final double gap;
    private final double[] theta;
    private final List<double[]> slots;
    private final ContextGenerator generator;

    /**
     * @param dimension   d ≥ 3
     * @param actionCount K ≥ 2
     * @param gap         Δ in [0, 1.5): suboptimal means lie in [−0.75, 0.75 − Δ]
     * @param rng         draws θ* (the seed fixes the world)
     */
    public LinearGapEnvironment(int dimension, int actionCount, double gap, RandomGenerator rng) {
        if (dimension < 3 || actionCount < 2 || !(gap >= 0 && gap < 2 * OPTIMAL_MEAN)) {
            throw new IllegalArgumentException("need dimension >= 3, actionCount >= 2 and gap in [0, 1.5)");
        }
        this.dimension = dimension;
        this.actionCount = actionCount;
        this.gap = gap;
        this.theta = unitGaussian(dimension, rng);
        List<double[]> oneHot = new ArrayList<>(actionCount);
        for (int i = 0; i < actionCount; i++) {
            double[] e = new double[actionCount];
            e[i] = 1.0;
            oneHot.add(e);
        }
        this.slots = List.copyOf(oneHot);
        this.generator = new ContextGenerator() {
            @Override
            public int dimension() {
                return dimension * actionCount;
            }

            @Override
            public double[] draw(RandomGenerator r) {
                return decisionSet(r);
            }
        };
    }

    /** Shariff &amp; Sheffet 2018's setting: d = 5, K = d² = 25, Δ = 0.1. */
    public static LinearGapEnvironment paper001(RandomGenerator rng) {
        return new LinearGapEnvironment(5, 25, 0.1, rng);
    }

    public int dimension() {
        return dimension;
    }

    public double gap() {
        return gap;
    }

    /** θ* (a copy). */
    public double[] theta() {
        return theta.clone();
    }

    /** The decision set in a context: K vectors of dimension d (copies). */
    public double[][] decisionSet(double[] context) {
        checkContext(context);
        double[][] set = new double[actionCount][];
        for (int i = 0; i < actionCount; i++) {
            set[i] = new double[dimension];
            System.arraycopy(context, i * dimension, set[i], 0, dimension);
        }
        return set;
    }

    @Override
    public String name() {
        return gap > 0 ? "linear-gap" : "linear-nogap";
    }

    /** φ(c, e_i) = the i-th vector of the round's decision set. */
    @Override
    public JointFeatureMap featureMap() {
        return JointFeatureMap.contextBlocks();
    }

    @Override
    public ContextGenerator publicContexts() {
        return generator;
    }

    /** A fresh decision set, flattened: every round's users see new actions. */
    @Override
    public double[] nextUserContext(RandomGenerator rng) {
        return decisionSet(rng);
    }

    /** One-hot slot indicators e_0 .. e_{K−1}. */
    @Override
    public List<double[]> actionFeatures() {
        return slots.stream().map(double[]::clone).toList();
    }

    @Override
    public double meanReward(double[] context, int action) {
        checkContext(context);
        if (action < 0 || action >= actionCount) {
            throw new IllegalArgumentException("action must be in [0, " + actionCount + ")");
        }
        double dot = 0;
        for (int j = 0; j < dimension; j++) {
            dot += theta[j] * context[action * dimension + j];
        }
        return dot;
    }

    /**
     * The best of the round's K vectors. Overrides the default, which would copy the K one-hot action
     * vectors for every action it scores (O(K³) per round instead of O(Kd)).
     */
    @Override
    public double bestMeanReward(double[] context) {
        double best = Double.NEGATIVE_INFINITY;
        for (int a = 0; a < actionCount; a++) {
            best = Math.max(best, meanReward(context, a));
        }
        return best;
    }

    /** ±1 with P(+1) = (1 + mean)/2. */
    @Override
    public double sampleReward(double[] context, int action, RandomGenerator rng) {
        double mean = Math.max(-1.0, Math.min(1.0, meanReward(context, action)));
        return rng.nextDouble() < 0.5 * (1.0 + mean) ? 1.0 : -1.0;
    }

    @Override
    public double rewardBound() {
        return 1.0;
    }

    private double[] decisionSet(RandomGenerator rng) {
        double[] context = new double[actionCount * dimension];
        int best = rng.nextInt(actionCount);
        for (int i = 0; i < actionCount; i++) {
            double s = i == best ? OPTIMAL_MEAN : bandLevel(rng);
            double[] x = onLevel(s, rng);
            System.arraycopy(x, 0, context, i * dimension, dimension);
        }
        return context;
    }

    /** s with density ∝ (1 − s²)^{(d−3)/2} on [−0.75, 0.75 − Δ], by rejection from the uniform. */
    private double bandLevel(RandomGenerator rng) {
        double lo = -OPTIMAL_MEAN;
        double hi = OPTIMAL_MEAN - gap;
        double exponent = 0.5 * (dimension - 3);
        while (true) {
            double s = lo + (hi - lo) * rng.nextDouble();
            if (rng.nextDouble() <= StrictMath.pow(1.0 - s * s, exponent)) {
                return s;
            }
        }
    }

    /** s·θ* + √(1 − s²)·w with w uniform on the unit sphere of θ*⊥. */
    private double[] onLevel(double s, RandomGenerator rng) {
        double[] w;
        double norm;
        do {
            w = new double[dimension];
            double along = 0;
            for (int j = 0; j < dimension; j++) {
                w[j] = rng.nextGaussian();
                along += w[j] * theta[j];
            }
            norm = 0;
            for (int j = 0; j < dimension; j++) {
                w[j] -= along * theta[j];
                norm += w[j] * w[j];
            }
            norm = Math.sqrt(norm);
        } while (!(norm > 1e-12));
        double r = Math.sqrt(1.0 - s * s);
        double[] x = new double[dimension];
        for (int j = 0; j < dimension; j++) {
            x[j] = s * theta[j] + r * w[j] / norm;
        }
        return x;
    }

    private static double[] unitGaussian(int d, RandomGenerator rng) {
        double[] v = new double[d];
        double norm;
        do {
            norm = 0;
            for (int j = 0; j < d; j++) {
                v[j] = rng.nextGaussian();
                norm += v[j] * v[j];
            }
            norm = Math.sqrt(norm);
        } while (!(norm > 1e-12));
        for (int j = 0; j < d; j++) {
            v[j] /= norm;
        }
        return v;
    }

    private void checkContext(double[] context) {
        if (context == null || context.length != actionCount * dimension) {
            throw new IllegalArgumentException("context must be a flattened decision set of length "
                    + actionCount * dimension);
        }
    }
}

package io.dpbandit.sim.env;

import io.dpbandit.policy.ContextGenerator;
import io.dpbandit.policy.JointFeatureMap;
import io.dpbandit.policy.PublicPoolGenerator;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The linear setting of the OnlineUCB paper's experiments (§5, after Chowdhury &amp; Zhou 2022): 100 arms in
 * d = 5, θ* and every arm a (d−1)-vector of norm 1/√2 drawn uniformly on that sphere with a
 * 1/√2 entry appended, Bernoulli rewards with mean ⟨θ*, x⟩ = ½ + ½⟨u, v⟩ ∈ [0, 1].
 *
 * <p>004 draws a fresh decision set every round; a catalogue service has fixed actions, so here
 * the arms are drawn once per seed and the bandit is context-free (context dimension 0, a pool
 * holding the single empty context). The reward means and their spread are the paper's. The arms'
 * vectors are the policies' feature vectors ({@link JointFeatureMap#action()}).
 */
public final class LinearBernoulliEnvironment implements LinearEnvironment {

    private static final double HALF_SQRT = Math.sqrt(0.5);

    private final double[] theta;
    private final List<double[]> arms;
    private final PublicPoolGenerator generator = new PublicPoolGenerator(List.of(new double[0]));

    public LinearBernoulliEnvironment(int armCount, int dimension, RandomGenerator rng) {
        if (armCount < 2 || dimension < 2) {
            throw new IllegalArgumentException("need at least 2 arms and dimension >= 2");
        }
        this.theta = sphereWithHalfEntry(dimension, rng);
        this.arms = new ArrayList<>(armCount);
        for (int i = 0; i < armCount; i++) {
            arms.add(sphereWithHalfEntry(dimension, rng));
        }
    }

    /** A (d−1)-vector uniform on the sphere of radius 1/√2, with 1/√2 appended (norm 1). */
    static double[] sphereWithHalfEntry(int d, RandomGenerator rng) {
        double[] v = new double[d];
        double norm = 0;
        do {
            norm = 0;
            for (int i = 0; i < d - 1; i++) {
                v[i] = rng.nextGaussian();
                norm += v[i] * v[i];
            }
        } while (norm == 0);
        double s = HALF_SQRT / Math.sqrt(norm);
        for (int i = 0; i < d - 1; i++) {
            v[i] *= s;
        }
        v[d - 1] = HALF_SQRT;
        return v;
    }

    @Override
    public String name() {
        return "linear";
    }

    @Override
    public JointFeatureMap featureMap() {
        return JointFeatureMap.action();
    }

    @Override
    public ContextGenerator publicContexts() {
        return generator;
    }

    @Override
    public double[] nextUserContext(RandomGenerator rng) {
        return new double[0];
    }

    @Override
    public List<double[]> actionFeatures() {
        return arms.stream().map(double[]::clone).toList();
    }

    @Override
    public double meanReward(double[] context, int action) {
        double[] x = arms.get(action);
        double dot = 0;
        for (int i = 0; i < x.length; i++) {
            dot += theta[i] * x[i];
        }
        return Math.max(0.0, Math.min(1.0, dot));
    }

    @Override
    public double sampleReward(double[] context, int action, RandomGenerator rng) {
        return rng.nextDouble() < meanReward(context, action) ? 1.0 : 0.0;
    }

    @Override
    public double rewardBound() {
        return 1.0;
    }
}

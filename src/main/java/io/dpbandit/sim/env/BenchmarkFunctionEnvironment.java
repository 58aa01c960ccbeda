package io.dpbandit.sim.env;

import io.dpbandit.policy.ContextGenerator;
import io.dpbandit.policy.PublicPoolGenerator;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Paper 003's Table 1 setup (camelback, Styblinski–Tang, Michalewicz as reward means, Bernoulli
 * rewards) recast for a catalogue bandit: the function's first input is the context, the second
 * the action feature. A context c then presents the random decision set {(c, x_a)}, one per round,
 * as 003's D_t. The mean reward is the function flipped and rescaled to [0,1] over its domain
 * (measured on a 201 × 201 grid), so that maximising reward minimises the function.
 *
 * <p>Not reproduced: 003's rejection sampling of D_t for a gap of at least 0.2.
 */
public final class BenchmarkFunctionEnvironment implements Environment {

    private static final int GRID = 201;

    private final BenchmarkFunction function;
    private final List<double[]> pool;
    private final List<double[]> actions;
    private final double fMin;
    private final double fMax;
    private final PublicPoolGenerator generator;

    public BenchmarkFunctionEnvironment(BenchmarkFunction function, int poolSize, int actionCount, RandomGenerator rng) {
        if (poolSize < 1 || actionCount < 2) {
            throw new IllegalArgumentException("need poolSize >= 1 and actionCount >= 2");
        }
        this.function = function;
        this.pool = new ArrayList<>();
        for (int i = 0; i < poolSize; i++) {
            pool.add(new double[] {rng.nextDouble()});
        }
        this.actions = new ArrayList<>();
        for (int i = 0; i < actionCount; i++) {
            actions.add(new double[] {rng.nextDouble()});
        }
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < GRID; i++) {
            for (int j = 0; j < GRID; j++) {
                double v = function.atUnitSquare(i / (GRID - 1.0), j / (GRID - 1.0));
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        this.fMin = lo;
        this.fMax = hi;
        this.generator = new PublicPoolGenerator(pool);
    }

    @Override
    public String name() {
        return function.name().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public ContextGenerator publicContexts() {
        return generator;
    }

    @Override
    public double[] nextUserContext(RandomGenerator rng) {
        return pool.get(rng.nextInt(pool.size())).clone();
    }

    @Override
    public List<double[]> actionFeatures() {
        return actions.stream().map(double[]::clone).toList();
    }

    @Override
    public double meanReward(double[] context, int action) {
        double f = function.atUnitSquare(context[0], actions.get(action)[0]);
        return Math.max(0.0, Math.min(1.0, (fMax - f) / (fMax - fMin)));
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

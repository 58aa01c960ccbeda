package io.dpbandit.sim.env;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Dubey 2021's Table 1 setup (camelback, Styblinski–Tang, Michalewicz as reward means, Bernoulli
 * rewards) recast for a catalogue bandit: the function's first input is the context, the second
 * the action feature. A context c then presents the random decision set {(c, x_a)}, one per round,
 * as 003's D_t. The mean reward is the function flipped and rescaled to [0,1] over its domain
 * (measured on a 201 × 201 grid), so that maximising reward minimises the function.
 *
 * <p>Not reproduced: 003's rejection sampling of D_t for a gap of at least 0.2.
 */
public final class BenchmarkFunctionEnvironment extends PooledEnvironment {

    private static final int GRID = 201;

    private final BenchmarkFunction function;
    private final double fMin;
    private final double fMax;

    public BenchmarkFunctionEnvironment(BenchmarkFunction function, int poolSize, int actionCount, RandomGenerator rng) {
        super(unitPoints(poolSize, 1, rng), unitPoints(actionCount, 2, rng));
        this.function = function;
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
    }

    /** n points uniform on [0,1]; n must be at least {@code min}. */
    private static List<double[]> unitPoints(int n, int min, RandomGenerator rng) {
        if (n < min) {
            throw new IllegalArgumentException("need at least " + min + " contexts and 2 actions");
        }
        List<double[]> points = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            points.add(new double[] {rng.nextDouble()});
        }
        return points;
    }

    @Override
    public String name() {
        return function.name().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public double meanReward(double[] context, int action) {
        double f = function.atUnitSquare(context[0], action(action)[0]);
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

package io.dpbandit.sim;

import io.dpbandit.policy.ContextGenerator;
import io.dpbandit.policy.PublicPoolGenerator;
import io.dpbandit.sim.env.Environment;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * An easy world with a clear gap: every context has one best action with mean {@code high}, all
 * others have mean {@code low}; Gaussian reward noise, clipped to [0, 1].
 */
public final class GapEnvironment implements Environment {

    private final List<double[]> pool = new ArrayList<>();
    private final List<double[]> actions = new ArrayList<>();
    private final int[] best;
    private final double high;
    private final double low;
    private final double noise;
    private final PublicPoolGenerator generator;

    public GapEnvironment(int contexts, int actionCount, double high, double low, double noise, RandomGenerator rng) {
        for (int i = 0; i < contexts; i++) {
            pool.add(new double[] {rng.nextDouble(), rng.nextDouble()});
        }
        for (int i = 0; i < actionCount; i++) {
            actions.add(new double[] {rng.nextDouble(), rng.nextDouble()});
        }
        best = new int[contexts];
        for (int i = 0; i < contexts; i++) {
            best[i] = rng.nextInt(actionCount);
        }
        this.high = high;
        this.low = low;
        this.noise = noise;
        this.generator = new PublicPoolGenerator(pool);
    }

    private int index(double[] context) {
        for (int i = 0; i < pool.size(); i++) {
            if (java.util.Arrays.equals(pool.get(i), context)) {
                return i;
            }
        }
        throw new IllegalArgumentException("not a pool context");
    }

    @Override
    public String name() {
        return "gap";
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
        return actions;
    }

    @Override
    public double meanReward(double[] context, int action) {
        return best[index(context)] == action ? high : low;
    }

    @Override
    public double sampleReward(double[] context, int action, RandomGenerator rng) {
        return Math.max(0, Math.min(1, meanReward(context, action) + noise * rng.nextGaussian()));
    }

    @Override
    public double rewardBound() {
        return 1;
    }
}

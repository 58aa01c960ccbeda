package io.dpbandit.sim;

import io.dpbandit.sim.env.PooledEnvironment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * An easy world with a clear gap: every context has one best action with mean {@code high}, all
 * others have mean {@code low}; Gaussian reward noise, clipped to [0, 1].
 */
public final class GapEnvironment extends PooledEnvironment {

    private final int[] best;
    private final double high;
    private final double low;
    private final double noise;

    public GapEnvironment(int contexts, int actions, double high, double low, double noise, RandomGenerator rng) {
        super(points(contexts, rng), points(actions, rng));
        best = new int[contexts];
        for (int i = 0; i < contexts; i++) {
            best[i] = rng.nextInt(actions);
        }
        this.high = high;
        this.low = low;
        this.noise = noise;
    }

    private static List<double[]> points(int n, RandomGenerator rng) {
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new double[] {rng.nextDouble(), rng.nextDouble()});
        }
        return out;
    }

    @Override
    public String name() {
        return "gap";
    }

    @Override
    public double meanReward(double[] context, int action) {
        for (int i = 0; i < pool().size(); i++) {
            if (Arrays.equals(pool().get(i), context)) {
                return best[i] == action ? high : low;
            }
        }
        throw new IllegalArgumentException("not a pool context");
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

package io.dpbandit.sim.env;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The kernel environment of the CAPRI/USCA calibration: a public pool of contexts in [0,1]^2, an
 * action catalogue with features in [0,1]^2, and a mean reward that is a sum of random RBF bumps
 * on the joint 4-d space, rescaled to [0,1] over the pool × catalogue; rewards get Gaussian noise
 * and are clipped to [0,1] (so B = 1 holds with margin). Users draw contexts from the pool.
 */
public final class KernelBumpEnvironment extends PooledEnvironment {

    private final double[][] bumpCentres;
    private final double[] bumpWeights;
    private final double lengthScale;
    private final double noiseSd;
    private final double shift;
    private final double scale;

    /**
     * @param poolSize    number of public contexts
     * @param actionCount catalogue size
     * @param bumps       number of RBF bumps in the mean function
     * @param lengthScale length scale of the bumps (the policies' kernel usually matches it)
     * @param noiseSd     standard deviation of the Gaussian reward noise
     * @param rng         draws the instance (pool, catalogue, bumps): the seed fixes the world
     */
    public KernelBumpEnvironment(int poolSize, int actionCount, int bumps, double lengthScale, double noiseSd,
            RandomGenerator rng) {
        super(uniformPoints(check(poolSize, actionCount, bumps, lengthScale, noiseSd), 2, rng),
                uniformPoints(actionCount, 2, rng));
        this.bumpCentres = uniformPoints(bumps, 4, rng).toArray(double[][]::new);
        this.bumpWeights = new double[bumps];
        for (int i = 0; i < bumps; i++) {
            bumpWeights[i] = 2 * rng.nextDouble() - 1;
        }
        this.lengthScale = lengthScale;
        this.noiseSd = noiseSd;
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double[] c : pool()) {
            for (int a = 0; a < actionCount; a++) {
                double v = rawMean(c, a);
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        this.shift = lo;
        this.scale = hi > lo ? 1.0 / (hi - lo) : 1.0;
    }

    private static int check(int poolSize, int actionCount, int bumps, double lengthScale, double noiseSd) {
        if (poolSize < 1 || actionCount < 2 || bumps < 1 || !(lengthScale > 0) || !(noiseSd >= 0)) {
            throw new IllegalArgumentException(
                    "need poolSize >= 1, actionCount >= 2, bumps >= 1, lengthScale > 0, noiseSd >= 0");
        }
        return poolSize;
    }

    private static List<double[]> uniformPoints(int n, int d, RandomGenerator rng) {
        List<double[]> points = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            double[] p = new double[d];
            for (int j = 0; j < d; j++) {
                p[j] = rng.nextDouble();
            }
            points.add(p);
        }
        return points;
    }

    private double rawMean(double[] context, int action) {
        double[] x = action(action);
        double sum = 0;
        for (int b = 0; b < bumpCentres.length; b++) {
            double[] z = bumpCentres[b];
            double r2 = sq(context[0] - z[0]) + sq(context[1] - z[1]) + sq(x[0] - z[2]) + sq(x[1] - z[3]);
            sum += bumpWeights[b] * Math.exp(-r2 / (2 * lengthScale * lengthScale));
        }
        return sum;
    }

    private static double sq(double v) {
        return v * v;
    }

    @Override
    public String name() {
        return "kernel";
    }

    @Override
    public double meanReward(double[] context, int action) {
        return (rawMean(context, action) - shift) * scale;
    }

    @Override
    public double sampleReward(double[] context, int action, RandomGenerator rng) {
        double y = meanReward(context, action) + noiseSd * rng.nextGaussian();
        return Math.max(0.0, Math.min(1.0, y));
    }

    @Override
    public double rewardBound() {
        return 1.0;
    }
}

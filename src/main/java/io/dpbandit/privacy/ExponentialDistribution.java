package io.dpbandit.privacy;

import io.dpbandit.client.privacy.Checks;
import io.dpbandit.client.privacy.NoiseSource;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * A categorical distribution given by scaled scores z: log p_i = z_i − logsumexp(z), and a sampler
 * for it that keeps a multiplicative (pure-ε) accuracy guarantee.
 *
 * <h2>Sampling</h2>
 * Inverse-CDF on a 53-bit uniform would give every candidate with p_i &lt; 2^-53 probability 0 or
 * 2^-53, i.e. an additive error that turns ε-DP into (ε, 1e-16)-DP. Instead candidates are visited in
 * ascending order of probability, and candidate i (at position k) is taken with the conditional
 * probability r_k = p_i / (p_i + Σ_{later} p) = exp(log p_i − logTail_k), by an exact Bernoulli of the
 * source ({@link NoiseSource#bernoulli}). In ascending order r_k ≤ 1/2, so both r_k and 1 − r_k
 * carry only the relative rounding error of r_k (≤ (2n + 5)·2^-53, from the log-space tail sums), and
 * the probability of each candidate is within relative n·(2n + 5)·2^-53 of p_i (≈ 2e-10 at n = 1000):
 * a realised privacy loss within 5e-10 of ε. Candidates whose r underflows (p_i &lt; e^-745 relative
 * to the tail) are never drawn; their total mass is below n·1e-323.
 */
public final class ExponentialDistribution {

    private final double[] scaledScores;
    private final double logNormaliser;
    private final double[] logProbabilities;
    /** Candidate indices in ascending order of probability (ties by index). */
    private final int[] ascending;
    /** conditional[k] = P(take ascending[k] | none of ascending[0..k-1] was taken). */
    private final double[] conditional;

    private ExponentialDistribution(double[] scaledScores) {
        this.scaledScores = scaledScores;
        this.logNormaliser = logSumExp(scaledScores);
        this.logProbabilities = new double[scaledScores.length];
        for (int i = 0; i < scaledScores.length; i++) {
            logProbabilities[i] = scaledScores[i] - logNormaliser;
        }
        this.ascending = IntStream.range(0, scaledScores.length).boxed()
                .sorted(Comparator.<Integer>comparingDouble(i -> logProbabilities[i]).thenComparing(i -> i))
                .mapToInt(Integer::intValue).toArray();
        this.conditional = conditionalProbabilities();
    }

    /** The distribution p ∝ exp(z); z must be finite and non-empty. */
    public static ExponentialDistribution fromScaledScores(double[] scaledScores) {
        Checks.finite(scaledScores, "scaled scores");
        if (scaledScores.length == 0) {
            throw new IllegalArgumentException("a distribution needs at least one candidate");
        }
        return new ExponentialDistribution(scaledScores.clone());
    }

    /** logsumexp(z) = z_max + log Σ exp(z_i − z_max), summed in index order (replayable). */
    static double logSumExp(double[] z) {
        double max = Double.NEGATIVE_INFINITY;
        for (double v : z) {
            max = Math.max(max, v);
        }
        double sum = 0.0;
        for (double v : z) {
            sum += StrictMath.exp(v - max);
        }
        return max + StrictMath.log(sum);
    }

    public int size() {
        return scaledScores.length;
    }

    /** z_i = ε·u_i/(2Δu) (a copy). */
    public double[] scaledScores() {
        return scaledScores.clone();
    }

    /** logsumexp(z). */
    public double logNormaliser() {
        return logNormaliser;
    }

    /** log p_i = z_i − logsumexp(z) (a copy). */
    public double[] logProbabilities() {
        return logProbabilities.clone();
    }

    /** p_i = exp(log p_i) (entries below ~5e-324 underflow to 0). */
    public double[] probabilities() {
        double[] p = new double[logProbabilities.length];
        for (int i = 0; i < p.length; i++) {
            p[i] = StrictMath.exp(logProbabilities[i]);
        }
        return p;
    }

    /** One draw, by sequential conditional Bernoullis in ascending order of probability. */
    public int sample(NoiseSource noise) {
        if (noise == null) {
            throw new IllegalArgumentException("noise source must not be null");
        }
        int last = ascending.length - 1;
        for (int k = 0; k < last; k++) {
            if (noise.bernoulli(conditional[k])) {
                return ascending[k];
            }
        }
        return ascending[last];
    }

    private double[] conditionalProbabilities() {
        int n = ascending.length;
        // logTail[k] = log Σ_{l ≥ k} p_{ascending[l]}, accumulated from the largest term down. Each
        // step adds a term no larger than the tail, so log1p(exp(·)) sees an argument ≤ 0.
        double[] logTail = new double[n];
        logTail[n - 1] = logProbabilities[ascending[n - 1]];
        for (int k = n - 2; k >= 0; k--) {
            double term = logProbabilities[ascending[k]];
            logTail[k] = logTail[k + 1] + StrictMath.log1p(StrictMath.exp(term - logTail[k + 1]));
        }
        double[] r = new double[n];
        for (int k = 0; k < n; k++) {
            r[k] = Math.min(1.0, StrictMath.exp(logProbabilities[ascending[k]] - logTail[k]));
        }
        return r;
    }

    @Override
    public String toString() {
        return "ExponentialDistribution" + Arrays.toString(logProbabilities);
    }
}

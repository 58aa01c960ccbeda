package io.dpbandit.testing;

import java.util.Arrays;
import java.util.function.DoubleUnaryOperator;

/**
 * Concentration bounds and empirical distribution functions for the statistical tests, in the manner
 * of Google's DP "stochastic tester": every test states the probability with which it fails although
 * the code is correct, and keeps it below 1e-6.
 */
public final class StatisticalBounds {

    private StatisticalBounds() {
    }

    /**
     * τ such that P(sup_x |F_n(x) − F(x)| > τ) ≤ failureProbability for an empirical CDF of n i.i.d.
     * draws: the Dvoretzky–Kiefer–Wolfowitz inequality with Massart's constant,
     * P(sup |F_n − F| > τ) ≤ 2·exp(−2nτ²). It holds for every F (continuous or not).
     */
    public static double dkwBand(long n, double failureProbability) {
        return Math.sqrt(Math.log(2.0 / failureProbability) / (2.0 * n));
    }

    /**
     * τ such that, for each of {@code events} binomial frequencies p̂ from n draws,
     * P(some |p̂ − p| > τ) ≤ failureProbability: Hoeffding, P(|p̂ − p| > τ) ≤ 2·exp(−2nτ²), with a
     * union bound over the events.
     */
    public static double hoeffdingBand(long n, int events, double failureProbability) {
        return Math.sqrt(Math.log(2.0 * events / failureProbability) / (2.0 * n));
    }

    /** The Kolmogorov–Smirnov statistic sup_x |F_n(x) − F(x)| of the samples against F. */
    public static double kolmogorovSmirnov(double[] samples, DoubleUnaryOperator cdf) {
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double sup = 0.0;
        for (int i = 0; i < n; i++) {
            double f = cdf.applyAsDouble(sorted[i]);
            // F_n jumps from i/n to (i+1)/n at sorted[i] (ties are handled by the neighbours' terms).
            sup = Math.max(sup, Math.max((i + 1.0) / n - f, f - (double) i / n));
        }
        return sup;
    }

    /** For each threshold t (ascending), the fraction of samples ≤ t. */
    public static double[] fractionAtMost(double[] samples, double[] thresholds) {
        long[] counts = new long[thresholds.length + 1];
        for (double x : samples) {
            int position = Arrays.binarySearch(thresholds, x);
            // bin b holds samples in (t_{b-1}, t_b]; binarySearch gives the insertion point for misses
            int bin = position >= 0 ? position : -position - 1;
            counts[bin]++;
        }
        double[] cumulative = new double[thresholds.length];
        long running = 0;
        for (int b = 0; b < thresholds.length; b++) {
            running += counts[b];
            cumulative[b] = (double) running / samples.length;
        }
        return cumulative;
    }

    /** n + 1 evenly spaced thresholds from lo to hi. */
    public static double[] grid(double lo, double hi, int n) {
        double[] t = new double[n + 1];
        for (int i = 0; i <= n; i++) {
            t[i] = lo + (hi - lo) * i / n;
        }
        return t;
    }
}

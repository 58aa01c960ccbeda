package io.dpbandit.policy;

import java.util.Arrays;
import java.util.List;

/**
 * The median heuristic for a stationary kernel's length scale (as in Gretton et al. 2012, "A Kernel
 * Two-Sample Test", JMLR 13, and studied by Garreau, Jitkrittum &amp; Kanagawa 2017): ℓ = the median
 * Euclidean distance between
 * distinct points of the public support, here the joint points (c, x) of the public context pool
 * × the action catalogue. It reads public inputs only (the pool and the actions' features), so a
 * kernel chosen by it is as public as a hand-picked one and costs no privacy.
 */
public final class MedianLengthScale {

    /** The support is used whole up to this many joint points, else its first points (a public rule). */
    public static final int MAX_POINTS = 2000;

    private MedianLengthScale() {
    }

    /**
     * The median distance over all pairs of distinct joint points (context ++ action features).
     *
     * @throws IllegalArgumentException with fewer than two joint points, or when every pair coincides
     */
    public static double of(List<double[]> contexts, List<double[]> actionFeatures) {
        int n = Math.min(contexts.size() * actionFeatures.size(), MAX_POINTS);
        if (n < 2) {
            throw new IllegalArgumentException("the median heuristic needs at least two joint points");
        }
        double[][] points = new double[n][];
        for (int i = 0; i < n; i++) {
            double[] c = contexts.get(i / actionFeatures.size());
            double[] x = actionFeatures.get(i % actionFeatures.size());
            double[] w = Arrays.copyOf(c, c.length + x.length);
            System.arraycopy(x, 0, w, c.length, x.length);
            points[i] = w;
        }
        double[] d = new double[n * (n - 1) / 2];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double ss = 0;
                for (int l = 0; l < points[i].length; l++) {
                    double diff = points[i][l] - points[j][l];
                    ss += diff * diff;
                }
                d[k++] = Math.sqrt(ss);
            }
        }
        Arrays.sort(d);
        double median = d.length % 2 == 1 ? d[d.length / 2] : (d[d.length / 2 - 1] + d[d.length / 2]) / 2;
        if (!(median > 0)) {
            throw new IllegalArgumentException("the median distance between the joint points is 0");
        }
        return median;
    }
}

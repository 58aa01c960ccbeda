package io.dpbandit.policy.capri;

import io.dpbandit.kernel.Kernel;
import java.util.Arrays;
import java.util.List;

/**
 * Active sets by chaining the released models (spec [engineering] "continuous or unseen
 * contexts"): X_1(c) = X, and X_{i+1}(c) = { x ∈ X_i(c) : μ̂_i(c,x) ≥ max_{x'∈X_i(c)} μ̂_i(c,x') − 4Δ_i }
 * (paper eq. 7 / 49). Non-strict, over the currently active actions only, so the argmax is
 * always kept and the set is never empty. Pure post-processing of released models.
 */
public final class Elimination {

    private final Kernel kernel;
    private final double[][] actionFeatures;
    private final List<Evaluated> models;

    /** A released model with its projection points' feature vectors computed once. */
    private record Evaluated(double[][] points, double[] coefficients, double width) {
    }

    public Elimination(Kernel kernel, double[][] actionFeatures, List<ReleasedModel> models) {
        this.kernel = kernel;
        this.actionFeatures = actionFeatures;
        this.models = models.stream().map(m -> new Evaluated(
                m.projectionSet().stream().map(p -> p.features(actionFeatures)).toArray(double[][]::new),
                m.coefficients(), m.width())).toList();
    }

    /** X_r(c) as sorted action indices, after applying every model given. */
    public int[] activeSet(double[] context) {
        int[] active = new int[actionFeatures.length];
        Arrays.setAll(active, i -> i);
        for (Evaluated m : models) {
            active = eliminate(m, context, active);
        }
        return active;
    }

    /**
     * |X_{i+1}(c)| after each model given, in order: how the active set shrinks epoch by epoch for
     * one context (post-processing, for reports).
     */
    public int[] activeSetSizes(double[] context) {
        int[] active = new int[actionFeatures.length];
        Arrays.setAll(active, i -> i);
        int[] sizes = new int[models.size()];
        for (int i = 0; i < sizes.length; i++) {
            active = eliminate(models.get(i), context, active);
            sizes[i] = active.length;
        }
        return sizes;
    }

    /** μ̂(c, x) of the model of epoch {@code index} (0-based in the list given) for every action. */
    public double[] means(int index, double[] context) {
        Evaluated m = models.get(index);
        double[] out = new double[actionFeatures.length];
        for (int a = 0; a < out.length; a++) {
            out[a] = mean(m, joint(context, a));
        }
        return out;
    }

    private int[] eliminate(Evaluated m, double[] context, int[] active) {
        double[] mu = new double[active.length];
        double best = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < active.length; i++) {
            mu[i] = mean(m, joint(context, active[i]));
            best = Math.max(best, mu[i]);
        }
        double threshold = best - 4 * m.width();
        int kept = 0;
        int[] next = new int[active.length];
        for (int i = 0; i < active.length; i++) {
            if (mu[i] >= threshold) {
                next[kept++] = active[i];
            }
        }
        return Arrays.copyOf(next, kept);
    }

    private double mean(Evaluated m, double[] w) {
        double sum = 0;
        for (int i = 0; i < m.coefficients().length; i++) {
            sum += m.coefficients()[i] * kernel.value(m.points()[i], w);
        }
        return sum;
    }

    private double[] joint(double[] context, int action) {
        double[] x = actionFeatures[action];
        double[] w = Arrays.copyOf(context, context.length + x.length);
        System.arraycopy(x, 0, w, context.length, x.length);
        return w;
    }
}

package io.dpbandit.policy.capri;

import io.dpbandit.client.capri.CapriProjection;
import io.dpbandit.client.kernel.Kernel;
import java.util.Arrays;
import java.util.List;

/**
 * Active sets by chaining the released models (rule "continuous or unseen contexts",
 * docs/papers.md): X_1(c) = X, and X_{i+1}(c) is X_i(c) after model i's elimination rule. Pure
 * post-processing of released models and public plan quantities.
 *
 * <p>WIDTH (paper eq. 7 / 49): X_{i+1}(c) = { x ∈ X_i(c) : μ̂_i(c,x) ≥ max_{x'∈X_i(c)} μ̂_i(c,x') − 4Δ_i },
 * non-strict, so the argmax is always kept and the set is never empty.
 *
 * <p>PAIRWISE [engineering]: x leaves when some active x' has
 * μ̂_i(c,x') − μ̂_i(c,x) &gt; w(x', x) with w(x', x) = constant + normScale · ‖A (k_S(c,x') − k_S(c,x))‖.
 * The privacy noise of that difference is exactly N(0, σ_eff² ‖A v‖²), v = k_S(c,x') − k_S(c,x)
 * (μ̂ is linear in the noise z, μ̂(w) = k_S(w)ᵀAᵀ(g + z)), so a Gaussian quantile of it, union-bounded
 * over every ordered pair of the support and every release, bounds it with probability
 * 1 − δ_err; the paper's 4Δ_r instead adds two one-point bounds, each at the worst point of the
 * support, and doubles them. Why the true best x* survives whenever the width bounds the error of
 * every difference: μ̂(x') − μ̂(x*) ≤ f(x') − f(x*) + w(x', x*) ≤ w(x', x*). Why survivors are good:
 * x* stays active, so a survivor x has μ̂(x*) − μ̂(x) ≤ w(x*, x), hence
 * f(x*) − f(x) ≤ μ̂(x*) − μ̂(x) + w(x*, x) ≤ 2 w(x*, x) (the paper's proof of Thm 4.1 gives 6Δ_r for
 * its rule). The argmax of μ̂ is never dropped (no x' exceeds it), so the set is never empty.
 */
public final class Elimination {

    private final Kernel kernel;
    private final double[][] actionFeatures;
    private final List<Evaluated> models;

    /** A released model with its projection points' feature vectors computed once. */
    private record Evaluated(double[][] points, double[] coefficients, EpochPlan.EliminationRule rule,
            double[] inverseCholesky) {
    }

    public Elimination(Kernel kernel, double[][] actionFeatures, List<ReleasedModel> models) {
        this.kernel = kernel;
        this.actionFeatures = actionFeatures;
        this.models = models.stream().map(m -> new Evaluated(
                m.projectionSet().stream().map(p -> p.features(actionFeatures)).toArray(double[][]::new),
                m.coefficients(), m.eliminationRule(), m.inverseCholesky())).toList();
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

    /** The number of models chained. */
    public int models() {
        return models.size();
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
        boolean[] drop = m.rule().pairwise() ? pairwiseDrops(m, context, active, mu)
                : widthDrops(mu, best, m.rule().constant());
        int kept = 0;
        int[] next = new int[active.length];
        for (int i = 0; i < active.length; i++) {
            if (!drop[i]) {
                next[kept++] = active[i];
            }
        }
        return Arrays.copyOf(next, kept);
    }

    /** The paper's rule: keep μ̂(x) ≥ max μ̂ − 4Δ (the constant of the rule is 4Δ). */
    private static boolean[] widthDrops(double[] mu, double best, double width) {
        double threshold = best - width;
        boolean[] drop = new boolean[mu.length];
        for (int i = 0; i < mu.length; i++) {
            drop[i] = !(mu[i] >= threshold);
        }
        return drop;
    }

    /** Drops x when some x' has μ̂(x') − μ̂(x) &gt; constant + normScale · ‖A(k_S(x') − k_S(x))‖. */
    private boolean[] pairwiseDrops(Evaluated m, double[] context, int[] active, double[] mu) {
        int n = active.length;
        int size = m.coefficients().length;
        double[][] joints = new double[n][];
        for (int i = 0; i < n; i++) {
            joints[i] = joint(context, active[i]);
        }
        // The same vectors as one project() per action, bit for bit, four actions per pass over A.
        double[][] projected = CapriProjection.projectAll(kernel, m.points(), m.inverseCholesky(), joints);
        boolean[] drop = new boolean[n];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n && !drop[j]; i++) {
                double diff = mu[i] - mu[j];
                if (i == j || !(diff > m.rule().constant())) {
                    continue;
                }
                double ss = 0;
                for (int k = 0; k < size; k++) {
                    double d = projected[i][k] - projected[j][k];
                    ss += d * d;
                }
                drop[j] = diff > m.rule().constant() + m.rule().normScale() * Math.sqrt(ss);
            }
        }
        return drop;
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

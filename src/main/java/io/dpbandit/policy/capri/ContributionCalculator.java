package io.dpbandit.policy.capri;

import io.dpbandit.client.capri.CapriProjection;
import io.dpbandit.policy.JointPoint;
import io.dpbandit.client.kernel.Kernel;
import io.dpbandit.client.privacy.ClippedVector;
import io.dpbandit.client.privacy.ContributionBounds;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Computes bounded contributions for one epoch plan: reward clipped to [-B, B], then
 * g^(t) = y · A k_S(w) clipped to norm C_r (failing closed: non-finite becomes zero), so
 * ‖g^(t)‖ ≤ C_r for every input, even a context far outside the pool. This bound is what the
 * epoch's noise is calibrated on (L2 sensitivity 2C_r under replacement).
 *
 * <p>A k_S(w) costs O(m²); it is cached per joint point (bounded, least recently used), which
 * makes rounds on a finite pool cost O(m).
 */
public final class ContributionCalculator {

    private static final int CACHE_LIMIT = 4096;

    private final EpochPlan plan;
    private final Kernel kernel;
    private final double[][] actionFeatures;
    private final double[][] projectionFeatures;
    private final double rewardBound;
    private final double rewardOffset;
    private final int m;
    private final Map<JointPoint, double[]> cache = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<JointPoint, double[]> eldest) {
            return size() > CACHE_LIMIT;
        }
    };

    public ContributionCalculator(EpochPlan plan, Kernel kernel, double[][] actionFeatures, double rewardBound) {
        this(plan, kernel, actionFeatures, rewardBound, 0.0);
    }

    /**
     * A calculator whose rewards enter as clip(y − b₀, −B, B) ({@code rewardOffset} b₀, a public
     * constant of the configuration): the clipped value lies in [−B, B] as in the paper, so every
     * bound below holds unchanged.
     */
    public ContributionCalculator(EpochPlan plan, Kernel kernel, double[][] actionFeatures, double rewardBound,
            double rewardOffset) {
        this.rewardOffset = rewardOffset;
        this.plan = plan;
        this.kernel = kernel;
        this.actionFeatures = actionFeatures;
        this.rewardBound = rewardBound;
        this.projectionFeatures = plan.projectionSet().stream().map(p -> p.features(actionFeatures))
                .toArray(double[][]::new);
        this.m = projectionFeatures.length;
    }

    public EpochPlan plan() {
        return plan;
    }

    /** The clipped contribution of one round. */
    public Contribution contribution(double[] context, int action, double reward) {
        double[] out = new double[m];
        Flags f = addTo(out, context, action, reward);
        return new Contribution(out, f.rewardClipped(), f.vectorClipped());
    }

    /** Which clipping happened in one round. */
    public record Flags(boolean rewardClipped, boolean vectorClipped) {
    }

    /**
     * Adds the bounded contribution of one round to {@code accumulator}: the reward clipped to
     * [−B, B], then g^(t) = y · A k_S(w) (CAPRI step 6) bounded to norm C_r by
     * {@link ContributionBounds#boundContribution}, which fails closed (a non-finite vector becomes
     * zero). A non-finite reward or context contributes zero as well. Every call therefore adds a
     * finite vector of norm ≤ C_r, the bound the epoch's noise is calibrated on (L2 sensitivity 2C_r
     * under replacement of one round).
     */
    public Flags addTo(double[] accumulator, double[] context, int action, double reward) {
        if (!Double.isFinite(reward) || !finite(context)) {
            return new Flags(false, true);
        }
        return add(accumulator, reward, projected(new JointPoint(context, action)));
    }

    /** One settled round of a fold: its context, action and reward (accepted or the default). */
    public record Round(double[] context, int action, double reward) {
    }

    /**
     * {@link #addTo} for each round in order, equal to those calls bit for bit (the same
     * projections, added in the same order), with the projections the cache lacks computed four at
     * a time ({@link CapriProjection#projectAll}): the fold's O(m²) part, about 3× faster on
     * continuous contexts.
     */
    public void addAll(double[] accumulator, List<Round> rounds) {
        double[][] projections = new double[rounds.size()][];
        JointPoint[] points = new JointPoint[rounds.size()];
        Map<JointPoint, Integer> missing = new LinkedHashMap<>();
        for (int t = 0; t < rounds.size(); t++) {
            Round round = rounds.get(t);
            if (!Double.isFinite(round.reward()) || !finite(round.context())) {
                continue; // contributes zero, as in addTo
            }
            points[t] = new JointPoint(round.context(), round.action());
            synchronized (cache) {
                projections[t] = cache.get(points[t]);
            }
            if (projections[t] == null) {
                missing.putIfAbsent(points[t], missing.size());
            }
        }
        double[][] computed = CapriProjection.projectAll(kernel, projectionFeatures, plan.inverseCholesky(),
                missing.keySet().stream().map(p -> p.features(actionFeatures)).toArray(double[][]::new));
        synchronized (cache) {
            missing.forEach((point, i) -> cache.put(point, computed[i]));
        }
        for (int t = 0; t < rounds.size(); t++) {
            if (points[t] != null) {
                add(accumulator, rounds.get(t).reward(), projections[t] != null ? projections[t]
                        : computed[missing.get(points[t])]);
            }
        }
    }

    /** The round's bounded contribution y · A k_S(w) (norm ≤ C_r) added to the accumulator. */
    private Flags add(double[] accumulator, double reward, double[] projected) {
        var clippedReward = ContributionBounds.clipReward(reward - rewardOffset, rewardBound);
        double y = clippedReward.value();
        double[] raw = new double[m];
        for (int i = 0; i < m; i++) {
            raw[i] = y * projected[i];
        }
        ClippedVector bounded = ContributionBounds.boundContribution(raw, plan.contributionBound());
        double[] g = bounded.value();
        for (int i = 0; i < m; i++) {
            accumulator[i] += g[i];
        }
        return new Flags(clippedReward.clipped(), bounded.clipped());
    }

    private static boolean finite(double[] v) {
        for (double x : v) {
            if (!Double.isFinite(x)) {
                return false;
            }
        }
        return true;
    }

    /** A k_S(w) with its norm appended at index m (thread-safe: the cache is guarded). */
    private double[] projected(JointPoint point) {
        double[] hit;
        synchronized (cache) {
            hit = cache.get(point);
        }
        if (hit != null) {
            return hit;
        }
        double[] out = CapriProjection.project(kernel, projectionFeatures, plan.inverseCholesky(),
                point.features(actionFeatures));
        synchronized (cache) {
            cache.put(point, out);
        }
        return out;
    }
}

package io.dpbandit.policy.planning;

/**
 * What the planner is asked besides the spec.
 *
 * @param gap      the reward gap whose first elimination epoch (CAPRI) or release odds (USCA) the
 *                 report gives (default 0.1)
 * @param seed     seed of the public draws the planner makes (S, R, Z): the forecast is of a typical
 *                 run, not of the run a bandit will make with its own draws
 * @param contexts at most this many pool contexts (a public subsample) for the per-pair statistics
 * @param maxSeconds the longest a forecast may compute before it gives up (a plan draws each epoch's
 *                 T_r covariance points, so its cost grows with the horizon); 0 for no limit
 */
public record PlannerOptions(double gap, long seed, int contexts, double maxSeconds) {

    /** Options without a time limit (the jar's command, tests). */
    public PlannerOptions(double gap, long seed, int contexts) {
        this(gap, seed, contexts, 0);
    }

    public PlannerOptions {
        if (!(maxSeconds >= 0) || Double.isInfinite(maxSeconds)) {
            throw new IllegalArgumentException("maxSeconds must be >= 0 and finite, was " + maxSeconds);
        }
        if (!(gap > 0) || !Double.isFinite(gap)) {
            throw new IllegalArgumentException("gap must be a positive number, was " + gap);
        }
        if (contexts < 1) {
            throw new IllegalArgumentException("contexts must be positive");
        }
    }

    public static PlannerOptions defaults() {
        return new PlannerOptions(0.1, 1L, 50);
    }

    public PlannerOptions withGap(double g) {
        return new PlannerOptions(g, seed, contexts, maxSeconds);
    }

    /** The same options with a time limit. */
    public PlannerOptions withMaxSeconds(double seconds) {
        return new PlannerOptions(gap, seed, contexts, seconds);
    }
}

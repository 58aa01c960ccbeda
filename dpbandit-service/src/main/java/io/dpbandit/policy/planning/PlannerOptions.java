package io.dpbandit.policy.planning;

/**
 * What the planner is asked besides the spec.
 *
 * @param gap      the reward gap whose first elimination epoch (CAPRI) or release odds (USCA) the
 *                 report gives (default 0.1)
 * @param seed     seed of the public draws the planner makes (S, R, Z): the forecast is of a typical
 *                 run, not of the run a bandit will make with its own draws
 * @param contexts at most this many pool contexts (a public subsample) for the per-pair statistics
 */
public record PlannerOptions(double gap, long seed, int contexts) {

    public PlannerOptions {
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
        return new PlannerOptions(g, seed, contexts);
    }
}

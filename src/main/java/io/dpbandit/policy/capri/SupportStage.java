package io.dpbandit.policy.capri;

import java.util.List;

/**
 * The support of κ × Unif(X_r(c)) (CAPRI step 4's domain): every pool context with each of its
 * active actions, weighted 1/(|pool| |X_r(c)|), or, without a finite pool, a public sample of
 * draws; capped at {@link CapriConfig#supportSampleCap()} by a public subsample.
 */
final class SupportStage implements PlanningStage {

    @Override
    public EpochPlanner.Stage advance(PlanningState s) {
        var finite = s.planner.contexts.finiteSupport();
        int cap = s.config().supportSampleCap();
        if (finite.isPresent()) {
            List<double[]> pool = finite.get();
            double contextWeight = 1.0 / pool.size();
            int end = Math.min(pool.size(), s.supportCursor + EpochPlanner.DRAW_BATCH);
            for (; s.supportCursor < end; s.supportCursor++) {
                double[] c = pool.get(s.supportCursor);
                int[] active = s.active(c);
                for (int x : active) {
                    s.support.add(new EpochPlanner.SupportPoint(new io.dpbandit.policy.JointPoint(c, x),
                            contextWeight / active.length));
                }
            }
            if (s.supportCursor < pool.size()) {
                return EpochPlanner.Stage.SUPPORT;
            }
            if (s.support.size() > cap) {
                // A random public subsample: maxima over it change utility only (every
                // contribution is clipped to the C_r it gives), never privacy.
                java.util.Collections.shuffle(s.support, new java.util.Random(s.rng().nextLong()));
                s.support = List.copyOf(s.support.subList(0, cap));
            }
            return next(s);
        }
        int end = Math.min(cap, s.supportCursor + EpochPlanner.DRAW_BATCH);
        for (; s.supportCursor < end; s.supportCursor++) {
            double[] c = s.planner.contexts.draw(s.rng());
            int[] active = s.active(c);
            s.support.add(new EpochPlanner.SupportPoint(new io.dpbandit.policy.JointPoint(c,
                    active[s.rng().nextInt(active.length)]), 1.0));
        }
        return s.supportCursor >= cap ? next(s) : EpochPlanner.Stage.SUPPORT;
    }

    private static EpochPlanner.Stage next(PlanningState s) {
        return s.plannedProjection() ? EpochPlanner.Stage.SPECTRUM : EpochPlanner.Stage.DRAW_S;
    }

    @Override
    public double progress(PlanningState s) {
        return 0.0;
    }
}

package io.dpbandit.policy.capri;

/**
 * CAPRI step 2, S: T_r draws from κ × Unif(X_r(c)), distinct points kept in draw order, stopping
 * at the cap on |S| (an i.i.d. sample's first distinct points).
 */
final class ProjectionDrawStage implements PlanningStage {

    @Override
    public EpochPlanner.Stage advance(PlanningState s) {
        int end = s.drawsOfS + EpochPlanner.DRAW_BATCH;
        for (; s.drawsOfS < end && s.drawsOfS < s.length && s.projection.size() < s.sCap; s.drawsOfS++) {
            s.projection.add(s.drawPoint());
        }
        return s.drawsOfS >= s.length || s.projection.size() >= s.sCap ? EpochPlanner.Stage.DRAW_R
                : EpochPlanner.Stage.DRAW_S;
    }

    @Override
    public double progress(PlanningState s) {
        return 0.05;
    }
}

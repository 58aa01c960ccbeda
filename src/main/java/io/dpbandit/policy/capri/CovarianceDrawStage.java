package io.dpbandit.policy.capri;

/**
 * CAPRI step 2, R: all T_r draws from κ × Unif(X_r(c)), each distinct point once with its count
 * (never a shrunken, rescaled R).
 */
final class CovarianceDrawStage implements PlanningStage {

    @Override
    public EpochPlanner.Stage advance(PlanningState s) {
        int end = Math.min(s.length, s.drawsOfR + EpochPlanner.DRAW_BATCH);
        for (; s.drawsOfR < end; s.drawsOfR++) {
            s.covariance.merge(s.drawPoint(), 1, Integer::sum);
        }
        return s.drawsOfR >= s.length ? EpochPlanner.Stage.GRAM : EpochPlanner.Stage.DRAW_R;
    }

    @Override
    public double progress(PlanningState s) {
        return 0.05 + 0.15 * s.drawsOfR / Math.max(1, s.length);
    }
}

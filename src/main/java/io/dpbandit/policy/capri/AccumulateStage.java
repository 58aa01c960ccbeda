package io.dpbandit.policy.capri;

/**
 * CAPRI step 3, one chunk of R at a time: M_r += K_S,chunk diag(w) K_chunk,S (memory O(m · CHUNK)).
 * With a PLANNED τ the sum K_SR K_RS is kept apart, since τ_r K_SS is added for each τ_r tried.
 */
final class AccumulateStage implements PlanningStage {

    @Override
    public EpochPlanner.Stage advance(PlanningState s) {
        int cols = Math.min(EpochPlanner.CHUNK, s.rFeatures.length - s.rCursor);
        KernelMatrices.addWeightedOuterSum(s.kernel(), s.sFeatures, s.rFeatures, s.rWeights, s.rCursor, cols,
                s.mMatrix);
        s.rCursor += cols;
        if (s.rCursor < s.rFeatures.length) {
            return EpochPlanner.Stage.ACCUMULATE;
        }
        KernelMatrices.symmetrise(s.mMatrix);
        if (s.plannedTau()) {
            s.outer = s.mMatrix;
            s.mMatrix = null;
        }
        return EpochPlanner.Stage.FACTOR;
    }

    @Override
    public double progress(PlanningState s) {
        return 0.2 + 0.5 * s.rCursor / Math.max(1.0, s.rFeatures.length);
    }
}

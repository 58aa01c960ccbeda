package io.dpbandit.policy.capri;

/**
 * One stage of planning an epoch (CAPRI steps 2–5 and 8, Li et al.): a bounded unit of public work
 * on the job's {@link PlanningState}, one class per stage as EJML keeps one decomposition per
 * file. A stage is stateless; everything it makes goes in the state for the stages after it.
 */
interface PlanningStage {

    /** Does one bounded unit of the stage's work; the stage the job is in after it (this one: more to do). */
    EpochPlanner.Stage advance(PlanningState s);

    /** Roughly how far along the whole job is while in this stage, in [0, 1]. */
    double progress(PlanningState s);

    /** The end: nothing left to do. */
    PlanningStage DONE = new PlanningStage() {
        @Override
        public EpochPlanner.Stage advance(PlanningState s) {
            return EpochPlanner.Stage.DONE;
        }

        @Override
        public double progress(PlanningState s) {
            return 1.0;
        }
    };
}

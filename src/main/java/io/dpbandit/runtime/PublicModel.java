package io.dpbandit.runtime;

import java.util.Optional;

/**
 * A released model whose use is free post-processing: what it recommends for a context, the active
 * sets it leaves (CAPRI), and the figures of each release for the analyst's timeline.
 */
public interface PublicModel {

    /**
     * The action's id, the size of the active set it was chosen from, and whether the release resolves
     * it: separates it from every other action by more than the release's noise (the widths the
     * planner uses). An unresolved recommendation is the model's best guess, not a finding.
     *
     * @param margin the released score of the action minus the best other one's (null where the model
     *               keeps no scores, as CAPRI, whose test is elimination)
     */
    record Recommendation(String action, int activeSetSize, boolean resolved, Double margin) {
    }

    /**
     * The learning rounds (users) after which the planner expects the model to resolve a margin of
     * {@code margin} (its score error below half of it), if within the horizon; empty where the
     * model's test is not a score margin (CAPRI: see its forecast's resolvable gaps).
     */
    default Optional<Long> roundsToResolve(double margin) {
        return Optional.empty();
    }

    Recommendation recommend(double[] context);

    /**
     * Whether it recommends anything yet. A sequential model before its first round is in it would
     * recommend by its prior alone, which is nobody's data and no release: it recommends nothing.
     * CAPRI before its first release recommends from every action still active, and says so.
     */
    default boolean recommends() {
        return true;
    }

    /** |X_r(c)| after each released epoch, oldest first (empty where there are no active sets). */
    default int[] activeSetSizes(double[] context) {
        return new int[0];
    }

    /** The figures of epoch r's release, if it released a model. */
    default Optional<ReleaseFigures> figures(int epoch) {
        return Optional.empty();
    }

    /**
     * @param width          the release's confidence width Δ_r (noise included)
     * @param projectionSize |S_r|
     * @param index          the release's 0-based position among the bandit's releases
     */
    record ReleaseFigures(double width, int projectionSize, int index) {
    }
}

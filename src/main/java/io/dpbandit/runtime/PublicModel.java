package io.dpbandit.runtime;

import java.util.Optional;

/**
 * A released model whose use is free post-processing: what it recommends for a context, the active
 * sets it leaves (CAPRI), and the figures of each release for the analyst's timeline.
 */
public interface PublicModel {

    /** The action's id and the size of the active set it was chosen from. */
    record Recommendation(String action, int activeSetSize) {
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

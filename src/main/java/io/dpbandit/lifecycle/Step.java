package io.dpbandit.lifecycle;

/**
 * What one step of a bandit's background work did. NONE: nothing to do until a window passes (or
 * only bookkeeping: defaulting silent rounds is no step of its own, so that no step's outcome tells
 * whether a user answered). NEEDS_PLANNING: nothing but planning, which was not allowed in this step.
 * FOLDING_ELSEWHERE: nothing here, because other instances fold the epoch's shards right now (look
 * again soon: the close follows their last fold). ABANDONED: the epoch of a retired bandit that can
 * never fill was abandoned, its partial sums dropped.
 */
public enum Step {
    NONE, NEEDS_PLANNING, FOLDING_ELSEWHERE, PLANNING, PLANNED, FOLDED, SEALED, CLOSED, ABANDONED;

    /** Whether the step did some work. */
    public boolean worked() {
        return this != NONE && this != NEEDS_PLANNING && this != FOLDING_ELSEWHERE;
    }
}

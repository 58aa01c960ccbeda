package io.dpbandit.lifecycle;

/**
 * What one step of a bandit's background work did. NONE: nothing to do until something changes (a
 * reward, a wait). NEEDS_PLANNING: nothing but planning, which was not allowed in this step.
 */
public enum Step {
    NONE, NEEDS_PLANNING, DEFAULTED, PLANNING, PLANNED, FOLDED, SEALED, CLOSED;

    /** Whether the step did some work. */
    public boolean worked() {
        return this != NONE && this != NEEDS_PLANNING;
    }
}

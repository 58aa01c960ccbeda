package io.dpbandit.bandit;

/**
 * What happened to a decision's reward. A learning round starts PENDING; a reward before its wait
 * makes it ACCEPTED (the reward is in the next release); a reward after the wait, or none at all,
 * makes it count with the bandit's default reward (LATE when one came late, DEFAULTED when none
 * came), so a round is never selected by how fast its user answered. A decision that took no
 * learning slot (its epoch had all its rounds) is NOT_USED from the start. Once retention has
 * forgotten a done decision's per-user values, including which of these it was, it is FORGOTTEN.
 */
public enum FeedbackState {
    PENDING, ACCEPTED, DEFAULTED, LATE, NOT_USED, FORGOTTEN;

    /** The round's reward is settled: it can be folded into the model. */
    public boolean resolved() {
        return this == ACCEPTED || this == DEFAULTED || this == LATE;
    }
}

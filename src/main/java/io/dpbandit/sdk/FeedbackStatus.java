package io.dpbandit.sdk;

/** What happened to a reward or report. */
public enum FeedbackStatus {
    /** It is in the next release, always. */
    ACCEPTED,
    /** It came after the feedback window; the round counts with the default reward. */
    LATE,
    /** The decision was not a learning round (its decision said {@code learning: false}). */
    NOT_USED,
    /** A retry: the decision's feedback was received before; nothing changed. */
    DUPLICATE
}

package io.dpbandit.sdk.error;

/**
 * 409 paused: The bandit is paused: it makes no new decision until an admin resumes it. Feedback for its earlier decisions is still taken.
 */
public class PausedException extends DpbanditProblemException {

    private static final long serialVersionUID = 1L;

    /** The kind this exception stands for: the last segment of its type, https://dpbandit.io/problems/paused. */
    public static final String KIND = "paused";

    public PausedException(Problem problem) {
        super(problem);
    }
}

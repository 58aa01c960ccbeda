package io.dpbandit.sdk.error;

/**
 * 404 not-found: No such bandit, decision, budget or epoch (or no such endpoint).
 */
public class NotFoundException extends DpbanditProblemException {

    private static final long serialVersionUID = 1L;

    /** The kind this exception stands for: the last segment of its type, https://dpbandit.io/problems/not-found. */
    public static final String KIND = "not-found";

    public NotFoundException(Problem problem) {
        super(problem);
    }
}

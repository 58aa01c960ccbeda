package io.dpbandit.sdk.error;

/**
 * 409 conflict: The request contradicts what is stored: a bandit id taken by another spec, a requestId used by another key or with another context, a budget that cannot admit a bandit.
 */
public class ConflictException extends DpbanditProblemException {

    private static final long serialVersionUID = 1L;

    /** The kind this exception stands for: the last segment of its type, https://dpbandit.io/problems/conflict. */
    public static final String KIND = "conflict";

    public ConflictException(Problem problem) {
        super(problem);
    }
}

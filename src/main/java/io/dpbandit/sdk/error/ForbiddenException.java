package io.dpbandit.sdk.error;

/**
 * 403 forbidden: The key's roles do not allow this operation, or the key is scoped to other bandits.
 */
public class ForbiddenException extends DpbanditProblemException {

    private static final long serialVersionUID = 1L;

    /** The kind this exception stands for: the last segment of its type, https://dpbandit.io/problems/forbidden. */
    public static final String KIND = "forbidden";

    public ForbiddenException(Problem problem) {
        super(problem);
    }
}

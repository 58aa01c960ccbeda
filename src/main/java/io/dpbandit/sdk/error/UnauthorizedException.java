package io.dpbandit.sdk.error;

/**
 * 401 unauthorized: No API key, or one the service does not know.
 */
public class UnauthorizedException extends DpbanditProblemException {

    private static final long serialVersionUID = 1L;

    /** The kind this exception stands for: the last segment of its type, https://dpbandit.io/problems/unauthorized. */
    public static final String KIND = "unauthorized";

    public UnauthorizedException(Problem problem) {
        super(problem);
    }
}

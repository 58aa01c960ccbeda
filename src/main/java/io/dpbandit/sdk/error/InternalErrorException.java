package io.dpbandit.sdk.error;

/**
 * 500 internal: A fault of the service itself, never of the request; the service says a retry is safe.
 */
public class InternalErrorException extends DpbanditProblemException {

    private static final long serialVersionUID = 1L;

    /** The kind this exception stands for: the last segment of its type, https://dpbandit.io/problems/internal. */
    public static final String KIND = "internal";

    public InternalErrorException(Problem problem) {
        super(problem);
    }
}

package io.dpbandit.sdk.error;

/**
 * 503 busy: The instance is at a limit (request bodies held at once, one plan at a time); retried by the SDK after Retry-After.
 */
public class BusyException extends DpbanditProblemException {

    private static final long serialVersionUID = 1L;

    /** The kind this exception stands for: the last segment of its type, https://dpbandit.io/problems/busy. */
    public static final String KIND = "busy";

    public BusyException(Problem problem) {
        super(problem);
    }
}

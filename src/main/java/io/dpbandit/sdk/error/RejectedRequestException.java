package io.dpbandit.sdk.error;

/**
 * 400 rejected-request: The request's path or head is not in a form the service interprets (a path with ';', '//', '.' or '..' segments, an encoded '/', control characters).
 */
public class RejectedRequestException extends DpbanditProblemException {

    private static final long serialVersionUID = 1L;

    /** The kind this exception stands for: the last segment of its type, https://dpbandit.io/problems/rejected-request. */
    public static final String KIND = "rejected-request";

    public RejectedRequestException(Problem problem) {
        super(problem);
    }
}

package io.dpbandit.sdk.error;

/**
 * 405 method-not-allowed: The path is served, but not with this method.
 */
public class MethodNotAllowedException extends DpbanditProblemException {

    private static final long serialVersionUID = 1L;

    /** The kind this exception stands for: the last segment of its type, https://dpbandit.io/problems/method-not-allowed. */
    public static final String KIND = "method-not-allowed";

    public MethodNotAllowedException(Problem problem) {
        super(problem);
    }
}

package io.dpbandit.sdk.error;

/**
 * 501 method-not-implemented: The method is not one the service implements at all.
 */
public class MethodNotImplementedException extends DpbanditProblemException {

    private static final long serialVersionUID = 1L;

    /** The kind this exception stands for: the last segment of its type, https://dpbandit.io/problems/method-not-implemented. */
    public static final String KIND = "method-not-implemented";

    public MethodNotImplementedException(Problem problem) {
        super(problem);
    }
}

package io.dpbandit.sdk.error;

/**
 * 400 incomplete-body: The body ended before its declared length.
 */
public class IncompleteBodyException extends DpbanditProblemException {

    private static final long serialVersionUID = 1L;

    /** The kind this exception stands for: the last segment of its type, https://dpbandit.io/problems/incomplete-body. */
    public static final String KIND = "incomplete-body";

    public IncompleteBodyException(Problem problem) {
        super(problem);
    }
}

package io.dpbandit.sdk.error;

/**
 * 406 not-acceptable: The Accept header allows no representation the service has.
 */
public class NotAcceptableException extends DpbanditProblemException {

    private static final long serialVersionUID = 1L;

    /** The kind this exception stands for: the last segment of its type, https://dpbandit.io/problems/not-acceptable. */
    public static final String KIND = "not-acceptable";

    public NotAcceptableException(Problem problem) {
        super(problem);
    }
}

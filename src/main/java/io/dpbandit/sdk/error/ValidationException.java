package io.dpbandit.sdk.error;

/**
 * 400 validation: A field or parameter breaks its rules; {@link #field()} and {@link #errors()} name what to change.
 */
public class ValidationException extends DpbanditProblemException {

    private static final long serialVersionUID = 1L;

    /** The kind this exception stands for: the last segment of its type, https://dpbandit.io/problems/validation. */
    public static final String KIND = "validation";

    public ValidationException(Problem problem) {
        super(problem);
    }
}

package io.dpbandit.sdk.error;

/**
 * 415 unsupported-media-type: The Content-Type is not application/json.
 */
public class UnsupportedMediaTypeException extends DpbanditProblemException {

    private static final long serialVersionUID = 1L;

    /** The kind this exception stands for: the last segment of its type, https://dpbandit.io/problems/unsupported-media-type. */
    public static final String KIND = "unsupported-media-type";

    public UnsupportedMediaTypeException(Problem problem) {
        super(problem);
    }
}

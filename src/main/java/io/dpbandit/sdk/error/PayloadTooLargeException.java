package io.dpbandit.sdk.error;

/**
 * 413 payload-too-large: The body, or a string, number or nesting in it, is over the service's limit; the detail names the limit.
 */
public class PayloadTooLargeException extends DpbanditProblemException {

    private static final long serialVersionUID = 1L;

    /** The kind this exception stands for: the last segment of its type, https://dpbandit.io/problems/payload-too-large. */
    public static final String KIND = "payload-too-large";

    public PayloadTooLargeException(Problem problem) {
        super(problem);
    }
}

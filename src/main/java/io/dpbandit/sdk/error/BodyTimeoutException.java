package io.dpbandit.sdk.error;

/**
 * 408 body-timeout: The body did not arrive within the service's body timeout; nothing was processed, so a retry is safe (and made by the SDK).
 */
public class BodyTimeoutException extends DpbanditProblemException {

    private static final long serialVersionUID = 1L;

    /** The kind this exception stands for: the last segment of its type, https://dpbandit.io/problems/body-timeout. */
    public static final String KIND = "body-timeout";

    public BodyTimeoutException(Problem problem) {
        super(problem);
    }
}

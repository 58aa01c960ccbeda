package io.dpbandit.sdk.error;

/**
 * 429 rate-limited: This key is over its rate; retried by the SDK after Retry-After.
 */
public class RateLimitedException extends DpbanditProblemException {

    private static final long serialVersionUID = 1L;

    /** The kind this exception stands for: the last segment of its type, https://dpbandit.io/problems/rate-limited. */
    public static final String KIND = "rate-limited";

    public RateLimitedException(Problem problem) {
        super(problem);
    }
}

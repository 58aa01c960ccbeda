package io.dpbandit.sdk.error;

/**
 * 503 unavailable: The service's database is unreachable; nothing was stored. Retried by the SDK after Retry-After.
 */
public class UnavailableException extends DpbanditProblemException {

    private static final long serialVersionUID = 1L;

    /** The kind this exception stands for: the last segment of its type, https://dpbandit.io/problems/unavailable. */
    public static final String KIND = "unavailable";

    public UnavailableException(Problem problem) {
        super(problem);
    }
}

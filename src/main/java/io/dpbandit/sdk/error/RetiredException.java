package io.dpbandit.sdk.error;

/**
 * 409 retired: The bandit is retired for good: it serves no decision, feedback or POST /release; its status, ledger and releases stay readable.
 */
public class RetiredException extends DpbanditProblemException {

    private static final long serialVersionUID = 1L;

    /** The kind this exception stands for: the last segment of its type, https://dpbandit.io/problems/retired. */
    public static final String KIND = "retired";

    public RetiredException(Problem problem) {
        super(problem);
    }
}

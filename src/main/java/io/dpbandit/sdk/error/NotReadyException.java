package io.dpbandit.sdk.error;

/**
 * 409 not-ready: There is nothing to answer from yet: no model before the first release or round, or an epoch's randomiser plan still being computed. Ask again later.
 */
public class NotReadyException extends DpbanditProblemException {

    private static final long serialVersionUID = 1L;

    /** The kind this exception stands for: the last segment of its type, https://dpbandit.io/problems/not-ready. */
    public static final String KIND = "not-ready";

    public NotReadyException(Problem problem) {
        super(problem);
    }
}

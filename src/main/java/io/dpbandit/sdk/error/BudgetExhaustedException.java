package io.dpbandit.sdk.error;

/**
 * 409 budget-exhausted: The privacy budget (the bandit's or its shared budget) cannot pay for this release; nothing was released.
 */
public class BudgetExhaustedException extends DpbanditProblemException {

    private static final long serialVersionUID = 1L;

    /** The kind this exception stands for: the last segment of its type, https://dpbandit.io/problems/budget-exhausted. */
    public static final String KIND = "budget-exhausted";

    public BudgetExhaustedException(Problem problem) {
        super(problem);
    }
}

package io.dpbandit.privacy;

import io.dpbandit.client.privacy.PrivacyCost;

/** A charge that would take the spent privacy cost above the budget. Nothing was charged. */
public class PrivacyBudgetExceededException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    private final PrivacyBudget budget;
    private final PrivacyCost requested;

    public PrivacyBudgetExceededException(PrivacyBudget budget, PrivacyCost requested) {
        super("privacy budget exceeded: spent " + budget.spent() + " + requested " + requested
                + " > total " + budget.total());
        this.budget = budget;
        this.requested = requested;
    }

    public PrivacyBudget budget() {
        return budget;
    }

    public PrivacyCost requested() {
        return requested;
    }
}

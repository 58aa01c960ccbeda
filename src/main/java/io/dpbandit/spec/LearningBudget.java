package io.dpbandit.spec;

import io.dpbandit.privacy.BudgetSplit;

/** What the learning mechanisms of a bandit are calibrated to, given its rollout's evaluation. */
public final class LearningBudget {

    private LearningBudget() {
    }

    /**
     * The privacy section the learning mechanisms are calibrated to: the spec's, or, for a bandit with
     * a rollout, the same δ at the smaller ε whose Gaussian budget is the learning's share of the
     * whole ({@link BudgetSplit}); the evaluation has the rest. The ledger still checks every charge
     * against the spec's (ε, δ).
     */
    public static BanditSpec.Privacy privacy(BanditSpec spec) {
        BanditSpec.Privacy privacy = spec.privacy();
        Rollout rollout = spec.rollout();
        if (rollout == null || privacy == null || privacy.epsilon() == null || privacy.delta() == null
                || privacy.delta() <= 0 || rollout.evaluationShare() == null) {
            return privacy;
        }
        double epsilon = BudgetSplit.of(privacy.epsilon(), privacy.delta(), rollout.evaluationShare()).learningEpsilon();
        return new BanditSpec.Privacy(privacy.model(), epsilon, privacy.delta(), privacy.totalEpsilon(),
                privacy.composition(), privacy.unit(), privacy.maxRoundsPerUser(), privacy.budget(), privacy.accountant());
    }
}

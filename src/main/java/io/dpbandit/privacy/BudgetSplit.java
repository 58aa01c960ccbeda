package io.dpbandit.privacy;

import io.dpbandit.client.privacy.PrivacyCost;

/**
 * A bandit's Gaussian budget split between its learning and its evaluation (a rollout, docs/launch.md).
 *
 * <p>Gaussian releases compose as one Gaussian whose μ² is the sum of theirs (Dong, Roth &amp; Su
 * 2019, "Gaussian Differential Privacy", Cor. 3.3), so a share q of the budget's μ² = 2ρ_total goes
 * to the evaluation, μ_eval = √(2 q ρ_total), and the learning mechanisms are calibrated to the ε whose
 * Gaussian budget, at the same δ, is the rest: ρ_learn(ε_learn, δ) ≤ (1 − q) ρ_total. Together they
 * spend at most ρ_total, i.e. exactly the spec's (ε, δ) under the EXACT and ZCDP accountants
 * ({@link ZcdpAccounting#gaussianRho}: the Gaussian mechanism's exact profile, Balle &amp; Wang 2018).
 * The learning's ε is nudged down until its ρ is below its share by a relative 10⁻⁹, so that the
 * ledger's exact decimal sums (which round each double to its shortest decimal) never read above the
 * total.
 *
 * @param totalRho       ρ_total of the spec's (ε, δ)
 * @param evaluationRho  q · ρ_total: what the evaluation is charged
 * @param learningEpsilon the ε the learning mechanisms are calibrated to
 */
public record BudgetSplit(double totalRho, double evaluationRho, double learningEpsilon) {

    /** The split of (ε, δ) with a share q ∈ (0, 1) of its μ² for the evaluation. */
    public static BudgetSplit of(double epsilon, double delta, double evaluationShare) {
        if (!(evaluationShare > 0 && evaluationShare < 1)) {
            throw new IllegalArgumentException("the evaluation's share must be in (0, 1), got " + evaluationShare);
        }
        double total = ZcdpAccounting.budgetRho(new PrivacyCost(epsilon, delta));
        double evaluation = evaluationShare * total;
        double learningTarget = (1.0 - evaluationShare) * total * (1.0 - 1e-9);
        double d = PrivacyAmounts.calibrationValue(delta);
        double e = ZcdpAccounting.gaussianEpsilon(learningTarget, d);
        for (int i = 0; i < 200 && ZcdpAccounting.gaussianRho(PrivacyAmounts.calibrationValue(e), d) > learningTarget; i++) {
            e = e * (1.0 - 1e-10);
        }
        return new BudgetSplit(total, evaluation, e);
    }

    /** μ of the evaluation: one reward's Gaussian DP parameter across every evaluation release. */
    public double evaluationMu() {
        return StrictMath.sqrt(2.0 * evaluationRho);
    }
}

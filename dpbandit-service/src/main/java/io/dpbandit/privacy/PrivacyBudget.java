package io.dpbandit.privacy;

/**
 * An immutable (ε, δ) budget under basic composition: {@link #charge} returns a new budget or refuses.
 *
 * <h2>Round-off tolerance</h2>
 * A budget split into n equal shares (ε/n, or CAPRI's ε/ln T per release) must be spendable share by
 * share, but the shares are rounded and so is each running sum: n shares of fl(ε/n) can add up to a
 * few ulps above ε (e.g. 7 shares of 0.1/7 add up to 0.10000000000000002). The check therefore allows the
 * spent total to exceed the budget by {@link #RELATIVE_TOLERANCE} = 1e-12 relative. Justification:
 * the round-off of n additions and n share divisions is at most n·2^-53 ≈ n·1.1e-16 relative, i.e.
 * below 1e-12 for n ≤ 9000 shares; a real overspend is at least one share, ≥ ε/n, i.e. far above it.
 * The guarantee actually provided is then (ε(1 + 1e-12), δ(1 + 1e-12)), a difference no analysis
 * could detect. With a zero budget (δ = 0) the tolerance is zero: pure-DP budgets stay pure.
 */
public record PrivacyBudget(PrivacyCost total, PrivacyCost spent) {

    public static final double RELATIVE_TOLERANCE = 1e-12;

    public PrivacyBudget {
        if (total == null || spent == null) {
            throw new IllegalArgumentException("total and spent must not be null");
        }
        if (!within(spent.epsilon(), total.epsilon()) || !within(spent.delta(), total.delta())) {
            throw new IllegalArgumentException("spent " + spent + " exceeds total " + total);
        }
    }

    /** A fresh budget with nothing spent. */
    public static PrivacyBudget of(PrivacyCost total) {
        return new PrivacyBudget(total, PrivacyCost.ZERO);
    }

    /** Whether charging this cost keeps the spent total within the budget (up to the tolerance). */
    public boolean canAfford(PrivacyCost cost) {
        if (cost == null) {
            throw new IllegalArgumentException("cost must not be null");
        }
        return within(spent.epsilon() + cost.epsilon(), total.epsilon())
                && within(spent.delta() + cost.delta(), total.delta());
    }

    /**
     * The budget after charging {@code cost} (basic composition, Dwork &amp; Roth Thm 3.16).
     *
     * @throws PrivacyBudgetExceededException if it cannot be afforded; nothing is charged then
     */
    public PrivacyBudget charge(PrivacyCost cost) {
        if (!canAfford(cost)) {
            throw new PrivacyBudgetExceededException(this, cost);
        }
        return new PrivacyBudget(total, spent.plus(cost));
    }

    /** What is left, floored at zero. */
    public PrivacyCost remaining() {
        return new PrivacyCost(Math.max(0.0, total.epsilon() - spent.epsilon()),
                Math.max(0.0, total.delta() - spent.delta()));
    }

    private static boolean within(double amount, double limit) {
        return amount <= limit + limit * RELATIVE_TOLERANCE;
    }
}

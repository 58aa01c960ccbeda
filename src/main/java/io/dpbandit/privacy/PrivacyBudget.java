package io.dpbandit.privacy;

import io.dpbandit.client.privacy.PrivacyCost;

import java.math.BigDecimal;

/**
 * An immutable (ε, δ) budget under basic composition (Dwork &amp; Roth 2014, Theorem 3.16):
 * {@link #charge} returns a new budget or refuses. The amounts are the ledger's exact decimals
 * ({@link PrivacyAmounts}): spent is the exact sum of the charges, and a charge is affordable only
 * when spent + charge ≤ total exactly, with no tolerance. A budget split into equal shares is
 * split with {@link PrivacyAmounts#share}, whose shares add up to at most the total.
 */
public record PrivacyBudget(BigDecimal epsilonTotal, BigDecimal deltaTotal, BigDecimal epsilonSpent,
        BigDecimal deltaSpent) {

    public PrivacyBudget {
        if (epsilonTotal == null || deltaTotal == null || epsilonSpent == null || deltaSpent == null) {
            throw new IllegalArgumentException("amounts must not be null");
        }
        if (epsilonSpent.compareTo(epsilonTotal) > 0 || deltaSpent.compareTo(deltaTotal) > 0) {
            throw new IllegalArgumentException("spent (" + epsilonSpent + ", " + deltaSpent + ") exceeds total ("
                    + epsilonTotal + ", " + deltaTotal + ")");
        }
    }

    public PrivacyBudget(PrivacyCost total, PrivacyCost spent) {
        this(PrivacyAmounts.of(total.epsilon()), PrivacyAmounts.of(total.delta()), PrivacyAmounts.of(spent.epsilon()),
                PrivacyAmounts.of(spent.delta()));
    }

    /** A fresh budget with nothing spent. */
    public static PrivacyBudget of(PrivacyCost total) {
        return new PrivacyBudget(total, PrivacyCost.ZERO);
    }

    /** Whether charging this cost keeps the spent total within the budget, exactly. */
    public boolean canAfford(PrivacyCost cost) {
        if (cost == null) {
            throw new IllegalArgumentException("cost must not be null");
        }
        return epsilonSpent.add(PrivacyAmounts.of(cost.epsilon())).compareTo(epsilonTotal) <= 0
                && deltaSpent.add(PrivacyAmounts.of(cost.delta())).compareTo(deltaTotal) <= 0;
    }

    /**
     * The budget after charging {@code cost}.
     *
     * @throws PrivacyBudgetExceededException if it cannot be afforded; nothing is charged then
     */
    public PrivacyBudget charge(PrivacyCost cost) {
        if (!canAfford(cost)) {
            throw new PrivacyBudgetExceededException(this, cost);
        }
        return new PrivacyBudget(epsilonTotal, deltaTotal, epsilonSpent.add(PrivacyAmounts.of(cost.epsilon())),
                deltaSpent.add(PrivacyAmounts.of(cost.delta())));
    }

    /** The spent amounts as doubles (never above the totals' doubles). */
    public PrivacyCost spent() {
        return new PrivacyCost(epsilonSpent.doubleValue(), Math.min(1.0, deltaSpent.doubleValue()));
    }

    public PrivacyCost total() {
        return new PrivacyCost(epsilonTotal.doubleValue(), Math.min(1.0, deltaTotal.doubleValue()));
    }

    /** What is left, exactly, as doubles. */
    public PrivacyCost remaining() {
        return new PrivacyCost(epsilonTotal.subtract(epsilonSpent).doubleValue(),
                Math.min(1.0, deltaTotal.subtract(deltaSpent).doubleValue()));
    }
}

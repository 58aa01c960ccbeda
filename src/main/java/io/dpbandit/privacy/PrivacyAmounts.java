package io.dpbandit.privacy;

import java.math.BigDecimal;

/**
 * The exact arithmetic of the privacy ledger. A charge or a budget is the decimal that its double
 * prints as (its shortest round-tripping decimal, {@link BigDecimal#valueOf(double)}: what the
 * ledger's JSON shows, so an auditor adding the shown numbers gets the ledger's sums), and sums
 * and comparisons of those decimals are exact. So three charges of 0.1 spend exactly 0.3, and no
 * spent total can read even one ulp above its budget.
 *
 * <p>Conservative both ways:
 * <ul>
 *   <li>{@link #share} splits a total into {@code count} equal charges that add up to at most the
 *       total exactly (rounding the share down, never the sum up);</li>
 *   <li>{@link #calibrationValue} is the double a mechanism is calibrated at for a recorded charge:
 *       the largest double whose exact binary value does not exceed the recorded decimal. A double
 *       such as 0.1 is 5.5·10⁻¹⁸ above the decimal 0.1; calibrating at the next double below
 *       makes the mechanism at most as private-costly as the ledger says, at a relative cost in
 *       noise below 10⁻¹⁵.</li>
 * </ul>
 */
public final class PrivacyAmounts {

    private PrivacyAmounts() {
    }

    /** The ledger's exact decimal for an amount (ε or δ). */
    public static BigDecimal of(double amount) {
        if (!Double.isFinite(amount) || amount < 0) {
            throw new IllegalArgumentException("a privacy amount must be finite and non-negative, got " + amount);
        }
        return BigDecimal.valueOf(amount);
    }

    /**
     * The largest double d ≤ total / divisor such that {@code count} charges of d add up, as the
     * ledger adds them, to at most {@code total}. For a divisor of at least {@code count} this is
     * ⌊total / divisor⌋ to within a few ulps.
     */
    public static double share(double total, double divisor, int count) {
        if (!(divisor >= 1) || count < 1 || count > divisor + 1e-9 * divisor) {
            throw new IllegalArgumentException("need divisor >= count >= 1, got divisor " + divisor + ", count "
                    + count);
        }
        BigDecimal limit = of(total);
        BigDecimal n = BigDecimal.valueOf(count);
        double d = total / divisor;
        while (d > 0 && of(d).multiply(n).compareTo(limit) > 0) {
            d = Math.nextDown(d);
        }
        return d;
    }

    /**
     * The double a mechanism is calibrated at for a recorded amount: the largest double whose exact
     * binary value is at most the recorded decimal ({@code recorded} itself or the next double
     * below it).
     */
    public static double calibrationValue(double recorded) {
        BigDecimal decimal = of(recorded);
        return new BigDecimal(recorded).compareTo(decimal) <= 0 ? recorded : Math.nextDown(recorded);
    }

    /** The decimal as the closest double; for a sum at most a budget, never above the budget's double. */
    public static double toDouble(BigDecimal amount) {
        return amount.doubleValue();
    }

    /**
     * k·amount as the ledger records a charge of k releases: the smallest double not below the exact
     * product, so a charge never understates; when k shares from {@link #share} add up to at most a
     * total, so does this.
     */
    public static double timesRoundedUp(double amount, int k) {
        BigDecimal exact = of(amount).multiply(BigDecimal.valueOf(k));
        double d = exact.doubleValue();
        return of(d).compareTo(exact) < 0 ? Math.nextUp(d) : d;
    }
}

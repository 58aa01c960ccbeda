package io.dpbandit.privacy;

import java.math.BigDecimal;

/**
 * What a bandit commits at worst over its life, for one protected unit: the ρ = μ²/2 of its
 * Gaussian releases together (null: none), and how many exponential mechanisms it may run at which
 * ε each (0 and null: none). A shared budget's filter reserves this for it ({@link BudgetFilter}).
 */
public record Commitment(Double gaussianRho, long exponentialCount, Double exponentialEpsilon) {

    public static final Commitment NONE = new Commitment(null, 0, null);

    public Commitment {
        if (gaussianRho != null && !(gaussianRho >= 0)) {
            throw new IllegalArgumentException("a committed rho must be >= 0, got " + gaussianRho);
        }
        if (exponentialCount < 0 || exponentialCount > 0 && !(exponentialEpsilon != null && exponentialEpsilon > 0)) {
            throw new IllegalArgumentException("exponential mechanisms need a count >= 0 and a positive epsilon");
        }
    }

    /** Gaussian releases of ρ in all. */
    public static Commitment gaussian(double rho) {
        return new Commitment(rho, 0, null);
    }

    /** {@code count} exponential mechanisms at ε each. */
    public static Commitment exponential(long count, double epsilon) {
        return new Commitment(null, count, epsilon);
    }

    /** Whether a shared budget can measure it at all (Wishart noise has no such cost). */
    public boolean measurable() {
        return gaussianRho != null || exponentialCount > 0;
    }

    /** In the filter's measure, exactly in decimals: the Gaussian part plus count × one mechanism's. */
    public BigDecimal cost(BudgetFilter filter) {
        BigDecimal sum = BigDecimal.ZERO;
        if (gaussianRho != null) {
            sum = sum.add(PrivacyAmounts.of(filter.gaussian(gaussianRho)));
        }
        if (exponentialCount > 0) {
            sum = sum.add(PrivacyAmounts.of(filter.exponential(exponentialEpsilon))
                    .multiply(BigDecimal.valueOf(exponentialCount)));
        }
        return sum;
    }
}

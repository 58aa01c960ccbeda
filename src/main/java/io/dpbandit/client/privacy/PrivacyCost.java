package io.dpbandit.client.privacy;

import java.util.List;

/**
 * An (ε, δ) privacy cost, as charged to the ledger. ε is in nats (natural logs), δ a probability.
 *
 * <p>Replay: {@code +} and {@code *} on doubles are correctly rounded IEEE-754 operations (and Java 17
 * evaluates all floating point strictly), so summing the same costs in the same order gives the same
 * bits on every machine. The ledger must therefore sum in a fixed order (e.g. by entry id).
 */
public record PrivacyCost(double epsilon, double delta) {

    public static final PrivacyCost ZERO = new PrivacyCost(0.0, 0.0);

    public PrivacyCost {
        Checks.nonNegativeFinite(epsilon, "epsilon");
        if (!(delta >= 0 && delta <= 1)) {
            throw new IllegalArgumentException("delta must be in [0, 1], got " + delta);
        }
    }

    /** A pure ε-DP cost. */
    public static PrivacyCost pure(double epsilon) {
        return new PrivacyCost(epsilon, 0.0);
    }

    /** Basic composition of two mechanisms: (ε₁ + ε₂, δ₁ + δ₂) (Dwork &amp; Roth Thm 3.16). */
    public PrivacyCost plus(PrivacyCost other) {
        return new PrivacyCost(epsilon + other.epsilon, Math.min(1.0, delta + other.delta));
    }

    /** Basic composition of k copies: (kε, kδ), each a single correctly rounded product. */
    public PrivacyCost times(int k) {
        if (k < 0) {
            throw new IllegalArgumentException("k must be >= 0, got " + k);
        }
        return new PrivacyCost(k * epsilon, Math.min(1.0, k * delta));
    }

    /** Basic composition of a sequence, summed in list order (Dwork &amp; Roth Thm 3.16). */
    public static PrivacyCost sum(List<PrivacyCost> costs) {
        PrivacyCost total = ZERO;
        for (PrivacyCost cost : costs) {
            total = total.plus(cost);
        }
        return total;
    }
}

package io.dpbandit.privacy;

import io.dpbandit.client.privacy.Checks;
import io.dpbandit.client.privacy.PrivacyCost;

/**
 * Advanced composition (Dwork, Rothblum &amp; Vadhan 2010; Dwork &amp; Roth 2014, Thm 3.20): k
 * adaptively chosen (ε, δ)-DP mechanisms are together (ε', kδ + δ')-DP for every δ' &gt; 0, with
 * ε' = √(2k ln(1/δ'))·ε + k·ε·(e^ε − 1).
 *
 * <p>It beats basic composition (kε) only for many small steps: it is worse at (k = 10, ε = 0.1) and
 * (k = 5, ε = 1). e^ε − 1 is computed with expm1 (no cancellation for small ε), all in StrictMath.
 */
public final class AdvancedComposition {

    private AdvancedComposition() {
    }

    /** The (ε', kδ + δ') guarantee of k-fold composition of {@code each}. */
    public static PrivacyCost compose(PrivacyCost each, int k, double deltaPrime) {
        if (each == null) {
            throw new IllegalArgumentException("cost must not be null");
        }
        if (k < 1) {
            throw new IllegalArgumentException("k must be >= 1, got " + k);
        }
        Checks.openUnitInterval(deltaPrime, "delta'");
        double eps = each.epsilon();
        double epsilonTotal = StrictMath.sqrt(2.0 * k * StrictMath.log(1.0 / deltaPrime)) * eps
                + k * eps * StrictMath.expm1(eps);
        double deltaTotal = k * each.delta() + deltaPrime;
        if (!(deltaTotal <= 1.0)) {
            throw new IllegalArgumentException("k*delta + delta' = " + deltaTotal + " exceeds 1");
        }
        return new PrivacyCost(epsilonTotal, deltaTotal);
    }

    /** Whether the advanced bound on ε is smaller than the basic kε. */
    public static boolean beatsBasic(PrivacyCost each, int k, double deltaPrime) {
        return compose(each, k, deltaPrime).epsilon() < k * each.epsilon();
    }
}

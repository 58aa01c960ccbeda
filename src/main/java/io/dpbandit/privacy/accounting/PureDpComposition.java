package io.dpbandit.privacy.accounting;

/**
 * The optimal composition of k mechanisms that are each ε-DP (pure), adaptively chosen:
 * δ(ε') = (1 + e^ε)^(−k) Σ_{l=0..k} C(k, l) max(0, e^(lε) − e^(ε' + (k−l)ε)) (Kairouz, Oh &amp; Viswanath
 * 2015, "The composition theorem for differential privacy", Thm 3.3 at ε' = (k − 2i)ε; Murtagh &amp;
 * Vadhan 2016, "The complexity of computing the optimal composition of differential privacy", for
 * every ε'). It is the k-fold composition of binary randomized response, the worst case of every
 * ε-DP mechanism, exponential mechanism included.
 *
 * <p>Computed as Σ_l Binomial(k, e^ε/(1+e^ε))(l)·(1 − e^(ε' − (2l−k)ε)) with the binomial masses
 * built from the mode by ratios ({@link BinomialMasses}), never forming e^(lε) (overflow) nor
 * C(k, l) (cancelling log-factorials), and 1 − e^x as −expm1(x): the result's relative error is
 * O(k·u), and it is returned as an upper bound with that error added.
 */
public final class PureDpComposition {

    private PureDpComposition() {
    }

    /** An upper bound on δ(ε') of k ε-DP mechanisms, within O(k·u) relative of the exact value. */
    public static double delta(int k, double epsilon, double epsilonPrime) {
        return atoms(k, epsilon).delta(epsilonPrime);
    }

    /** The smallest ε' ≥ 0 with δ(ε') ≤ δ, never below the exact value. */
    public static double epsilon(int k, double epsilon, double delta) {
        GaussianDp.checkDelta(delta);
        return atoms(k, epsilon).epsilon(delta);
    }

    private static LossAtoms atoms(int k, double epsilon) {
        new Mechanism.PureDp(epsilon);
        if (k < 1) {
            throw new IllegalArgumentException("k must be >= 1, got " + k);
        }
        return LossAtoms.pureDp(k, epsilon, BoundSide.PESSIMISTIC, LossAtoms.FULL_CUT);
    }
}

package io.dpbandit.privacy.accounting;

/**
 * n-fold K-ary randomized response (local model, inputs x ≠ x'; Kairouz, Oh &amp; Viswanath 2016,
 * "Extremal mechanisms for local differential privacy", §4): each report's loss is +ε, 0 or −ε
 * with probabilities e^ε, K − 2 and 1 over e^ε + K − 1, and the n-fold law is their convolution on
 * the lattice εℤ (the multinomial sum), computed exactly up to rounding ({@link LossAtoms}).
 */
public final class RandomizedResponsePld {

    private RandomizedResponsePld() {
    }

    /** An upper bound on δ(ε') of n reports of K-ary randomized response at ε. */
    public static double delta(int outcomes, double epsilon, int n, double epsilonPrime) {
        return atoms(outcomes, epsilon, n).delta(epsilonPrime);
    }

    /** The smallest ε' ≥ 0 with δ(ε') ≤ δ, never below the exact value. */
    public static double epsilon(int outcomes, double epsilon, int n, double delta) {
        GaussianDp.checkDelta(delta);
        return atoms(outcomes, epsilon, n).epsilon(delta);
    }

    private static LossAtoms atoms(int outcomes, double epsilon, int n) {
        new Mechanism.RandomizedResponse(outcomes, epsilon);
        if (n < 1) {
            throw new IllegalArgumentException("n must be >= 1, got " + n);
        }
        return LossAtoms.randomizedResponse(outcomes, epsilon, n, BoundSide.PESSIMISTIC);
    }
}

package io.dpbandit.privacy.accounting;

/**
 * The exact privacy curve of one Laplace mechanism, ε₀ = Δ/b, P = Lap(0, b), Q = Lap(Δ, b): from its
 * PLD (atoms ½ at +ε₀ and e^(−ε₀)/2 at −ε₀, density e^((ℓ−ε₀)/2)/4 on (−ε₀, ε₀); Koskela, Jälkö
 * &amp; Honkela 2020), δ(ε) = 1 − e^((ε−ε₀)/2) for −ε₀ ≤ ε ≤ ε₀, 0 above ε₀ and 1 − e^ε below
 * −ε₀ (there E[e^(−L)] = 1). Compositions have no closed form used here: see
 * {@link DiscretePld#laplace}.
 */
public final class LaplacePld {

    private LaplacePld() {
    }

    /** δ(ε) of one Laplace mechanism, computed as −expm1((ε − ε₀)/2). */
    public static double delta(double epsilon0, double epsilon) {
        new Mechanism.Laplace(epsilon0);
        if (epsilon >= epsilon0) {
            return 0.0;
        }
        if (epsilon < -epsilon0) {
            return -StrictMath.expm1(epsilon);
        }
        return -StrictMath.expm1(0.5 * (epsilon - epsilon0));
    }

    /** An upper bound on δ(ε): the closed form with its three roundings (and expm1's ulp) added. */
    public static double deltaUpperBound(double epsilon0, double epsilon) {
        double d = delta(epsilon0, epsilon);
        return d == 0.0 ? 0.0 : Math.min(1.0, Fp.inflate(d, 8 * Fp.U * (1 + Math.abs(epsilon) + epsilon0)));
    }

    /**
     * The smallest ε ≥ 0 with δ(ε) ≤ δ: ε₀ + 2 ln(1 − δ) (by log1p), or 0, rounded up to stay on
     * the safe side.
     */
    public static double epsilon(double epsilon0, double delta) {
        new Mechanism.Laplace(epsilon0);
        GaussianDp.checkDelta(delta);
        double e = epsilon0 + 2.0 * StrictMath.log1p(-delta);
        if (e <= 0) {
            return 0.0;
        }
        return Math.min(epsilon0, StrictMath.nextUp(e + 8 * Fp.U * (epsilon0 + 2.0 * Math.abs(StrictMath.log1p(-delta)))));
    }
}

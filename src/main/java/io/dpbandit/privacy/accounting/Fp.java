package io.dpbandit.privacy.accounting;

/**
 * Floating-point constants and exact-arithmetic helpers behind the error bounds of this package.
 *
 * <p>Every bound here follows the standard model fl(a ∘ b) = (a ∘ b)(1 + θ), |θ| ≤ u = 2⁻⁵³, for
 * +, −, ×, ÷ and √ (IEEE 754 round-to-nearest, which Java guarantees everywhere since Java 17), and
 * an error below 1 ulp for {@link StrictMath#exp}, {@link StrictMath#expm1}, {@link StrictMath#log}
 * and {@link StrictMath#log1p} (fdlibm). A sum of n positive terms then has relative error at most
 * γₙ = nu/(1 − nu) (Higham 2002, "Accuracy and Stability of Numerical Algorithms", Lemma 3.1 and
 * §4.2); bounds below use 1.01·n·u for γₙ, valid for n·u ≤ 0.01.
 */
final class Fp {

    /** The unit roundoff u = 2⁻⁵³. */
    static final double U = 0x1p-53;

    /**
     * An absolute slack added to every pessimistic δ: masses below the smallest normal double can be
     * lost to underflow in a convolution (at most a few thousand of them, each below 2.3e-308).
     */
    static final double UNDERFLOW_SLACK = 1e-290;

    private Fp() {
    }

    /** γₙ of Higham's Lemma 3.1, as 1.01·n·u. */
    static double gamma(double n) {
        return 1.01 * n * U;
    }

    /**
     * Neumaier's compensated sum of squares, returned as an unevaluated pair {hi, lo} with
     * hi + lo = Σ xᵢ² up to about 2u relative (each square split exactly by {@link Math#fma}).
     */
    static double[] sumOfSquares(double[] xs) {
        double hi = 0.0;
        double lo = 0.0;
        for (double x : xs) {
            double p = x * x;
            double pe = Math.fma(x, x, -p);
            double s = hi + p;
            double e = Math.abs(hi) >= Math.abs(p) ? (hi - s) + p : (p - s) + hi;
            hi = s;
            lo += e + pe;
        }
        double s = hi + lo;
        double e = (hi - s) + lo;
        return new double[] {s, e};
    }

    /** x·(1 + r) rounded so that the result is at least x(1 + r) for x ≥ 0. */
    static double inflate(double x, double relative) {
        return StrictMath.nextUp(x + x * relative);
    }

    /** x·(1 − r) rounded so that the result is at most x(1 − r), floored at 0, for x ≥ 0. */
    static double deflate(double x, double relative) {
        return Math.max(0.0, StrictMath.nextDown(x - x * relative));
    }
}

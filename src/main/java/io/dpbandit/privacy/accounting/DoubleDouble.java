package io.dpbandit.privacy.accounting;

/**
 * A running sum kept as an unevaluated pair hi + lo (Dekker 1971, "A floating-point technique for
 * extending the available precision"; Knuth's two-sum), so that a filter's Σμᵢ² or Σρᵢ is exact to
 * about u² relative and the comparison with the budget is decided by the real sum, not by the
 * accumulated rounding of thousands of additions.
 */
final class DoubleDouble {

    final double hi;
    final double lo;

    static final DoubleDouble ZERO = new DoubleDouble(0.0, 0.0);

    private DoubleDouble(double hi, double lo) {
        this.hi = hi;
        this.lo = lo;
    }

    /** x exactly. */
    static DoubleDouble of(double x) {
        return new DoubleDouble(x, 0.0);
    }

    /** x²·scale exactly, for scale a power of two (x² split by fma). */
    static DoubleDouble square(double x, double scale) {
        double p = x * x;
        double e = Math.fma(x, x, -p);
        return normalise(p * scale, e * scale);
    }

    DoubleDouble plus(DoubleDouble other) {
        double s = hi + other.hi;
        double bb = s - hi;
        double err = (hi - (s - bb)) + (other.hi - bb); // two-sum: exact rounding error of s
        return normalise(s, err + lo + other.lo);
    }

    /** Whether this ≤ other as real numbers (both normalised). */
    boolean atMost(DoubleDouble other) {
        return hi < other.hi || (hi == other.hi && lo <= other.lo);
    }

    double value() {
        return hi + lo;
    }

    private static DoubleDouble normalise(double a, double b) {
        double s = a + b;
        double e = b - (s - a); // fast two-sum, |a| ≥ |b|
        return new DoubleDouble(s, e);
    }
}

package io.dpbandit.client.privacy;

/**
 * Arithmetic on grids g·Z whose spacing g is a power of two: the representation that protects noise
 * addition against the floating-point attack of Mironov (2012, "On significance of the least
 * significant bits for differential privacy", CCS).
 *
 * <p>Why: a textbook sampler returns x + noise with noise a double; the set of doubles reachable
 * from x differs from that reachable from a neighbouring x', so the low-order bits of a single
 * output can identify the input. If instead the input is first rounded to a grid g·Z and the noise
 * is an integer multiple k·g, then x̃ + k·g is an exact function of (x̃, k) (both are multiples of g,
 * and floating-point addition is correctly rounded), i.e. post-processing of a mechanism on the
 * lattice g·Z whose privacy we can analyse exactly. Powers of two make both steps exact: x/g is an
 * exact scaling, and k·g is exact for |k| < 2^53.
 */
public final class PowerOfTwoGrid {

    private PowerOfTwoGrid() {
    }

    /**
     * The smallest power of two ≥ x, for positive normal x (Google's SecureNoiseMath.ceilPowerOfTwo).
     */
    public static double ceilPowerOfTwo(double x) {
        if (!(x >= Double.MIN_NORMAL) || Double.isInfinite(x)) {
            throw new IllegalArgumentException("ceilPowerOfTwo needs a positive normal finite value, got " + x);
        }
        int exponent = Math.getExponent(x);
        double floor = Math.scalb(1.0, exponent);
        return floor == x ? x : Math.scalb(1.0, exponent + 1);
    }

    /** Whether g is a positive, normal power of two. */
    public static boolean isPowerOfTwo(double g) {
        return g >= Double.MIN_NORMAL && !Double.isInfinite(g) && Math.scalb(1.0, Math.getExponent(g)) == g;
    }

    /**
     * x rounded to the nearest multiple of the power of two g (ties to even). Exact: x/g is a scaling
     * by a power of two, {@code rint} is exact, and k·g is exact for the |k| < 2^52 that can occur.
     */
    public static double roundToMultiple(double x, double g) {
        if (!isPowerOfTwo(g)) {
            throw new IllegalArgumentException("granularity must be a normal power of two, got " + g);
        }
        if (!Double.isFinite(x)) {
            throw new IllegalArgumentException("cannot round a non-finite value to a grid: " + x);
        }
        // With |x| >= 2^52·g, the spacing of doubles near x is already >= g and x is a multiple of g.
        if (Math.abs(x) >= Math.scalb(g, 52)) {
            return x;
        }
        return StrictMath.rint(x / g) * g;
    }

    /** Whether x is an integer multiple of the power of two g. */
    public static boolean isMultipleOf(double x, double g) {
        return Double.isFinite(x) && roundToMultiple(x, g) == x;
    }
}

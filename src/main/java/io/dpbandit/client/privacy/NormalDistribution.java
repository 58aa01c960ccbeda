package io.dpbandit.client.privacy;

/**
 * The standard normal CDF Φ and its logarithm, accurate far into both tails.
 *
 * <p>Φ(x) = erfc(−x/√2)/2 (never 1 − erf, which cancels to 0 below x ≈ −8). In the lower tail it is
 * evaluated as erfcx(−x/√2)·exp(−x²/2)/2, with exp(−x²/2) computed from x itself (Cody's split of
 * x²), so the rounding of −x/√2 only enters through the slowly varying erfcx. log Φ for very negative
 * x uses log erfcx(z) − z² − ln 2, which stays finite where Φ underflows (log Φ(−40) = −804.6).
 * Accuracy against 50-digit references (testvectors/gaussian_mechanism.json): ~1e-15 relative for Φ,
 * ~1e-16·|log Φ| for log Φ. {@link StrictMath} throughout, so results replay bit for bit.
 */
public final class NormalDistribution {

    private static final double INV_SQRT2 = 0.70710678118654752440;
    private static final double LN2 = 0.69314718055994530942;
    /** |z| below this is Cody's first interval, where erfc = 1 − erf has no cancellation. */
    private static final double SMALL = 0.46875;
    /** Below this x, log Φ is taken from erfcx instead of log(Φ) (Φ(−5) ≈ 2.9e-7, far from underflow). */
    private static final double LOG_TAIL = -5.0;

    private NormalDistribution() {
    }

    /** Φ(x), the standard normal CDF. Subnormal below x ≈ −37.5 and 0 below x ≈ −38.5. */
    public static double cdf(double x) {
        if (Double.isNaN(x)) {
            return Double.NaN;
        }
        double z = -x * INV_SQRT2;
        if (Math.abs(z) <= SMALL) {
            return 0.5 * ErrorFunction.erfc(z);
        }
        if (x < 0) {
            return lowerTail(x, z);
        }
        // Upper half: 1 − Φ(−x). Φ(−x) is accurate, and the subtraction only rounds.
        return 1.0 - lowerTail(-x, -z);
    }

    /** log Φ(x), finite for every finite x (e.g. −804.608 at x = −40, where Φ underflows). */
    public static double logCdf(double x) {
        if (Double.isNaN(x)) {
            return Double.NaN;
        }
        if (x < LOG_TAIL) {
            double z = -x * INV_SQRT2;
            // Φ(x) = erfcx(z)·e^{−x²/2}/2. The absolute error of 0.5·x·x is ~|x²|·2^-53,
            // i.e. relative 1e-16 of log Φ, well inside the required 1e-12·|log Φ|.
            return StrictMath.log(ErrorFunction.erfcx(z)) - 0.5 * x * x - LN2;
        }
        if (x <= 0) {
            return StrictMath.log(cdf(x));
        }
        // log(1 − Φ(−x)) without cancellation: log Φ(9) = −1.13e-19.
        return StrictMath.log1p(-cdf(-x));
    }

    /** Φ(x) for x < 0 with z = −x/√2 > 0.46875. */
    private static double lowerTail(double x, double z) {
        return 0.5 * ErrorFunction.erfcx(z) * expMinusHalfSquare(x);
    }

    /** exp(−x²/2), with x² split so that the rounding of x² does not cost accuracy. */
    private static double expMinusHalfSquare(double x) {
        double y = Math.abs(x);
        // ys has at most 10 significant bits here (|x| < 2^10 matters; beyond, the result is 0),
        // so ys·ys/2 is exact and del carries the small remainder.
        double ys = StrictMath.floor(y * 16.0) / 16.0;
        double del = (y - ys) * (y + ys);
        return StrictMath.exp(-0.5 * ys * ys) * StrictMath.exp(-0.5 * del);
    }
}

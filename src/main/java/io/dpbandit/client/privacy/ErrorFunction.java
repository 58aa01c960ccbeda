package io.dpbandit.client.privacy;

/**
 * The error function family erf, erfc and the scaled erfcx(x) = exp(x²)·erfc(x), by W. J. Cody's
 * rational Chebyshev approximations ("Rational Chebyshev approximations for the error function",
 * Math. Comp. 23 (1969) 631–637; the coefficients of Netlib SPECFUN {@code CALERF}).
 *
 * <p>Why this exists: the JDK has no erf/erfc, and the analytic Gaussian mechanism needs Φ far into
 * the lower tail, where {@code 1 - erf} cancels to zero and Abramowitz–Stegun 7.1.26 (absolute error
 * 1.5e-7) is larger than the δ being computed. Cody's approximations reach about 1e-16 relative error
 * on each of their three intervals. Everything is evaluated with {@link StrictMath}, so results are
 * bit-identical on every JVM (the calibrated σ must replay exactly in the ledger).
 */
public final class ErrorFunction {

    /** 1/√π. */
    static final double ONE_OVER_SQRT_PI = 5.6418958354775628695e-1;

    /** Boundary between Cody's first (erf) and second (erfc) intervals. */
    private static final double SMALL = 0.46875;
    /** Boundary between the second and third (asymptotic) intervals. */
    private static final double MEDIUM = 4.0;
    /** Below this, x² underflows relative to 1 and erf(x) = 2x/√π to working precision. */
    private static final double TINY = 1.11e-16;

    // Interval 1, |x| <= 0.46875: erf(x) = x·A(x²)/B(x²).
    private static final double[] A = {
        3.16112374387056560e00, 1.13864154151050156e02, 3.77485237685302021e02,
        3.20937758913846947e03, 1.85777706184603153e-1};
    private static final double[] B = {
        2.36012909523441209e01, 2.44024637934444173e02, 1.28261652607737228e03,
        2.84423683343917062e03};

    // Interval 2, 0.46875 < x <= 4: erfcx(x) = C(x)/D(x).
    private static final double[] C = {
        5.64188496988670089e-1, 8.88314979438837594e00, 6.61191906371416295e01,
        2.98635138197400131e02, 8.81952221241769090e02, 1.71204761263407058e03,
        2.05107837782607147e03, 1.23033935479799725e03, 2.15311535474403846e-8};
    private static final double[] D = {
        1.57449261107098347e01, 1.17693950891312499e02, 5.37181101862009858e02,
        1.62138957456669019e03, 3.29079923573345963e03, 4.36261909014324716e03,
        3.43936767414372164e03, 1.23033935480374942e03};

    // Interval 3, x > 4: erfcx(x) = (1/√π − P(1/x²)/(x²·Q(1/x²)))/x.
    private static final double[] P = {
        3.05326634961232344e-1, 3.60344899949804439e-1, 1.25781726111229246e-1,
        1.60837851487422766e-2, 6.58749161529837803e-4, 1.63153871373020978e-2};
    private static final double[] Q = {
        2.56852019228982242e00, 1.87295284992346047e00, 5.27905102951428412e-1,
        6.05183413124413191e-2, 2.33520497626869185e-3};

    private ErrorFunction() {
    }

    /** erf(x). */
    public static double erf(double x) {
        if (Double.isNaN(x)) {
            return Double.NaN;
        }
        double y = Math.abs(x);
        if (y <= SMALL) {
            return erfSmall(x);
        }
        // erf = 1 − erfc: no cancellation here because erfc(|x|) < 0.51 on this range.
        double complement = erfcPositive(y);
        return x > 0 ? 1.0 - complement : complement - 1.0;
    }

    /** erfc(x) = 1 − erf(x), accurate to ~1e-16 relative also where it is tiny (x up to 26.5). */
    public static double erfc(double x) {
        if (Double.isNaN(x)) {
            return Double.NaN;
        }
        double y = Math.abs(x);
        if (y <= SMALL) {
            return 1.0 - erfSmall(x);
        }
        double upper = erfcPositive(y);
        return x > 0 ? upper : 2.0 - upper;
    }

    /**
     * The scaled complementary error function erfcx(x) = exp(x²)·erfc(x) for x ≥ 0. It is bounded
     * (erfcx(0) = 1, erfcx(x) ~ 1/(x√π)) and never underflows, which is what makes log Φ available
     * where Φ itself underflows: log erfc(x) = log erfcx(x) − x².
     *
     * @throws IllegalArgumentException for negative or NaN x (not needed by this package)
     */
    public static double erfcx(double x) {
        if (!(x >= 0)) {
            throw new IllegalArgumentException("erfcx is implemented for x >= 0 only, got " + x);
        }
        if (x <= SMALL) {
            return StrictMath.exp(x * x) * (1.0 - erfSmall(x));
        }
        if (x <= MEDIUM) {
            return rationalC(x);
        }
        return asymptotic(x);
    }

    /** exp(−x²), with x² split as in Cody's code so that the rounding of x² does not cost accuracy. */
    static double expMinusSquare(double y) {
        // ys has at most 5 + 4 significant bits, so ys·ys is exact; del = y² − ys² is small and
        // carries the rest. Naively, exp(−y·y) would lose ~y²·2^-53 relative (1.8e-13 at y = 40).
        double ys = StrictMath.floor(y * 16.0) / 16.0;
        double del = (y - ys) * (y + ys);
        return StrictMath.exp(-ys * ys) * StrictMath.exp(-del);
    }

    private static double erfSmall(double x) {
        double y = Math.abs(x);
        double ysq = y > TINY ? y * y : 0.0;
        double num = A[4] * ysq;
        double den = ysq;
        for (int i = 0; i < 3; i++) {
            num = (num + A[i]) * ysq;
            den = (den + B[i]) * ysq;
        }
        return x * (num + A[3]) / (den + B[3]);
    }

    /** erfc(y) for y > 0.46875. */
    private static double erfcPositive(double y) {
        double scaled = y <= MEDIUM ? rationalC(y) : asymptotic(y);
        return expMinusSquare(y) * scaled;
    }

    private static double rationalC(double y) {
        double num = C[8] * y;
        double den = y;
        for (int i = 0; i < 7; i++) {
            num = (num + C[i]) * y;
            den = (den + D[i]) * y;
        }
        return (num + C[7]) / (den + D[7]);
    }

    private static double asymptotic(double y) {
        // For y > ~1e154, y·y overflows, ysq becomes 0 and the result is 1/(y√π), which is correct.
        double ysq = 1.0 / (y * y);
        double num = P[5] * ysq;
        double den = ysq;
        for (int i = 0; i < 4; i++) {
            num = (num + P[i]) * ysq;
            den = (den + Q[i]) * ysq;
        }
        double correction = ysq * (num + P[4]) / (den + Q[4]);
        return (ONE_OVER_SQRT_PI - correction) / y;
    }
}

package io.dpbandit.client.privacy;

/**
 * Noise calibration for the Gaussian mechanism M(D) = f(D) + N(0, σ²I), where f has L2 sensitivity
 * Δ = max ‖f(D) − f(D')‖₂ over neighbouring D, D'.
 *
 * <ul>
 *   <li>{@link CalibrationMethod#CLASSICAL}: σ = Δ·√(2 ln(1.25/δ))/ε (Dwork &amp; Roth 2014, Thm A.1),
 *       proved for ε &lt; 1. At ε = 8, 16 it is actually too small (its exact δ exceeds the target),
 *       so it is refused for ε &gt; 1.</li>
 *   <li>{@link CalibrationMethod#ANALYTIC}: the smallest σ with δ(σ) ≤ δ, where
 *       δ(σ) = Φ(Δ/(2σ) − εσ/Δ) − e^ε·Φ(−Δ/(2σ) − εσ/Δ) is the mechanism's exact privacy profile
 *       (Balle &amp; Wang 2018, "Improving the Gaussian mechanism for differential privacy", Thm 8;
 *       their Alg 1 solves the same equation). Valid for every ε and never larger than classical.</li>
 * </ul>
 * All arithmetic is {@link StrictMath}, so a σ recomputed from a ledger entry is bit-identical.
 */
public final class GaussianCalibrator {

    /** Bisection stops when hi/lo − 1 ≤ this; the feasible end hi is returned. */
    static final double RELATIVE_TOLERANCE = 1e-12;

    private GaussianCalibrator() {
    }

    /** Calibrates σ by the given method; CLASSICAL is refused for ε &gt; 1. */
    public static GaussianCalibration calibrate(
            double sensitivity, double epsilon, double delta, CalibrationMethod method) {
        if (method == null) {
            throw new IllegalArgumentException("calibration method must not be null");
        }
        return method == CalibrationMethod.ANALYTIC
                ? analytic(sensitivity, epsilon, delta)
                : classical(sensitivity, epsilon, delta);
    }

    /** Analytic calibration (Balle &amp; Wang 2018, Thm 8). */
    public static GaussianCalibration analytic(double sensitivity, double epsilon, double delta) {
        return new GaussianCalibration(sensitivity, epsilon, delta,
                analyticSigma(sensitivity, epsilon, delta), CalibrationMethod.ANALYTIC);
    }

    /**
     * Classical calibration (Dwork &amp; Roth, Thm A.1).
     *
     * @throws IllegalArgumentException if ε &gt; 1, where the theorem does not apply (use ANALYTIC)
     */
    public static GaussianCalibration classical(double sensitivity, double epsilon, double delta) {
        double sigma = classicalSigma(sensitivity, epsilon, delta);
        if (!classicalFormulaValid(epsilon)) {
            throw new IllegalArgumentException("the classical Gaussian calibration (Dwork & Roth Thm A.1) "
                    + "holds only for epsilon <= 1, got " + epsilon + "; use ANALYTIC");
        }
        // Belt and braces: the theorem guarantees this for ε ≤ 1; check the exact profile anyway.
        double exact = exactDelta(sensitivity, epsilon, sigma);
        if (exact > delta) {
            throw new IllegalStateException("classical sigma " + sigma + " has exact delta " + exact
                    + " > " + delta + "; use ANALYTIC");
        }
        return new GaussianCalibration(sensitivity, epsilon, delta, sigma, CalibrationMethod.CLASSICAL);
    }

    /** Whether Dwork &amp; Roth's Thm A.1 covers this ε (ε ≤ 1; the theorem states ε ∈ (0, 1)). */
    public static boolean classicalFormulaValid(double epsilon) {
        return epsilon <= 1.0;
    }

    /**
     * The classical formula alone, σ = Δ·√(2 ln(1.25/δ))/ε, for any ε &gt; 0 (for comparisons; it is a
     * valid calibration only where {@link #classicalFormulaValid} holds).
     */
    public static double classicalSigma(double sensitivity, double epsilon, double delta) {
        checkPrivacyParameters(sensitivity, epsilon, delta);
        return sensitivity * StrictMath.sqrt(2.0 * StrictMath.log(1.25 / delta)) / epsilon;
    }

    /**
     * The smallest σ with δ(σ) ≤ δ (Balle &amp; Wang 2018, Thm 8), to relative 1e-12, never below it.
     *
     * <p>δ(σ) depends on σ only through σ/Δ, so the search runs on r = σ/Δ and returns Δ·r: σ is
     * exactly linear in Δ up to one rounding. δ(r) decreases from 1 (r → 0) to 0 (r → ∞); the
     * bracket [lo, hi] with δ(lo) &gt; δ ≥ δ(hi) is found by doubling/halving from r = 1 and then
     * narrowed by geometric bisection (the midpoint √(lo·hi) halves log(hi/lo), which suits a
     * quantity that ranges over many orders of magnitude).
     */
    public static double analyticSigma(double sensitivity, double epsilon, double delta) {
        checkPrivacyParameters(sensitivity, epsilon, delta);
        double hi = 1.0;
        while (unitDelta(epsilon, hi) > delta) {
            hi *= 2.0;
        }
        double lo = 1.0;
        while (unitDelta(epsilon, lo) <= delta) {
            lo *= 0.5;
        }
        while (hi / lo - 1.0 > RELATIVE_TOLERANCE) {
            double mid = StrictMath.sqrt(lo * hi);
            if (mid <= lo || mid >= hi) {
                break; // adjacent doubles
            }
            if (unitDelta(epsilon, mid) <= delta) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return sensitivity * hi;
    }

    /**
     * The exact δ of the Gaussian mechanism with noise σ at privacy level ε (Balle &amp; Wang 2018,
     * Thm 8): δ(σ) = Φ(a − b) − e^ε·Φ(−a − b), a = Δ/(2σ), b = εσ/Δ.
     *
     * <p>Evaluated as Φ(a−b)·(1 − exp(ε + log Φ(−a−b) − log Φ(a−b))) with expm1: e^ε never overflows
     * (ε = 16 would be harmless, ε = 800 would not be), underflowing Φ's are handled through log Φ,
     * and the near-cancellation of the two terms keeps its relative accuracy.
     */
    public static double exactDelta(double sensitivity, double epsilon, double sigma) {
        Checks.positiveFinite(sensitivity, "sensitivity");
        Checks.positiveFinite(epsilon, "epsilon");
        Checks.positiveFinite(sigma, "sigma");
        return unitDelta(epsilon, sigma / sensitivity);
    }

    /** δ at Δ = 1 and σ = r. */
    private static double unitDelta(double epsilon, double r) {
        double a = 0.5 / r;
        double b = epsilon * r;
        double logFirst = NormalDistribution.logCdf(a - b);
        double logSecond = epsilon + NormalDistribution.logCdf(-a - b);
        double value = StrictMath.exp(logFirst) * -StrictMath.expm1(logSecond - logFirst);
        return Math.max(0.0, value); // δ ≥ 0 mathematically; never report a rounding artefact below it
    }

    private static void checkPrivacyParameters(double sensitivity, double epsilon, double delta) {
        Checks.positiveFinite(sensitivity, "sensitivity");
        Checks.positiveFinite(epsilon, "epsilon");
        Checks.openUnitInterval(delta, "delta");
    }
}

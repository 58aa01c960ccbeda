package io.dpbandit.privacy.accounting;

import io.dpbandit.client.privacy.NormalDistribution;

/**
 * Gaussian differential privacy (Dong, Roth &amp; Su 2022, "Gaussian differential privacy", JRSS B):
 * the exact (ε, δ) curve of a μ-GDP mechanism, its inverses, and composition.
 *
 * <ul>
 *   <li>δ_μ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) (Dong, Roth &amp; Su 2022, Cor 2.13; the same
 *       curve is the Gaussian mechanism's exact privacy profile, Balle &amp; Wang 2018, "Improving the
 *       Gaussian mechanism for differential privacy", Thm 8). It is the hockey-stick divergence of
 *       the PLD N(μ²/2, μ²) and holds for every real ε, which the mixed route needs.</li>
 *   <li>Composition of μᵢ-GDP mechanisms, adaptively chosen queries, is exactly
 *       √(Σμᵢ²)-GDP (Dong, Roth &amp; Su 2022, Cor 3.3).</li>
 * </ul>
 *
 * <p>Evaluation: δ = Φ(a)·(1 − e^x) with a = −ε/μ + μ/2, b = −ε/μ − μ/2 and
 * x = ε + ln Φ(b) − ln Φ(a), the product e^ε·Φ(b) taken as exp(ε + ln Φ(b)) and 1 − e^x as
 * −expm1(x), with {@link NormalDistribution}'s tail-accurate Φ. The bounds propagate an error of
 * {@value #LOG_PHI_ABSOLUTE_ERROR}·max(1, |ln Φ|) in each ln Φ (ten times the error measured for
 * {@link NormalDistribution} against 50-digit values, testvectors/gaussian_mechanism.json), the
 * rounding of a and b through the slope |d ln Φ/dx| ≤ |x| + 1, and the rounding of the rest:
 * δ is increasing in ln Φ(a) and decreasing in x, so {@link #deltaUpperBound} evaluates it at
 * ln Φ(a) + e_a and x − e_x. Every result is {@link StrictMath}, so it replays bit for bit.
 */
public final class GaussianDp {

    /** Assumed absolute error of {@link NormalDistribution#logCdf}, relative to max(1, |ln Φ|). */
    static final double LOG_PHI_ABSOLUTE_ERROR = 1e-14;

    private GaussianDp() {
    }

    /** δ_μ(ε), the closed form's best estimate (any real ε; μ ≥ 0 finite). */
    public static double delta(double mu, double epsilon) {
        return evaluate(mu, epsilon, 0);
    }

    /** An upper bound on δ_μ(ε) that includes every rounding error. */
    public static double deltaUpperBound(double mu, double epsilon) {
        return evaluate(mu, epsilon, 1);
    }

    /** A lower bound on δ_μ(ε) that includes every rounding error. */
    public static double deltaLowerBound(double mu, double epsilon) {
        return evaluate(mu, epsilon, -1);
    }

    /**
     * ε_μ(δ): the smallest ε ≥ 0 with δ_μ(ε) ≤ δ, on the safe side: {@link #deltaUpperBound} at the
     * returned ε is ≤ δ, so the true ε is never above it. 0 for μ = 0.
     */
    public static double epsilon(double mu, double delta) {
        checkMu(mu);
        checkDelta(delta);
        if (mu == 0.0) {
            return 0.0;
        }
        return Solver.smallestFeasible(e -> deltaUpperBound(mu, e), delta, 0.0, mu * mu / 2.0 + mu)[1];
    }

    /**
     * μ(ε, δ): the largest μ with δ_μ(ε) ≤ δ (a single Gaussian mechanism, or a whole composition,
     * calibrated exactly to (ε, δ); Balle &amp; Wang 2018, Thm 8), never above the true value:
     * {@link #deltaUpperBound} at the returned μ is ≤ δ.
     */
    public static double mu(double epsilon, double delta) {
        if (!(epsilon >= 0) || Double.isInfinite(epsilon)) {
            throw new IllegalArgumentException("epsilon must be non-negative and finite, got " + epsilon);
        }
        checkDelta(delta);
        return Solver.largestFeasible(m -> deltaUpperBound(m, epsilon), delta, 1.0)[0];
    }

    /**
     * √(Σμᵢ²) of a composition (Dong, Roth &amp; Su 2022, Cor 3.3), rounded up: a compensated sum of
     * exact squares, then √ and one step up, so the result is never below the true value and
     * within 4u of it.
     */
    public static double compose(double... mus) {
        for (double m : mus) {
            checkMu(m);
        }
        double[] sum = Fp.sumOfSquares(mus);
        double s = sum[0] + Math.abs(sum[1]) + sum[0] * (4 * Fp.U);
        return StrictMath.nextUp(StrictMath.sqrt(s));
    }

    /** √(Σμᵢ²) rounded down (the counterpart of {@link #compose} for lower bounds). */
    static double composeLower(double... mus) {
        double[] sum = Fp.sumOfSquares(mus);
        double s = Math.max(0.0, sum[0] - Math.abs(sum[1]) - sum[0] * (4 * Fp.U));
        return Math.max(0.0, StrictMath.nextDown(StrictMath.sqrt(s)));
    }

    /** side 0: estimate; +1: upper bound; −1: lower bound. */
    private static double evaluate(double mu, double epsilon, int side) {
        checkMu(mu);
        if (Double.isNaN(epsilon)) {
            throw new IllegalArgumentException("epsilon must not be NaN");
        }
        if (mu == 0.0) {
            // The loss is 0 almost surely: δ(ε) = max(0, 1 − e^ε).
            if (epsilon >= 0) {
                return 0.0;
            }
            double d = -StrictMath.expm1(epsilon);
            return side > 0 ? Fp.inflate(d, 2 * Fp.U) : side < 0 ? Fp.deflate(d, 2 * Fp.U) : d;
        }
        if (epsilon == Double.POSITIVE_INFINITY) {
            return 0.0;
        }
        if (epsilon == Double.NEGATIVE_INFINITY) {
            return 1.0;
        }
        double ratio = epsilon / mu;
        double half = 0.5 * mu;
        double a = half - ratio;
        double b = -half - ratio;
        double la = NormalDistribution.logCdf(a);
        double lb = NormalDistribution.logCdf(b);
        double x = (epsilon + lb) - la;
        if (side == 0) {
            return Math.max(0.0, StrictMath.exp(la) * -StrictMath.expm1(x));
        }
        double inputs = 2 * Fp.U * (Math.abs(ratio) + half);
        double ea = LOG_PHI_ABSOLUTE_ERROR * Math.max(1.0, Math.abs(la)) + (Math.abs(a) + 1.0) * inputs;
        double eb = LOG_PHI_ABSOLUTE_ERROR * Math.max(1.0, Math.abs(lb)) + (Math.abs(b) + 1.0) * inputs;
        double ex = ea + eb + 2 * Fp.U * (Math.abs(epsilon) + Math.abs(lb) + Math.abs(la));
        if (side > 0) {
            double d = StrictMath.exp(la + ea) * -StrictMath.expm1(x - ex);
            return Math.min(1.0, Fp.inflate(Math.max(0.0, d), 8 * Fp.U));
        }
        double d = StrictMath.exp(la - ea) * -StrictMath.expm1(x + ex);
        return Fp.deflate(Math.max(0.0, d), 8 * Fp.U);
    }

    private static void checkMu(double mu) {
        if (!(mu >= 0) || Double.isInfinite(mu)) {
            throw new IllegalArgumentException("mu must be non-negative and finite, got " + mu);
        }
    }

    static void checkDelta(double delta) {
        if (!(delta > 0 && delta < 1)) {
            throw new IllegalArgumentException("delta must be in (0, 1), got " + delta);
        }
    }

    /**
     * μᵢ for L Gaussian releases with relative weights wᵢ whose composition is exactly (ε, δ)-DP:
     * μ_total = {@link #mu}(ε, δ) and μᵢ = μ_total·wᵢ/√Σw² (Dong, Roth &amp; Su 2022,
     * Cor 3.3), scaled down by a few ulps if needed so that {@link #compose} of the
     * result, which rounds up, is ≤ μ_total. A release with sensitivity Δᵢ then takes σᵢ = Δᵢ/μᵢ.
     */
    public static double[] calibrate(double epsilon, double delta, double... weights) {
        if (weights == null || weights.length == 0) {
            throw new IllegalArgumentException("at least one weight is needed");
        }
        for (double w : weights) {
            if (!(w > 0) || Double.isInfinite(w)) {
                throw new IllegalArgumentException("weights must be positive and finite, got " + w);
            }
        }
        double total = GaussianDp.mu(epsilon, delta);
        double[] squares = Fp.sumOfSquares(weights);
        double norm = StrictMath.sqrt(squares[0] + squares[1]);
        double[] mus = new double[weights.length];
        double scale = total / norm;
        for (int i = 0; i < 64; i++) {
            for (int j = 0; j < mus.length; j++) {
                mus[j] = scale * weights[j];
            }
            if (GaussianDp.compose(mus) <= total) {
                return mus;
            }
            scale *= 1 - 8 * Fp.U;
        }
        throw new IllegalStateException("could not scale the weights under mu = " + total);
    }
}

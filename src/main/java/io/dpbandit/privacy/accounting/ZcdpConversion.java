package io.dpbandit.privacy.accounting;

/**
 * Conversions from ρ-zCDP to (ε, δ)-DP, kept for comparison with the exact accountant and for the
 * {@link ZcdpFilter}. Both are valid for any ρ-zCDP mechanism, adaptive compositions included.
 *
 * <p>Results are bounds in the safe direction: {@link #epsilon} and {@link #delta} are rounded up
 * (a relative margin of 16u on ε plus the rounding of each term; e^(bound of ln δ) for δ), and
 * {@link #rho} is the largest ρ whose own {@link #epsilon} does not exceed ε.
 */
public enum ZcdpConversion {

    /**
     * Canonne, Kamath &amp; Steinke 2020, "The discrete Gaussian for differential privacy", Prop 12
     * (for Rényi DP) and Cor 13 (for zCDP): ρ-zCDP gives (ε, δ)-DP with
     * δ = inf_{α&gt;1} e^((α−1)(αρ−ε))/(α−1)·(1−1/α)^α, equivalently
     * ε = inf_{α&gt;1} [αρ + ln(1 − 1/α) − (ln δ + ln α)/(α − 1)]. The infimum is over real α: the ε
     * minimiser solves (α−1)²ρ + ln α = ln(1/δ) ({@link #cksAlpha}), the δ minimiser
     * (2α−1)ρ + ln(1 − 1/α) = ε; both left sides increase in α, so each has one root, found by
     * bisection. Any α gives a valid bound, so the root's accuracy only affects tightness.
     */
    CANONNE_KAMATH_STEINKE {
        @Override
        public double epsilon(double rho, double delta) {
            checkRho(rho);
            GaussianDp.checkDelta(delta);
            if (rho == 0.0) {
                return 0.0;
            }
            double beta = cksAlpha(rho, delta) - 1.0;
            double l = -StrictMath.log(delta);
            double lb = StrictMath.log(beta);
            double l1 = StrictMath.log1p(beta);
            // ε(α) = αρ + ln(1 − 1/α) + (ln(1/δ) − ln α)/(α − 1), with β = α − 1.
            double t1 = (1.0 + beta) * rho;
            double t2 = lb - l1;
            double t3 = (l - l1) / beta;
            double value = t1 + t2 + t3;
            double error = 16 * Fp.U * (Math.abs(t1) + Math.abs(lb) + Math.abs(l1) + Math.abs(t3) + l / beta);
            return Math.max(0.0, StrictMath.nextUp(value + error));
        }

        @Override
        public double delta(double rho, double epsilon) {
            checkRho(rho);
            checkEpsilon(epsilon);
            if (rho == 0.0) {
                return 0.0;
            }
            // Root of (1 + 2β)ρ + ln β − ln(1 + β) = ε, increasing in β > 0.
            double lo = 1.0;
            double hi = 1.0;
            while (stationarity(lo, rho) > epsilon) {
                lo *= 0.5;
                if (lo < 1e-300) {
                    return 1.0;
                }
            }
            while (stationarity(hi, rho) <= epsilon) {
                hi *= 2.0;
            }
            double beta = bisect(lo, hi, b -> stationarity(b, rho) <= epsilon);
            // ln δ(α) = (α−1)(αρ − ε) − ln(α−1) + α ln(1 − 1/α).
            double lb = StrictMath.log(beta);
            double l1 = StrictMath.log1p(beta);
            double t1 = beta * ((1.0 + beta) * rho - epsilon);
            double t3 = (1.0 + beta) * (lb - l1);
            double logDelta = t1 - lb + t3;
            double error = 16 * Fp.U * (Math.abs(beta * (1.0 + beta) * rho) + Math.abs(beta * epsilon)
                    + Math.abs(lb) + Math.abs(t3) + (1.0 + beta) * (Math.abs(lb) + Math.abs(l1)));
            return Math.min(1.0, StrictMath.nextUp(StrictMath.exp(logDelta + error) * (1 + 4 * Fp.U)));
        }

        @Override
        public double rho(double epsilon, double delta) {
            checkEpsilon(epsilon);
            GaussianDp.checkDelta(delta);
            if (epsilon == 0.0) {
                return 0.0;
            }
            double start = BUN_STEINKE.rho(epsilon, delta);
            return Solver.largestFeasible(r -> epsilon(r, delta), epsilon, start)[0];
        }
    },

    /**
     * Bun &amp; Steinke 2016, "Concentrated differential privacy: simplifications, extensions, and
     * lower bounds", Prop 1.3: ρ-zCDP gives (ρ + 2√(ρ ln(1/δ)), δ)-DP; its inverse
     * δ = exp(−(ε − ρ)²/(4ρ)) holds for ε &gt; ρ only (below, the bound is δ = 1).
     */
    BUN_STEINKE {
        @Override
        public double epsilon(double rho, double delta) {
            checkRho(rho);
            GaussianDp.checkDelta(delta);
            double l = -StrictMath.log(delta);
            double value = rho + 2.0 * StrictMath.sqrt(rho * l);
            return StrictMath.nextUp(value * (1 + 8 * Fp.U));
        }

        @Override
        public double delta(double rho, double epsilon) {
            checkRho(rho);
            checkEpsilon(epsilon);
            if (rho == 0.0) {
                return 0.0;
            }
            if (!(epsilon > rho)) {
                return 1.0;
            }
            double d = epsilon - rho;
            double exponent = d * d / (4.0 * rho);
            double value = StrictMath.exp(-exponent * (1 - 8 * Fp.U));
            return Math.min(1.0, StrictMath.nextUp(value * (1 + 4 * Fp.U)));
        }

        @Override
        public double rho(double epsilon, double delta) {
            checkEpsilon(epsilon);
            GaussianDp.checkDelta(delta);
            double l = -StrictMath.log(delta);
            // (√(l + ε) − √l)² = ε²/(√(l + ε) + √l)², without the cancellation of the first form.
            double s = StrictMath.sqrt(l + epsilon) + StrictMath.sqrt(l);
            double r = epsilon / s;
            r = r * r;
            for (int i = 0; i < 64 && epsilon(r, delta) > epsilon; i++) {
                r = StrictMath.nextDown(r);
            }
            return r;
        }
    };

    /** An upper bound on the ε at which ρ-zCDP is (ε, δ)-DP. */
    public abstract double epsilon(double rho, double delta);

    /** An upper bound on the δ at which ρ-zCDP is (ε, δ)-DP. */
    public abstract double delta(double rho, double epsilon);

    /** The largest ρ whose conversion is (ε, δ)-DP (a zCDP budget for the target (ε, δ)). */
    public abstract double rho(double epsilon, double delta);

    /**
     * The α minimising Canonne, Kamath &amp; Steinke's ε bound: the root of (α−1)²ρ + ln α = ln(1/δ),
     * by bisection on β = α − 1 in (0, min(√(ln(1/δ)/ρ), e^(ln(1/δ)) − 1)] to adjacent doubles.
     */
    public static double cksAlpha(double rho, double delta) {
        checkRho(rho);
        GaussianDp.checkDelta(delta);
        if (rho == 0.0) {
            return Double.POSITIVE_INFINITY;
        }
        double l = -StrictMath.log(delta);
        double hi = Math.min(StrictMath.sqrt(l / rho), StrictMath.expm1(l));
        double beta = bisect(0.0, hi, b -> b * b * rho + StrictMath.log1p(b) <= l);
        return 1.0 + beta;
    }

    /** (1 + 2β)ρ + ln β − ln(1 + β): ε at which α = 1 + β minimises the CKS δ. */
    private static double stationarity(double beta, double rho) {
        return (1.0 + 2.0 * beta) * rho + StrictMath.log(beta) - StrictMath.log1p(beta);
    }

    /** Bisection for a monotone predicate true at lo and false at hi; the midpoint of the last pair. */
    private static double bisect(double lo, double hi, java.util.function.DoublePredicate belowRoot) {
        for (int i = 0; i < 2100; i++) {
            double mid = lo + 0.5 * (hi - lo);
            if (!(mid > lo && mid < hi)) {
                break;
            }
            if (belowRoot.test(mid)) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo + 0.5 * (hi - lo);
    }

    private static void checkRho(double rho) {
        if (!(rho >= 0) || Double.isInfinite(rho)) {
            throw new IllegalArgumentException("rho must be non-negative and finite, got " + rho);
        }
    }

    private static void checkEpsilon(double epsilon) {
        if (!(epsilon >= 0) || Double.isInfinite(epsilon)) {
            throw new IllegalArgumentException("epsilon must be non-negative and finite, got " + epsilon);
        }
    }
}

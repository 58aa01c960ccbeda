package io.dpbandit.privacy.accounting;

import java.util.function.DoubleUnaryOperator;

/**
 * Bracketing root finder for monotone privacy curves (δ(ε), δ_μ(ε) in μ, ε(ρ) in ρ) with a fixed
 * iteration budget, so every machine computes the same doubles.
 *
 * <p>The bracket [lo, hi] always has an infeasible end (f &gt; target) and a feasible end
 * (f ≤ target), and callers return the end on the safe side. Steps are the Illinois variant of
 * regula falsi on g = ln f − ln target (Dowell &amp; Jarratt 1971, "A modified regula falsi method for
 * computing the root of an equation", BIT 11), clamped to at least 1/32 of the bracket from either
 * end, with bisection when g is not finite. The loop stops when the bracket is 2⁻⁵⁰ of |hi| wide,
 * at adjacent doubles, or after {@link #MAX_ITERATIONS} evaluations.
 */
final class Solver {

    static final int MAX_ITERATIONS = 200;
    private static final double RELATIVE_WIDTH = 0x1p-50;
    private static final int MAX_DOUBLINGS = 64;

    private Solver() {
    }

    /**
     * For f non-increasing on [lower, ∞): the bracket around the smallest x ≥ lower with f(x) ≤ target.
     * Returns {lo, hi} with f(hi) ≤ target and either lo = hi = lower (f(lower) ≤ target) or
     * f(lo) &gt; target; hi = +∞ when f stays above target up to lower + start·2⁶⁴.
     */
    static double[] smallestFeasible(DoubleUnaryOperator f, double target, double lower, double start) {
        double flo = f.applyAsDouble(lower);
        if (flo <= target) {
            return new double[] {lower, lower};
        }
        double lo = lower;
        double step = start > 0 ? start : 1.0;
        double hi = lower + step;
        double fhi = f.applyAsDouble(hi);
        int doublings = 0;
        while (fhi > target) {
            if (++doublings > MAX_DOUBLINGS) {
                return new double[] {hi, Double.POSITIVE_INFINITY};
            }
            lo = hi;
            flo = fhi;
            step *= 2.0;
            hi = lower + step;
            fhi = f.applyAsDouble(hi);
        }
        return refine(f, target, lo, hi, flo, fhi, true);
    }

    /**
     * For f non-decreasing on (0, ∞) with f → 0 at 0: the bracket around the largest x &gt; 0 with
     * f(x) ≤ target. Returns {lo, hi} with f(lo) ≤ target &lt; f(hi), by doubling or halving from start.
     */
    static double[] largestFeasible(DoubleUnaryOperator f, double target, double start) {
        double x = start;
        double fx = f.applyAsDouble(x);
        double lo;
        double hi;
        double flo;
        double fhi;
        if (fx <= target) {
            lo = x;
            flo = fx;
            hi = 2.0 * x;
            fhi = f.applyAsDouble(hi);
            int n = 0;
            while (fhi <= target) {
                if (++n > 4 * MAX_DOUBLINGS) {
                    return new double[] {hi, Double.POSITIVE_INFINITY};
                }
                lo = hi;
                flo = fhi;
                hi *= 2.0;
                fhi = f.applyAsDouble(hi);
            }
        } else {
            hi = x;
            fhi = fx;
            lo = 0.5 * x;
            flo = f.applyAsDouble(lo);
            int n = 0;
            while (flo > target) {
                if (++n > 4 * MAX_DOUBLINGS) {
                    return new double[] {0.0, lo};
                }
                hi = lo;
                fhi = flo;
                lo *= 0.5;
                flo = f.applyAsDouble(lo);
            }
        }
        return refine(f, target, lo, hi, flo, fhi, false);
    }

    /**
     * Narrows [lo, hi]. decreasing: f(lo) &gt; target ≥ f(hi); otherwise f(lo) ≤ target &lt; f(hi).
     * Returns {lo, hi} with the same property.
     */
    private static double[] refine(DoubleUnaryOperator f, double target, double lo, double hi,
            double flo, double fhi, boolean decreasing) {
        double logTarget = StrictMath.log(target);
        double glo = StrictMath.log(flo) - logTarget;
        double ghi = StrictMath.log(fhi) - logTarget;
        int side = 0;
        for (int it = 0; it < MAX_ITERATIONS; it++) {
            double width = hi - lo;
            if (width <= RELATIVE_WIDTH * Math.abs(hi)) {
                break;
            }
            double x;
            if (Double.isFinite(glo) && Double.isFinite(ghi) && glo != ghi) {
                x = lo + glo * (width / (glo - ghi));
            } else {
                x = lo + 0.5 * width;
            }
            double margin = width / 32.0;
            x = Math.min(Math.max(x, lo + margin), hi - margin);
            if (!(x > lo && x < hi)) {
                x = lo + 0.5 * width;
                if (!(x > lo && x < hi)) {
                    break; // adjacent doubles
                }
            }
            double fx = f.applyAsDouble(x);
            double gx = StrictMath.log(fx) - logTarget;
            boolean feasible = fx <= target;
            // The end that moves is the one on x's side of the root.
            boolean movesHi = decreasing == feasible;
            if (movesHi) {
                hi = x;
                ghi = gx;
                if (side == -1) {
                    glo *= 0.5;
                }
                side = -1;
            } else {
                lo = x;
                glo = gx;
                if (side == 1) {
                    ghi *= 0.5;
                }
                side = 1;
            }
        }
        return new double[] {lo, hi};
    }
}

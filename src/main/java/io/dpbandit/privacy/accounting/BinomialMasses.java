package io.dpbandit.privacy.accounting;

/**
 * Binomial(k, q) probabilities, computed without logarithms of factorials: from the mode outwards
 * by the ratio P(l+1)/P(l) = (k − l)/(l + 1)·o with o = q/(1 − q) the odds, then normalised by
 * their sum. Every term is a product of positive factors, so each mass has relative error at most
 * (10·steps + n + 4)·u (steps from the mode, n terms summed), with nothing to cancel; values that
 * would underflow are never formed.
 *
 * <p>The walk stops where a term falls below {@code cut} times the mode's. Beyond that the ratios
 * keep decreasing (the binomial is log-concave), so the mass left out on each side is at most
 * v·r/(1 − r) for the last term v and ratio r: {@link #lowerTail} and {@link #upperTail} bound it.
 */
final class BinomialMasses {

    /** Smallest l kept. */
    final int first;
    /** P(l) for l = first, first + 1, ... */
    final double[] mass;
    /** Upper bound on P(l &lt; first). */
    final double lowerTail;
    /** Upper bound on P(l &gt; first + mass.length − 1). */
    final double upperTail;
    /** Bound on the relative error of each mass. */
    final double relativeError;

    private BinomialMasses(int first, double[] mass, double lowerTail, double upperTail, double relativeError) {
        this.first = first;
        this.mass = mass;
        this.lowerTail = lowerTail;
        this.upperTail = upperTail;
        this.relativeError = relativeError;
    }

    int last() {
        return first + mass.length - 1;
    }

    /**
     * @param k    number of trials, ≥ 0
     * @param odds q/(1 − q), in [0, ∞]; its own relative error must be at most u (one rounding)
     * @param cut  relative size, to the mode's term, below which the walk stops (e.g. 2⁻¹⁰⁰⁰)
     */
    static BinomialMasses of(int k, double odds, double cut) {
        if (k < 0) {
            throw new IllegalArgumentException("k must be >= 0, got " + k);
        }
        if (odds == 0.0 || k == 0) {
            return new BinomialMasses(0, new double[] {1.0}, 0.0, 0.0, 0.0);
        }
        if (odds == Double.POSITIVE_INFINITY) {
            return new BinomialMasses(k, new double[] {1.0}, 0.0, 0.0, 0.0);
        }
        double q = odds / (1.0 + odds);
        int mode = (int) Math.min(k, Math.max(0, StrictMath.floor((k + 1.0) * q)));
        double[] v = new double[k + 1];
        v[mode] = 1.0;
        int hi = mode;
        double upperBound = 0.0;
        while (hi < k) {
            double r = (k - hi) * odds / (hi + 1.0);
            double next = v[hi] * r;
            if (next < cut && r < 1.0) {
                // P(l > hi) ≤ next/(1 − r') with r' ≤ r the later ratios.
                upperBound = next / (1.0 - r);
                break;
            }
            v[++hi] = next;
        }
        int lo = mode;
        double lowerBound = 0.0;
        while (lo > 0) {
            double r = lo / ((k - lo + 1.0) * odds);
            double next = v[lo] * r;
            if (next < cut && r < 1.0) {
                lowerBound = next / (1.0 - r);
                break;
            }
            v[--lo] = next;
        }
        int n = hi - lo + 1;
        double sum = 0.0;
        for (int l = lo; l <= hi; l++) {
            sum += v[l];
        }
        double[] mass = new double[n];
        for (int l = lo; l <= hi; l++) {
            mass[l - lo] = v[l] / sum;
        }
        int steps = Math.max(hi - mode, mode - lo);
        double relativeError = Fp.gamma(10.0 * steps + n + 4);
        double lowerTail = lowerBound == 0.0 ? 0.0 : Fp.inflate(lowerBound / sum, relativeError + 4 * Fp.U);
        double upperTail = upperBound == 0.0 ? 0.0 : Fp.inflate(upperBound / sum, relativeError + 4 * Fp.U);
        return new BinomialMasses(lo, mass, lowerTail, upperTail, relativeError);
    }
}

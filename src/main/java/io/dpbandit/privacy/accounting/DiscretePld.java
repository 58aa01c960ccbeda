package io.dpbandit.privacy.accounting;

/**
 * A privacy loss distribution discretised on the grid ℓᵢ = i·h (h a power of two), with a mass at
 * +∞: the representation for compositions without a closed form (Meiser &amp; Mohammadi 2018;
 * Koskela, Jälkö &amp; Honkela 2020).
 *
 * <ul>
 *   <li><b>Discretisation.</b> {@link BoundSide#PESSIMISTIC}: the mass of L in ((i−1)h, ih] goes to
 *       ih (index ⌈x/h⌉ of an exact loss x), truncated upper mass to +∞. {@link BoundSide#OPTIMISTIC}:
 *       the mass in [ih, (i+1)h) goes to ih (index ⌊x/h⌋), truncated mass is dropped. Grid indices
 *       come from exact values: h is a power of two, so x/h is exact, and a loss m·ε that is not a
 *       double is placed by the sign of its exact rounding error ({@link Math#fma}).</li>
 *   <li><b>Composition</b> ({@link #compose}): the PMFs convolve (indices add) and the ∞-masses
 *       combine as 1 − Π(1 − mᵢ).</li>
 *   <li><b>δ(ε)</b> = m_∞ + Σ_{ih &gt; ε} pᵢ(1 − e^(ε − ih)) ({@link #delta}).</li>
 * </ul>
 *
 * <p><b>Why direct convolution and not FFT.</b> The pessimistic result must stay above the exact
 * value including floating-point error. An FFT's error is absolute and spread over every entry:
 * the worst-case bound (Percival 2003, "Rapid multiplication modulo the sum and difference of highly
 * composite numbers") grows like N·‖p‖₂‖q‖₂·3 log₂N·u, about 10⁻¹⁴ per entry for PMFs spread over
 * 10⁵ points; summed over the 10⁴–10⁵ entries of a tail that is 10⁻¹⁰–10⁻⁹, 1–10 % of a δ of 10⁻⁸.
 * The direct sum Σ pᵢqⱼ adds positive terms only, so each entry has relative error at most γ_n with
 * n the number of terms (Higham 2002, §3.1, and {@link Fp}), whatever its size: the tails keep full
 * relative accuracy and the bound (10⁻¹¹–10⁻¹⁰ relative at these sizes) is cheap to carry. The price is
 * O(nm) work, so {@link ExactAccountant} sizes the grid to a cost budget ({@link PldGrid}); zero
 * entries of the outer operand are skipped, so sparse PLDs (randomized
 * response) convolve in O(atoms·m).
 *
 * <p><b>δ in O(1), and of a pair in O(n).</b> With the tail sums Aⱼ = Σ_{k≥j} pₖ and
 * Cⱼ = Σ_{k≥j} pₖ(1 − e^((j−k)h)), computed backwards by C_j = (1 − e^(−h))A_{j+1} + e^(−h)C_{j+1}
 * (positive terms only), δ(ε) = m_∞ + (1 − e^(−θh))A_K + e^(−θh)C_K with K = ⌊ε/h⌋ + 1 and
 * θ = K − ε/h ∈ (0, 1]. The same sums give the δ of the composition of two PLDs without forming
 * it ({@link #delta(DiscretePld, DiscretePld, double)}): Σⱼ pⱼ·D_q(ε − jh), which is how a 50-fold
 * composition is evaluated from two 25-fold halves.
 */
public final class DiscretePld {

    /** Largest number of grid points a PLD may span (2²⁴: 128 MiB for each of its three arrays). */
    static final int MAX_POINTS = 1 << 24;
    /** Largest |grid index| of any point (losses up to 2³⁰·h), so indices and their sums fit an int. */
    static final long MAX_INDEX = 1L << 30;
    /** ε below −2⁵⁰·h is evaluated at −2⁵⁰·h: δ no longer changes there, and indices stay in range. */
    private static final double FAR_BELOW = 0x1p50;

    private final double step;
    private final int offset;
    private final double[] pmf;
    private final double infinityMass;
    private final BoundSide side;
    private final double relativeError;
    private final int nonZero;
    private final double[] tail;
    private final double[] tailC;
    private final double tailError;

    DiscretePld(double step, int offset, double[] pmf, double infinityMass, BoundSide side, double relativeError) {
        checkStep(step);
        int lo = 0;
        int hi = pmf.length - 1;
        while (lo < hi && pmf[lo] == 0.0) {
            lo++;
        }
        while (hi > lo && pmf[hi] == 0.0) {
            hi--;
        }
        double[] trimmed = lo == 0 && hi == pmf.length - 1 ? pmf : java.util.Arrays.copyOfRange(pmf, lo, hi + 1);
        this.step = step;
        this.offset = offset + lo;
        this.pmf = trimmed;
        this.infinityMass = side == BoundSide.PESSIMISTIC ? Math.min(1.0, infinityMass) : 0.0;
        this.side = side;
        this.relativeError = relativeError;
        int n = trimmed.length;
        int nz = 0;
        double[] a = new double[n + 1];
        double[] c = new double[n + 1];
        double decay = StrictMath.exp(-step);
        double rise = -StrictMath.expm1(-step);
        for (int i = n - 1; i >= 0; i--) {
            if (trimmed[i] != 0.0) {
                nz++;
            }
            c[i] = rise * a[i + 1] + decay * c[i + 1];
            a[i] = a[i + 1] + trimmed[i];
        }
        this.nonZero = nz;
        this.tail = a;
        this.tailC = c;
        this.tailError = Fp.gamma(5.0 * n + 4);
    }

    /**
     * The Laplace mechanism with ε₀ = Δ/b, discretised by the rule above. Its PLD has CDF
     * P(L ≤ x) = e^((x−ε₀)/2)/2 on [−ε₀, ε₀) (atom e^(−ε₀)/2 at −ε₀, atom ½ at ε₀; Koskela, Jälkö &amp;
     * Honkela 2020), so an interior cell holds ½e^((ih−ε₀)/2)(1 − e^(−h/2)), computed with expm1;
     * the relative error of each mass is at most (ε₀ + 8)u.
     */
    public static DiscretePld laplace(double epsilon0, double step, BoundSide side) {
        new Mechanism.Laplace(epsilon0);
        checkStep(step);
        boolean upper = side == BoundSide.PESSIMISTIC;
        long first = upper ? (long) StrictMath.ceil(-epsilon0 / step) : (long) StrictMath.floor(-epsilon0 / step);
        long last = upper ? (long) StrictMath.ceil(epsilon0 / step) : (long) StrictMath.floor(epsilon0 / step);
        checkRange(first, last);
        double[] pmf = new double[(int) (last - first + 1)];
        double halfStepRise = -StrictMath.expm1(-0.5 * step);
        for (long i = first; i <= last; i++) {
            // Cell [lower, upper] with the closed end on the right (pessimistic) or left (optimistic).
            double a = upper ? (i - 1) * step : i * step;
            double b = upper ? i * step : (i + 1) * step;
            pmf[(int) (i - first)] = laplaceCell(epsilon0, a, b, halfStepRise, upper);
        }
        return new DiscretePld(step, (int) first, pmf, 0.0, side, Fp.gamma(epsilon0 + 8));
    }

    /** P(L in the cell from a to b) for the Laplace PLD; the cell is (a, b] if rightClosed, else [a, b). */
    private static double laplaceCell(double eps0, double a, double b, double halfStepRise, boolean rightClosed) {
        // F(x) = P(L ≤ x) (rightClosed) or P(L < x): 0 below −ε₀, e^((x−ε₀)/2)/2 inside, 1 above ε₀.
        boolean aBelow = rightClosed ? a < -eps0 : a <= -eps0;
        boolean bAbove = rightClosed ? b >= eps0 : b > eps0;
        if (aBelow && bAbove) {
            return 1.0;
        }
        if (bAbove) {
            return 0.5 - 0.5 * StrictMath.expm1(0.5 * (a - eps0)); // 1 − F(a), no cancellation
        }
        boolean bBelow = rightClosed ? b < -eps0 : b <= -eps0;
        if (bBelow) {
            return 0.0;
        }
        double fb = 0.5 * StrictMath.exp(0.5 * (b - eps0));
        if (aBelow) {
            return fb; // F(b) − 0
        }
        return fb * halfStepRise; // F(b) − F(b − h) = F(b)(1 − e^(−h/2))
    }

    /** k-fold pure ε-DP (binary randomized response), discretised from its exact atoms. */
    public static DiscretePld pureDp(double epsilon, int count, double step, BoundSide side) {
        new Mechanism.PureDp(epsilon);
        requireCount(count);
        return fromAtoms(LossAtoms.pureDp(count, epsilon, side, LossAtoms.FULL_CUT), step);
    }

    /** n-fold K-ary randomized response, discretised from its exact atoms. */
    public static DiscretePld randomizedResponse(int outcomes, double epsilon, int count, double step, BoundSide side) {
        new Mechanism.RandomizedResponse(outcomes, epsilon);
        requireCount(count);
        return fromAtoms(LossAtoms.randomizedResponse(outcomes, epsilon, count, side), step);
    }

    /** Places exact lattice atoms on the grid, each at ⌈x/h⌉ (pessimistic) or ⌊x/h⌋ (optimistic). */
    static DiscretePld fromAtoms(LossAtoms atoms, double step) {
        checkStep(step);
        int n = atoms.multiple.length;
        long[] index = new long[n];
        boolean upper = atoms.side == BoundSide.PESSIMISTIC;
        for (int i = 0; i < n; i++) {
            index[i] = gridIndex(atoms.multiple[i], atoms.unit, step, upper);
        }
        long first = index[0];
        checkRange(first, index[n - 1]);
        double[] pmf = new double[(int) (index[n - 1] - first + 1)];
        for (int i = 0; i < n; i++) {
            pmf[(int) (index[i] - first)] += atoms.mass[i];
        }
        return new DiscretePld(step, (int) first, pmf, atoms.infinityMass, atoms.side,
                atoms.relativeError + Fp.gamma(n));
    }

    /** ⌈m·unit/h⌉ (up) or ⌊m·unit/h⌋ of the exact product m·unit. */
    static long gridIndex(int m, double unit, double step, boolean up) {
        double q = m * unit;
        double residual = Math.fma(m, unit, -q); // exact: m·unit = q + residual
        double t = q / step; // exact: step is a power of two
        if (up) {
            double c = StrictMath.ceil(t);
            return (long) c + (c == t && residual > 0 ? 1 : 0);
        }
        double f = StrictMath.floor(t);
        return (long) f - (f == t && residual < 0 ? 1 : 0);
    }

    /**
     * The composition of this PLD and another on the same grid and side: the PMFs convolved
     * directly, outer loop over the operand with fewer non-zero entries.
     */
    public DiscretePld compose(DiscretePld other) {
        requireCompatible(this, other);
        DiscretePld outer = this.nonZero <= other.nonZero ? this : other;
        DiscretePld inner = outer == this ? other : this;
        checkRange((long) outer.offset + inner.offset,
                (long) outer.offset + inner.offset + outer.pmf.length + inner.pmf.length - 2);
        double[] c = convolve(outer.pmf, outer.nonZero, inner.pmf);
        // Each product is rounded once, added in a pairwise block of eight (three roundings) and then
        // once per block into its entry: at most nonZero + 5 roundings, all on positive terms.
        double error = outer.relativeError + inner.relativeError + Fp.gamma(outer.nonZero + 6.0);
        return new DiscretePld(step, outer.offset + inner.offset, c,
                combinedInfinity(this.infinityMass, other.infinityMass), side, error);
    }

    /**
     * c = a ∗ b for non-negative a, b. A mostly-zero a (lattice atoms) skips its zeros one by one;
     * a dense a is taken eight entries at a time, c[i+j] += Σ_{r&lt;8} a[i+r]·b[j−r] summed pairwise,
     * which reads and writes c once per eight products (about twice as fast as the plain loop, and
     * the same error bound). Java evaluates these in program order, so the doubles are the same on
     * every machine.
     */
    static double[] convolve(double[] a, int nonZeroA, double[] b) {
        int na = a.length;
        int nb = b.length;
        double[] c = new double[na + nb - 1];
        if (2L * nonZeroA < na || na < 8) {
            for (int i = 0; i < na; i++) {
                double ai = a[i];
                if (ai == 0.0) {
                    continue;
                }
                for (int j = 0; j < nb; j++) {
                    c[i + j] += ai * b[j];
                }
            }
            return c;
        }
        double[] padded = new double[nb + 14];
        System.arraycopy(b, 0, padded, 7, nb);
        double[] wide = new double[na + nb + 6];
        int i = 0;
        for (; i + 7 < na; i += 8) {
            double a0 = a[i];
            double a1 = a[i + 1];
            double a2 = a[i + 2];
            double a3 = a[i + 3];
            double a4 = a[i + 4];
            double a5 = a[i + 5];
            double a6 = a[i + 6];
            double a7 = a[i + 7];
            if (a0 == 0.0 && a1 == 0.0 && a2 == 0.0 && a3 == 0.0 && a4 == 0.0 && a5 == 0.0 && a6 == 0.0 && a7 == 0.0) {
                continue;
            }
            int m = nb + 7;
            for (int j = 0; j < m; j++) {
                wide[i + j] += ((a0 * padded[j + 7] + a1 * padded[j + 6]) + (a2 * padded[j + 5] + a3 * padded[j + 4]))
                        + ((a4 * padded[j + 3] + a5 * padded[j + 2]) + (a6 * padded[j + 1] + a7 * padded[j]));
            }
        }
        System.arraycopy(wide, 0, c, 0, c.length);
        for (; i < na; i++) {
            double ai = a[i];
            if (ai == 0.0) {
                continue;
            }
            for (int j = 0; j < nb; j++) {
                c[i + j] += ai * b[j];
            }
        }
        return c;
    }

    /** The k-fold composition of this PLD with itself, by repeated squaring (k ≥ 1). */
    public DiscretePld compose(int times) {
        requireCount(times);
        DiscretePld result = null;
        DiscretePld base = this;
        int k = times;
        while (true) {
            if ((k & 1) != 0) {
                result = result == null ? base : result.compose(base);
            }
            k >>>= 1;
            if (k == 0) {
                return result;
            }
            base = base.compose(base);
        }
    }

    /** Re-bins onto the grid of step h·factor (factor a power of two), in the direction of the side. */
    DiscretePld coarsen(int factor) {
        if (factor == 1) {
            return this;
        }
        boolean upper = side == BoundSide.PESSIMISTIC;
        long first = upper ? Math.floorDiv(offset + (long) factor - 1, factor) : Math.floorDiv(offset, factor);
        long last = upper ? Math.floorDiv(offset + pmf.length - 1 + (long) factor - 1, factor)
                : Math.floorDiv(offset + pmf.length - 1, factor);
        double[] c = new double[(int) (last - first + 1)];
        for (int i = 0; i < pmf.length; i++) {
            long g = offset + (long) i;
            long j = upper ? Math.floorDiv(g + factor - 1, factor) : Math.floorDiv(g, factor);
            c[(int) (j - first)] += pmf[i];
        }
        return new DiscretePld(step * factor, (int) first, c, infinityMass, side, relativeError + Fp.gamma(factor));
    }

    /**
     * δ(ε) = m_∞ + Σ_{ih &gt; ε} pᵢ(1 − e^(ε−ih)), with every rounding error added (pessimistic) or
     * subtracted (optimistic), in O(1).
     */
    public double delta(double epsilon) {
        checkEpsilon(epsilon);
        if (epsilon == Double.NEGATIVE_INFINITY) {
            return side == BoundSide.PESSIMISTIC ? 1.0 : Fp.deflate(tail[0], relativeError + tailError);
        }
        if (epsilon >= topLoss()) {
            return finish(0.0, 0.0, infinityMass);
        }
        double t = epsilon / step;
        double kFloor = StrictMath.floor(t);
        double theta = kFloor + 1.0 - t;
        long idx = (long) Math.max(kFloor, -FAR_BELOW) + 1 - offset;
        double sumA;
        double sumC;
        if (idx >= 0) {
            sumA = tail[(int) idx];
            sumC = tailC[(int) idx];
        } else {
            // Below the support: C extends as A₀(1 − e^(−dh)) + e^(−dh)C₀, d grid steps down.
            double dh = (double) -idx * step;
            sumA = tail[0];
            sumC = tail[0] * -StrictMath.expm1(-dh) + StrictMath.exp(-dh) * tailC[0];
        }
        double value = -StrictMath.expm1(-theta * step) * sumA + StrictMath.exp(-theta * step) * sumC;
        return finish(value, relativeError + tailError + Fp.gamma(12), infinityMass);
    }

    /** ε(δ): the bracket end on the side of this PLD (never below / above the exact value). */
    public double epsilon(double delta) {
        GaussianDp.checkDelta(delta);
        double[] b = Solver.smallestFeasible(this::delta, delta, 0.0, Math.max(step, maxLoss()));
        return side == BoundSide.PESSIMISTIC ? b[1] : b[0];
    }

    /**
     * δ(ε) of the composition of two PLDs, Σⱼ pⱼ·D_q(ε − jh) + m_∞, without forming it: O(size of
     * the first), after the second's tail sums.
     */
    public static double delta(DiscretePld first, DiscretePld second, double epsilon) {
        requireCompatible(first, second);
        checkEpsilon(epsilon);
        double infinity = combinedInfinity(first.infinityMass, second.infinityMass);
        if (epsilon >= first.topLoss() + second.topLoss()) {
            return first.finish(0.0, 0.0, infinity);
        }
        if (epsilon == Double.NEGATIVE_INFINITY) {
            return first.side == BoundSide.PESSIMISTIC ? 1.0
                    : Fp.deflate(first.tail[0] * second.tail[0], first.relativeError + second.relativeError + 4 * Fp.U);
        }
        double h = first.step;
        double t = epsilon / h;
        double kFloor = StrictMath.floor(t);
        double theta = kFloor + 1.0 - t;
        long k0 = (long) Math.max(kFloor, -FAR_BELOW) + 1;
        double[] p = first.pmf;
        double[] a = second.tail;
        double[] c = second.tailC;
        int nq = second.pmf.length;
        double sumA = 0.0;
        double sumC = 0.0;
        // Atom j of the first sits at index first.offset + j; its threshold in the second is
        // k0 − first.offset − j, i.e. array index base − j.
        long base = k0 - first.offset - second.offset;
        int jStart = (int) Math.max(0, Math.min(p.length, base - nq + 1));
        int jInside = (int) Math.max(jStart, Math.min(p.length, base + 1));
        for (int j = jStart; j < jInside; j++) {
            int idx = (int) (base - j);
            sumA += p[j] * a[idx];
            sumC += p[j] * c[idx];
        }
        if (jInside < p.length) {
            double a0 = a[0];
            double c0 = c[0];
            for (int j = jInside; j < p.length; j++) {
                double pj = p[j];
                if (pj == 0.0) {
                    continue;
                }
                double dh = (double) (j - base) * h;
                sumA += pj * a0;
                sumC += pj * (a0 * -StrictMath.expm1(-dh) + StrictMath.exp(-dh) * c0);
            }
        }
        double e1 = -StrictMath.expm1(-theta * h);
        double e2 = StrictMath.exp(-theta * h);
        double value = e1 * sumA + e2 * sumC;
        double error = first.relativeError + second.relativeError + second.tailError + Fp.gamma(p.length + 16.0);
        return first.finish(value, error, infinity);
    }

    /** ε(δ) of the composition of two PLDs, on their side. */
    public static double epsilon(DiscretePld first, DiscretePld second, double delta) {
        requireCompatible(first, second);
        GaussianDp.checkDelta(delta);
        double[] b = Solver.smallestFeasible(e -> delta(first, second, e), delta, 0.0,
                Math.max(first.step, first.maxLoss() + second.maxLoss()));
        return first.side == BoundSide.PESSIMISTIC ? b[1] : b[0];
    }

    private double finish(double value, double error, double infinity) {
        if (side == BoundSide.PESSIMISTIC) {
            return Math.min(1.0, Fp.inflate(value, error) + infinity + Fp.UNDERFLOW_SLACK);
        }
        return Fp.deflate(value, error);
    }

    private static double combinedInfinity(double a, double b) {
        if (a == 0.0 && b == 0.0) {
            return 0.0;
        }
        return Math.min(1.0, Fp.inflate(a + b - a * b, 4 * Fp.U));
    }

    /** The loss of the last grid point (exact: an integer times a power of two). */
    private double topLoss() {
        return (offset + pmf.length - 1) * step;
    }

    /** The largest finite loss on the grid, or 0. */
    double maxLoss() {
        return Math.max(0.0, (offset + pmf.length - 1) * step);
    }

    /** Grid index of the first entry of {@link #mass}. */
    public int firstIndex() {
        return offset;
    }

    /** The grid step h. */
    public double step() {
        return step;
    }

    public BoundSide side() {
        return side;
    }

    /** Number of grid points spanned (including zero entries inside). */
    public int size() {
        return pmf.length;
    }

    /** The mass at grid index {@code firstIndex() + i}, 0 ≤ i &lt; {@link #size()}. */
    public double mass(int i) {
        return pmf[i];
    }

    /** The mass at +∞ (0 for optimistic PLDs). */
    public double infinityMass() {
        return infinityMass;
    }

    /** Bound on the relative error of each mass. */
    double relativeError() {
        return relativeError;
    }

    int nonZero() {
        return nonZero;
    }

    private static void requireCompatible(DiscretePld a, DiscretePld b) {
        if (a.step != b.step || a.side != b.side) {
            throw new IllegalArgumentException("PLDs must share grid step and side: h = " + a.step + " " + a.side
                    + " vs h = " + b.step + " " + b.side);
        }
    }

    static void checkStep(double step) {
        if (!(step > 0) || Double.isInfinite(step) || StrictMath.getExponent(step) < Double.MIN_EXPONENT
                || step != StrictMath.scalb(1.0, StrictMath.getExponent(step))) {
            throw new IllegalArgumentException("the grid step must be a (normal) power of two, got " + step);
        }
    }

    private static void checkRange(long first, long last) {
        if (last - first + 1 > MAX_POINTS || Math.abs(first) > MAX_INDEX || Math.abs(last) > MAX_INDEX) {
            throw new IllegalArgumentException("a PLD on this grid would span indices " + first + " to " + last
                    + " (at most " + MAX_POINTS + " points, |index| <= " + MAX_INDEX + "); use a coarser step");
        }
    }

    private static void checkEpsilon(double epsilon) {
        if (Double.isNaN(epsilon)) {
            throw new IllegalArgumentException("epsilon must not be NaN");
        }
    }

    private static void requireCount(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("count must be >= 1, got " + count);
        }
    }
}

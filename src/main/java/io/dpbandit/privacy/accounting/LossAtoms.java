package io.dpbandit.privacy.accounting;

/**
 * A privacy loss distribution with finitely many atoms on a lattice: losses mᵢ·s for integers
 * m₁ &lt; m₂ &lt; … and a unit s (the mechanism's ε), masses pᵢ, and a mass at +∞. This is the exact
 * PLD of k-fold binary randomized response (the pure-ε worst case) and of n-fold K-ary randomized
 * response, up to the truncation of tails far below the mode, which is made in the direction of
 * {@link #side}.
 *
 * <p>δ(ε) = m_∞ + Σ_{mᵢs &gt; ε} pᵢ(1 − e^(ε − mᵢs)). The difference ε − mᵢs is formed by one
 * {@link Math#fma} (the exact value rounded once), so its sign is exact and the only errors are
 * that rounding (taken one ulp in the safe direction), the 1 ulp of expm1, the masses' own relative
 * error and the summation's γₙ.
 */
final class LossAtoms {

    /** Relative cut of binomial tails for the pure route: far below any δ a double can show. */
    static final double FULL_CUT = 0x1p-1000;

    final double unit;
    final int[] multiple;
    final double[] mass;
    final double infinityMass;
    final double relativeError;
    final BoundSide side;

    LossAtoms(double unit, int[] multiple, double[] mass, double infinityMass, double relativeError, BoundSide side) {
        this.unit = unit;
        this.multiple = multiple;
        this.mass = mass;
        this.infinityMass = infinityMass;
        this.relativeError = relativeError;
        this.side = side;
    }

    /**
     * k-fold binary randomized response at ε: the optimal composition of k ε-DP mechanisms
     * (Kairouz, Oh &amp; Viswanath 2015, Thm 3.3; Murtagh &amp; Vadhan 2016 for every ε'): losses
     * (2l − k)ε with Binomial(k, e^ε/(1 + e^ε)) masses, odds e^ε.
     */
    static LossAtoms pureDp(int k, double epsilon, BoundSide side, double cut) {
        BinomialMasses b = BinomialMasses.of(k, StrictMath.exp(epsilon), cut);
        int n = b.mass.length;
        int[] multiple = new int[n];
        double[] mass = b.mass.clone();
        for (int i = 0; i < n; i++) {
            multiple[i] = 2 * (b.first + i) - k;
        }
        double infinity = 0.0;
        if (side == BoundSide.PESSIMISTIC) {
            // Lower tail lumped at the lowest loss kept (moved up), upper tail sent to +∞.
            mass[0] += b.lowerTail;
            infinity = b.upperTail;
        }
        return new LossAtoms(epsilon, multiple, mass, infinity, b.relativeError, side);
    }

    /**
     * n-fold K-ary randomized response at ε (Kairouz, Oh &amp; Viswanath 2016, §4): the three-atom
     * loss law (+ε, 0, −ε with probabilities e^ε, K − 2, 1 over e^ε + K − 1) convolved n times on
     * the lattice, every entry a sum of positive terms; K = 2 is {@link #pureDp}.
     */
    static LossAtoms randomizedResponse(int outcomes, double epsilon, int n, BoundSide side) {
        if (outcomes == 2) {
            return pureDp(n, epsilon, side, FULL_CUT);
        }
        double e = StrictMath.exp(-epsilon);
        double plus = 1.0 / (1.0 + (outcomes - 1) * e);
        double minus = e * plus;
        double zero = (outcomes - 2) * e * plus;
        double[] cur = {1.0};
        for (int step = 0; step < n; step++) {
            double[] next = new double[cur.length + 2];
            for (int j = 0; j < cur.length; j++) {
                double c = cur[j];
                next[j] += minus * c;
                next[j + 1] += zero * c;
                next[j + 2] += plus * c;
            }
            cur = next;
        }
        int[] multiple = new int[cur.length];
        for (int j = 0; j < cur.length; j++) {
            multiple[j] = j - n;
        }
        return new LossAtoms(epsilon, multiple, cur, 0.0, Fp.gamma(9.0 * n + 8), side);
    }

    /** The exact loss of atom i is multiple[i]·unit; ε minus it, rounded once. */
    double gap(double epsilon, int i) {
        return Math.fma(-(double) multiple[i], unit, epsilon);
    }

    /** δ(ε), a bound on the side of {@link #side}. */
    double delta(double epsilon) {
        double sum = 0.0;
        int terms = 0;
        boolean upper = side == BoundSide.PESSIMISTIC;
        for (int i = multiple.length - 1; i >= 0; i--) {
            double x = gap(epsilon, i);
            if (x >= 0) {
                break;
            }
            double xs = upper ? StrictMath.nextDown(x) : StrictMath.nextUp(x);
            sum += mass[i] * -StrictMath.expm1(xs);
            terms++;
        }
        double error = relativeError + Fp.gamma(terms + 4);
        if (upper) {
            return Math.min(1.0, Fp.inflate(sum, error) + infinityMass + Fp.UNDERFLOW_SLACK);
        }
        return Fp.deflate(sum, error);
    }

    /** The largest finite loss (for starting a search), 0 if there is none. */
    double maxLoss() {
        return multiple.length == 0 ? 0.0 : Math.max(0.0, multiple[multiple.length - 1] * unit);
    }

    /** ε(δ) on the side of {@link #side}: never below (pessimistic) or above (optimistic) the exact value. */
    double epsilon(double delta) {
        double[] b = Solver.smallestFeasible(this::delta, delta, 0.0, Math.max(maxLoss(), 0x1p-20));
        return side == BoundSide.PESSIMISTIC ? b[1] : b[0];
    }
}

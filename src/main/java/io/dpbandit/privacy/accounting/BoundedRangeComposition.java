package io.dpbandit.privacy.accounting;

/**
 * Composition of k exponential mechanisms exp(εu/(2Δ)), each ε-DP and ε-bounded-range (its loss
 * lies in [t − ε, t] for some 0 ≤ t ≤ ε; Durfee &amp; Rogers 2019), by the bounded-range routes of
 * Dong, Durfee &amp; Rogers 2020, "Optimal differential privacy composition for exponential
 * mechanisms", and Cesar &amp; Rogers 2021. Compare {@link PureDpComposition}, the bound that
 * treats them as plain ε-DP.
 *
 * <ul>
 *   <li>{@link #nonAdaptiveDelta}: the optimal composition when the k mechanisms are fixed in
 *       advance (Dong, Durfee &amp; Rogers 2020, Thm 3): the maximum over t of the δ of k copies of
 *       the ε-BR pair with parameter t, attained at one of the k + 1 candidates
 *       t = clip((ε' + (l+1)ε)/(k+1), 0, ε). <b>Not valid for adaptively chosen mechanisms</b>
 *       (a bandit's), so the accountant does not use it.</li>
 *   <li>{@link #adaptiveEpsilon}: the bound that stays valid adaptively (Dong, Durfee &amp; Rogers
 *       2020): min(kε, k(r − 1 − ln r) + √(kε² ln(1/δ)/2)), r = ε/(1 − e^(−ε)); r − 1 − ln r is the
 *       largest KL divergence of an ε-BR pair and the square root is Azuma–Hoeffding for a loss of
 *       range ε.</li>
 *   <li>{@link #zcdpRho}: ε-BR ⇒ ε²/8-zCDP (Cesar &amp; Rogers 2021), which composes adaptively.</li>
 * </ul>
 * The theorem numbers for DDR20 and Cesar &amp; Rogers come from secondary sources (see the test
 * vectors' README); the formulas were checked numerically there.
 */
public final class BoundedRangeComposition {

    private BoundedRangeComposition() {
    }

    /**
     * δ(ε') of the optimal non-adaptive composition of k ε-BR mechanisms (Dong, Durfee &amp; Rogers
     * 2020, Thm 3). For each candidate t, the pair has loss t with P-probability
     * (1 − e^(t−ε))/(1 − e^(−ε)) and t − ε otherwise, so the number i of low losses is binomial
     * and δ_t(ε') = Σᵢ P(i)(1 − e^(ε' − kt + iε))₊, a sum of positive terms
     * ({@link BinomialMasses}). An estimate (about 1e-14 relative), not a certified bound.
     */
    public static double nonAdaptiveDelta(int k, double epsilon, double epsilonPrime) {
        check(k, epsilon);
        if (epsilon == 0.0) {
            return Math.max(0.0, -StrictMath.expm1(epsilonPrime));
        }
        double best = 0.0;
        for (int l = 0; l <= k; l++) {
            double t = Math.min(epsilon, Math.max(0.0, (epsilonPrime + (l + 1) * epsilon) / (k + 1)));
            best = Math.max(best, deltaAt(k, epsilon, t, epsilonPrime));
        }
        return best;
    }

    /** The smallest ε' ≥ 0 with {@link #nonAdaptiveDelta} ≤ δ (non-adaptive composition only). */
    public static double nonAdaptiveEpsilon(int k, double epsilon, double delta) {
        check(k, epsilon);
        GaussianDp.checkDelta(delta);
        return Solver.smallestFeasible(e -> nonAdaptiveDelta(k, epsilon, e), delta, 0.0, k * epsilon)[1];
    }

    /** δ_t(ε') of k copies of the ε-BR pair with parameter t. */
    private static double deltaAt(int k, double epsilon, double t, double epsilonPrime) {
        if (t <= 0.0 || t >= epsilon) {
            return Math.max(0.0, -StrictMath.expm1(epsilonPrime)); // the loss is 0
        }
        double high = StrictMath.expm1(t - epsilon) / StrictMath.expm1(-epsilon);
        double low = StrictMath.expm1(t) / StrictMath.expm1(epsilon);
        BinomialMasses b = BinomialMasses.of(k, low / high, LossAtoms.FULL_CUT);
        double top = epsilonPrime - k * t;
        double sum = 0.0;
        for (int j = 0; j < b.mass.length; j++) {
            int i = b.first + j;
            double x = Math.fma(i, epsilon, top); // ε' − (kt − iε)
            if (x < 0) {
                sum += b.mass[j] * -StrictMath.expm1(x);
            }
        }
        return sum;
    }

    /**
     * Dong, Durfee &amp; Rogers' adaptive bound min(kε, k(r − 1 − ln r) + ε√(k ln(1/δ)/2)),
     * r = ε/(1 − e^(−ε)), rounded up. r − 1 and r − 1 − ln r are taken from their series for small
     * arguments, where the direct forms cancel.
     */
    public static double adaptiveEpsilon(int k, double epsilon, double delta) {
        check(k, epsilon);
        GaussianDp.checkDelta(delta);
        double basic = k * epsilon;
        if (epsilon == 0.0) {
            return 0.0;
        }
        double y = rMinusOne(epsilon);
        double kl = yMinusLog1p(y);
        double bound = k * kl + epsilon * StrictMath.sqrt(k * -StrictMath.log(delta) / 2.0);
        bound = StrictMath.nextUp(bound * (1 + 16 * Fp.U));
        return Math.min(basic, bound);
    }

    /** kε²/8: k exponential mechanisms as ε-bounded-range are kε²/8-zCDP (Cesar &amp; Rogers 2021). */
    public static double zcdpRho(int k, double epsilon) {
        check(k, epsilon);
        return k * epsilon * epsilon / 8.0;
    }

    /** ε at δ of the ε²/8-zCDP route, converted by the given conversion. */
    public static double zcdpEpsilon(int k, double epsilon, double delta, ZcdpConversion conversion) {
        return conversion.epsilon(Fp.inflate(zcdpRho(k, epsilon), 4 * Fp.U), delta);
    }

    /** r − 1 = ε/(1 − e^(−ε)) − 1 = ε/2 + ε²/12 − ε⁴/720 + ε⁶/30240 − … (Bernoulli numbers). */
    static double rMinusOne(double epsilon) {
        if (epsilon < 0.01) {
            double e2 = epsilon * epsilon;
            return epsilon / 2 + e2 / 12 - e2 * e2 / 720 + e2 * e2 * e2 / 30240;
        }
        return epsilon / -StrictMath.expm1(-epsilon) - 1.0;
    }

    /** y − ln(1 + y), by its series y²/2 − y³/3 + … for |y| &lt; 0.1, where the difference cancels. */
    static double yMinusLog1p(double y) {
        if (Math.abs(y) >= 0.1) {
            return y - StrictMath.log1p(y);
        }
        double sum = 0.0;
        double power = y * y;
        for (int n = 2; n <= 40; n++) {
            sum += (n % 2 == 0 ? power : -power) / n;
            power *= y;
        }
        return sum;
    }

    private static void check(int k, double epsilon) {
        if (k < 1) {
            throw new IllegalArgumentException("k must be >= 1, got " + k);
        }
        new Mechanism.BoundedRange(epsilon);
    }
}

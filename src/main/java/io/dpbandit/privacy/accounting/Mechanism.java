package io.dpbandit.privacy.accounting;

/**
 * One private release, described by the worst-case pair (P, Q) of its output distributions on
 * neighbouring inputs (a dominating pair in the sense of Zhu, Dong &amp; Wang 2022, "Optimal accounting of
 * differential privacy via characteristic function"). Its privacy loss distribution (PLD)
 * is the law of L = ln(p(Y)/q(Y)) for Y ~ P; {@link ExactAccountant} composes PLDs.
 *
 * <p>Every parameter is a replace-one quantity (μ = Δ/σ and ε₀ = Δ/b with the replace-one
 * sensitivity Δ); for add/remove neighbours use the add/remove Δ in the same records. The
 * parameters of a list given to an accountant must be fixed in advance; fully adaptive parameters
 * need a filter ({@link GaussianDpFilter}, {@link ZcdpFilter}).
 */
public sealed interface Mechanism permits Mechanism.Gaussian, Mechanism.PureDp, Mechanism.Laplace,
        Mechanism.RandomizedResponse, Mechanism.BoundedRange {

    /**
     * ρ of the zCDP guarantee this mechanism has (Bun &amp; Steinke 2016, "Concentrated differential
     * privacy: simplifications, extensions, and lower bounds", Prop 1.4 and 1.6; for bounded range,
     * ε-BR ⇒ ε²/8-zCDP of Cesar &amp; Rogers 2021, "Bounding, concentrating, and truncating: unifying
     * privacy loss composition for data analytics").
     */
    double zcdpRho();

    /**
     * The Gaussian mechanism with μ = Δ/σ: P = N(0, 1), Q = N(μ, 1); its PLD is N(μ²/2, μ²) and it
     * is exactly μ-GDP (Dong, Roth &amp; Su 2022, "Gaussian differential privacy", §2), and
     * μ²/2-zCDP (Bun &amp; Steinke 2016, Prop 1.6).
     */
    record Gaussian(double mu) implements Mechanism {
        public Gaussian {
            requireNonNegativeFinite(mu, "mu");
        }

        /** μ = Δ/σ for L2 sensitivity Δ and noise standard deviation σ. */
        public static Gaussian of(double sensitivity, double sigma) {
            requirePositiveFinite(sensitivity, "sensitivity");
            requirePositiveFinite(sigma, "sigma");
            return new Gaussian(sensitivity / sigma);
        }

        @Override
        public double zcdpRho() {
            return mu * mu / 2.0;
        }
    }

    /**
     * Any ε-DP mechanism, accounted through its worst case: binary randomized response,
     * P = (e^ε, 1)/(1 + e^ε), Q = (1, e^ε)/(1 + e^ε), which dominates every ε-DP mechanism
     * (Kairouz, Oh &amp; Viswanath 2015, "The composition theorem for differential privacy", §2 and
     * Thm 3.3; Murtagh &amp; Vadhan 2016, "The complexity of computing the optimal composition of
     * differential privacy"). ε²/2-zCDP (Bun &amp; Steinke 2016, Prop 1.4).
     */
    record PureDp(double epsilon) implements Mechanism {
        public PureDp {
            requireEpsilon(epsilon, "epsilon");
        }

        @Override
        public double zcdpRho() {
            return epsilon * epsilon / 2.0;
        }
    }

    /**
     * The Laplace mechanism on a scalar query with ε₀ = Δ/b: P = Lap(0, b), Q = Lap(Δ, b). Its PLD
     * has atoms ½ at +ε₀ and e^(−ε₀)/2 at −ε₀ and density e^((ℓ−ε₀)/2)/4 on (−ε₀, ε₀) (Koskela,
     * Jälkö &amp; Honkela 2020, "Computing tight differential privacy guarantees using FFT").
     * ε₀²/2-zCDP (Bun &amp; Steinke 2016, Prop 1.4).
     */
    record Laplace(double epsilon0) implements Mechanism {
        public Laplace {
            requireEpsilon(epsilon0, "epsilon0");
            if (epsilon0 == 0.0) {
                throw new IllegalArgumentException("epsilon0 = Delta/b must be positive (b finite), got 0");
            }
        }

        /** ε₀ = Δ/b for L1 sensitivity Δ and Laplace scale b. */
        public static Laplace of(double sensitivity, double scale) {
            requirePositiveFinite(sensitivity, "sensitivity");
            requirePositiveFinite(scale, "scale");
            return new Laplace(sensitivity / scale);
        }

        @Override
        public double zcdpRho() {
            return epsilon0 * epsilon0 / 2.0;
        }
    }

    /**
     * K-ary randomized response (Kairouz, Oh &amp; Viswanath 2016, "Extremal mechanisms for local
     * differential privacy", §4): the true value with probability e^ε/(e^ε + K − 1), each other value
     * with 1/(e^ε + K − 1). PLD: +ε, −ε and 0 with probabilities e^ε, 1 and K − 2 over e^ε + K − 1.
     * K = 2 is the pure-ε worst case {@link PureDp}. ε²/2-zCDP (Bun &amp; Steinke 2016, Prop 1.4).
     */
    record RandomizedResponse(int outcomes, double epsilon) implements Mechanism {
        public RandomizedResponse {
            if (outcomes < 2) {
                throw new IllegalArgumentException("randomized response needs at least 2 outcomes, got " + outcomes);
            }
            requireEpsilon(epsilon, "epsilon");
        }

        @Override
        public double zcdpRho() {
            return epsilon * epsilon / 2.0;
        }
    }

    /**
     * The exponential mechanism exp(εu/(2Δ)), which is ε-DP and ε-bounded-range (the bounded-range
     * notion of Durfee &amp; Rogers 2019, "Practical differentially private top-k selection with
     * pay-what-you-get composition"). {@link ExactAccountant} accounts it as {@link PureDp} (valid under adaptive
     * composition); zCDP charges ε²/8 (Cesar &amp; Rogers 2021);
     * {@link BoundedRangeComposition} has Dong, Durfee &amp; Rogers' bounds.
     */
    record BoundedRange(double epsilon) implements Mechanism {
        public BoundedRange {
            requireEpsilon(epsilon, "epsilon");
        }

        @Override
        public double zcdpRho() {
            return epsilon * epsilon / 8.0;
        }
    }

    /** Largest ε accepted for a pure-ε mechanism: e^ε must stay finite in double precision. */
    double MAX_EPSILON = 700.0;

    private static void requireNonNegativeFinite(double value, String name) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be non-negative and finite, got " + value);
        }
    }

    private static void requirePositiveFinite(double value, String name) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be positive and finite, got " + value);
        }
    }

    private static void requireEpsilon(double value, String name) {
        if (!(value >= 0 && value <= MAX_EPSILON)) {
            throw new IllegalArgumentException(name + " must be in [0, " + MAX_EPSILON + "], got " + value);
        }
    }
}

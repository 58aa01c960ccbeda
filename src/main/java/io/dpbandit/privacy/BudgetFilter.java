package io.dpbandit.privacy;

import io.dpbandit.client.privacy.NormalDistribution;
import io.dpbandit.privacy.accounting.GaussianDp;
import io.dpbandit.privacy.accounting.ZcdpConversion;

/**
 * How a budget that several bandits share composes what they commit and spend: the measure a
 * fully adaptive privacy filter sums. Bandits join a shared budget over time, chosen by whoever
 * has seen earlier releases, so the composition's parameters are adaptive and the composition
 * theorem must hold for adaptively chosen parameters (a filter, Rogers, Roth, Ullman &amp; Vadhan
 * 2016). Each member's cost is measured once, at its worst case, and the filter admits a bandit
 * while the sum stays within the budget's total (≤).
 *
 * <ul>
 *   <li><b>GDP</b> (the default): the measure is μ². A filter that admits while Σμᵢ² ≤ μ_B² keeps
 *       the whole interaction μ_B-GDP under fully adaptive composition (Smith &amp; Thakurta 2022,
 *       "Fully adaptive composition for Gaussian differential privacy"), and μ_B-GDP is exactly
 *       (ε, δ)-DP on the Gaussian curve (Dong, Roth &amp; Su 2019, Cor. 2.13): μ_B = μ(ε, δ). So a
 *       bandit at (ε, δ) fits a budget of (ε, δ) exactly, and two bandits at (1, 1e-5) truly cost
 *       (1.47, 1e-5). A pure ε-DP mechanism enters through the Gaussian curve that dominates its
 *       trade-off function f_{ε,0} (Dong, Roth &amp; Su 2019, Prop 2.5; Wasserman &amp; Zhou 2010):
 *       {@link #pureDpMu}. Valid, and loose for the exponential mechanism (choose ZCDP for a budget
 *       of mostly exponential mechanisms).</li>
 *   <li><b>ZCDP</b>: the measure is ρ, admitted while Σρᵢ ≤ ρ_B (zCDP filters are valid fully
 *       adaptively: Feldman &amp; Zrnic 2021; Whitehouse et al. 2023), with ρ_B the largest ρ that
 *       Canonne, Kamath &amp; Steinke 2020's conversion keeps within (ε, δ) (tighter than Bun &amp;
 *       Steinke 2016, Prop 1.3, which budgets made before used). A Gaussian release costs μ²/2, an
 *       exponential mechanism ε²/8 (bounded range, Cesar &amp; Rogers 2021).</li>
 * </ul>
 */
public enum BudgetFilter {

    GDP {
        @Override
        public double total(double epsilon, double delta) {
            // The same μ(ε, δ) a bandit at (ε, δ) calibrates to, so equal figures fit exactly.
            double mu = ZcdpAccounting.mu(PrivacyAmounts.calibrationValue(epsilon),
                    PrivacyAmounts.calibrationValue(delta));
            return mu * mu;
        }

        @Override
        public double gaussian(double rho) {
            return 2 * rho;
        }

        @Override
        public double exponential(double epsilon) {
            double mu = pureDpMu(epsilon);
            return Math.nextUp(mu * mu);
        }

        @Override
        public double epsilon(double spent, double delta) {
            return spent <= 0 ? 0.0 : GaussianDp.epsilon(StrictMath.sqrt(spent), delta);
        }

        @Override
        public String measure() {
            return "mu^2 (Gaussian DP)";
        }
    },

    ZCDP {
        @Override
        public double total(double epsilon, double delta) {
            return ZcdpConversion.CANONNE_KAMATH_STEINKE.rho(PrivacyAmounts.calibrationValue(epsilon),
                    PrivacyAmounts.calibrationValue(delta));
        }

        @Override
        public double gaussian(double rho) {
            return rho;
        }

        @Override
        public double exponential(double epsilon) {
            return Math.nextUp(epsilon * epsilon / 8);
        }

        @Override
        public double epsilon(double spent, double delta) {
            return spent <= 0 ? 0.0 : ZcdpConversion.CANONNE_KAMATH_STEINKE.epsilon(spent, delta);
        }

        @Override
        public String measure() {
            return "rho (zCDP)";
        }
    };

    /** The most the budget's members may commit in all, in this filter's measure. */
    public abstract double total(double epsilon, double delta);

    /** A Gaussian release (or composition) of ρ = μ²/2, in this measure. */
    public abstract double gaussian(double rho);

    /** One exponential mechanism at ε, in this measure (rounded up). */
    public abstract double exponential(double epsilon);

    /** The ε at δ that a spend of this measure is worth (on the safe side: never below the truth). */
    public abstract double epsilon(double spent, double delta);

    /** What the figures count, for the budget's view. */
    public abstract String measure();

    /** The cost of a release in this measure. */
    public double cost(ReleaseMechanism mechanism, Double rho, double epsilon) {
        return switch (mechanism) {
            case GAUSSIAN -> gaussian(rho);
            case EXPONENTIAL -> exponential(epsilon);
        };
    }

    /**
     * The smallest μ whose Gaussian trade-off curve G_μ lies below f_{ε,0}, the trade-off function
     * of randomized response that every ε-DP mechanism's dominates (Dong, Roth &amp; Su 2019,
     * Prop 2.5; Wasserman &amp; Zhou 2010): μ_ε = 2Φ⁻¹(e^ε/(1+e^ε)). Both curves are symmetric and
     * G_μ is convex with G_μ(0) = 1, G_μ(1) = 0; f_{ε,0} is the two line segments through its fixed
     * point α* = 1/(1+e^ε), so G_μ ≤ f_{ε,0} everywhere iff G_μ(α*) ≤ α*, i.e. Φ(−μ/2) ≤ α*. Found
     * by bisection and returned at the upper end, so every ε-DP mechanism is μ_ε-GDP.
     */
    public static double pureDpMu(double epsilon) {
        if (!(epsilon > 0) || Double.isInfinite(epsilon)) {
            throw new IllegalArgumentException("epsilon must be positive and finite, got " + epsilon);
        }
        // α* = 1/(1+e^ε) in log space: ln α* = −ln(1 + e^ε) = −(ε + ln(1 + e^−ε)).
        double logAlpha = -(epsilon + StrictMath.log1p(StrictMath.exp(-epsilon)));
        double lo = 0.0;
        double hi = 1.0;
        while (logCdfUpper(-hi / 2) > logAlpha) {
            hi *= 2;
        }
        for (int i = 0; i < 200 && hi - lo > 0; i++) {
            double mid = 0.5 * (lo + hi);
            if (logCdfUpper(-mid / 2) > logAlpha) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return hi; // the end where even an upper bound on Φ(−μ/2) is ≤ α*
    }

    /** ln Φ(x) plus a bound on its rounding (10⁻¹³·max(1, |ln Φ|), ten times GaussianDp's allowance). */
    private static double logCdfUpper(double x) {
        double l = NormalDistribution.logCdf(x);
        return l + 1e-13 * Math.max(1.0, Math.abs(l));
    }
}

package io.dpbandit.privacy;

import io.dpbandit.client.privacy.GaussianCalibrator;
import io.dpbandit.client.privacy.NormalDistribution;
import io.dpbandit.client.privacy.PrivacyCost;

/**
 * Conversions between an (ε, δ) budget and zero-concentrated DP (ρ-zCDP, Bun &amp; Steinke 2016), the
 * currency the accountant composes in: ρ's add up under adaptive composition (their Lemma 2.3),
 * so L releases at ρ/L each spend exactly ρ, where basic composition would split (ε, δ) into
 * (ε/L, δ/L) and pay about √L times more noise per release.
 *
 * <p>Two conversions, and when each holds:
 * <ul>
 *   <li><b>Gaussian only.</b> A Gaussian release with sensitivity Δ and noise σ is ρ-zCDP with
 *       ρ = Δ²/(2σ²) = μ²/2 (Bun &amp; Steinke 2016, Prop 1.6), and it is exactly μ-GDP; Gaussian
 *       releases compose as one Gaussian with μ = √(Σ μᵢ²) (Dong, Roth &amp; Su 2019, "Gaussian
 *       differential privacy", Cor. 3.3), i.e. with ρ = Σ ρᵢ. So a budget made only of Gaussian
 *       releases is exactly (ε, δ)-DP where δ = δ_μ(ε) is the Gaussian mechanism's privacy profile
 *       at μ = √(2ρ) (Balle &amp; Wang 2018, Thm 8): {@link #gaussianRho} and
 *       {@link #gaussianEpsilon}. No slack.</li>
 *   <li><b>Any mix</b> (an ε-DP exponential mechanism is (ε²/2)-zCDP, Bun &amp; Steinke 2016,
 *       Prop 1.4): ρ-zCDP implies (ρ + 2√(ρ ln(1/δ)), δ)-DP (their Prop 1.3): {@link #generalRho}
 *       and {@link #generalEpsilon}.</li>
 * </ul>
 * Everything here is StrictMath and bisection with fixed iteration counts: every instance computes
 * the same doubles.
 */
public final class ZcdpAccounting {

    private ZcdpAccounting() {
    }

    /**
     * μ = Δ/σ of the Gaussian mechanism that is exactly (ε, δ)-DP (Balle &amp; Wang 2018, Thm 8, via
     * {@link GaussianCalibrator#analyticSigma} at Δ = 1).
     */
    public static double mu(double epsilon, double delta) {
        return 1.0 / GaussianCalibrator.analyticSigma(1.0, epsilon, delta);
    }

    /**
     * ρ_total of a ZCDP budget as recorded: the Gaussian budget of the doubles that do not exceed its
     * (ε, δ) ({@link PrivacyAmounts#calibrationValue}), so every release calibrated from it costs at
     * most what the ledger records.
     */
    public static double budgetRho(PrivacyCost total) {
        return gaussianRho(PrivacyAmounts.calibrationValue(total.epsilon()),
                PrivacyAmounts.calibrationValue(total.delta()));
    }

    /** ρ = μ²/2 that Gaussian releases may spend in all and stay exactly (ε, δ)-DP. */
    public static double gaussianRho(double epsilon, double delta) {
        double mu = mu(epsilon, delta);
        return mu * mu / 2.0;
    }

    /**
     * The ε at which Gaussian releases of total ρ are δ-DP: the smallest ε with δ_μ(ε) ≤ δ at
     * μ = √(2ρ) (δ_μ decreases in ε); 0 for ρ = 0.
     */
    public static double gaussianEpsilon(double rho, double delta) {
        checkRho(rho);
        if (rho == 0.0) {
            return 0.0;
        }
        double mu = StrictMath.sqrt(2.0 * rho);
        // δ_μ(0) = Φ(μ/2) − Φ(−μ/2): below δ already, the release is (0, δ)-DP.
        if (NormalDistribution.cdf(mu / 2) - NormalDistribution.cdf(-mu / 2) <= delta) {
            return 0.0;
        }
        double lo = 0.0;
        double hi = 1.0;
        while (GaussianCalibrator.exactDelta(mu, hi, 1.0) > delta) {
            hi *= 2.0;
            if (hi > 1e6) {
                return Double.POSITIVE_INFINITY;
            }
        }
        for (int i = 0; i < 200; i++) {
            double mid = 0.5 * (lo + hi);
            if (GaussianCalibrator.exactDelta(mu, mid, 1.0) > delta) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return hi; // the upper end: δ_μ(ε) ≤ δ holds there
    }

    /** The largest ρ with ρ + 2√(ρ ln(1/δ)) ≤ ε (Bun &amp; Steinke 2016, Prop 1.3, solved for √ρ). */
    public static double generalRho(double epsilon, double delta) {
        double l = -StrictMath.log(delta); // ln(1/δ) without overflowing 1/δ for a tiny δ
        double root = -StrictMath.sqrt(l) + StrictMath.sqrt(l + epsilon);
        // Rounded down a little so that generalEpsilon(generalRho(ε, δ), δ) ≤ ε in doubles too.
        return Math.max(0.0, root * root * (1.0 - 1e-12));
    }

    /** ρ-zCDP ⇒ (ρ + 2√(ρ ln(1/δ)), δ)-DP (Bun &amp; Steinke 2016, Prop 1.3). */
    public static double generalEpsilon(double rho, double delta) {
        checkRho(rho);
        return rho + 2.0 * StrictMath.sqrt(rho * -StrictMath.log(delta));
    }

    /** An ε-DP mechanism (the exponential mechanism) is (ε²/2)-zCDP (Bun &amp; Steinke 2016, Prop 1.4). */
    public static double pureRho(double epsilon) {
        return epsilon * epsilon / 2.0;
    }

    private static void checkRho(double rho) {
        if (!(rho >= 0) || Double.isInfinite(rho)) {
            throw new IllegalArgumentException("rho must be finite and >= 0, got " + rho);
        }
    }
}

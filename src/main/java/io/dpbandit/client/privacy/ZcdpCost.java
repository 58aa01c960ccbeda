package io.dpbandit.client.privacy;

import java.util.List;

/**
 * A zero-concentrated DP cost ρ (Bun &amp; Steinke 2016, "Concentrated differential privacy:
 * simplifications, extensions, and lower bounds"). Gaussian releases compose much more tightly in ρ
 * than in (ε, δ): ρ adds up (their Lemma 2.3), and the total converts to (ε, δ) once at the end.
 */
public record ZcdpCost(double rho) {

    public static final ZcdpCost ZERO = new ZcdpCost(0.0);

    public ZcdpCost {
        Checks.nonNegativeFinite(rho, "rho");
    }

    /**
     * The Gaussian mechanism with L2 sensitivity Δ and N(0, σ²I) noise is ρ-zCDP with
     * ρ = Δ²/(2σ²) (Bun &amp; Steinke 2016, Prop 1.6). Also exact for the discrete Gaussian used by
     * {@link SecureNoiseSource} (Canonne, Kamath &amp; Steinke 2020, Thm 4).
     */
    public static ZcdpCost ofGaussian(double sensitivity, double sigma) {
        Checks.positiveFinite(sensitivity, "sensitivity");
        Checks.positiveFinite(sigma, "sigma");
        return new ZcdpCost(sensitivity * sensitivity / (2.0 * sigma * sigma));
    }

    /** Composition: ρ₁ + ρ₂. */
    public ZcdpCost plus(ZcdpCost other) {
        return new ZcdpCost(rho + other.rho);
    }

    /** Composition of a sequence, summed in list order (replayable). */
    public static ZcdpCost sum(List<ZcdpCost> costs) {
        ZcdpCost total = ZERO;
        for (ZcdpCost cost : costs) {
            total = total.plus(cost);
        }
        return total;
    }

    /** ρ-zCDP implies (ρ + 2√(ρ ln(1/δ)), δ)-DP for every δ &gt; 0 (Bun &amp; Steinke 2016, Prop 1.3). */
    public PrivacyCost toApproximateDp(double delta) {
        Checks.openUnitInterval(delta, "delta");
        double epsilon = rho + 2.0 * StrictMath.sqrt(rho * StrictMath.log(1.0 / delta));
        return new PrivacyCost(epsilon, delta);
    }
}

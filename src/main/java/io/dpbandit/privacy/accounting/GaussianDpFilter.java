package io.dpbandit.privacy.accounting;

/**
 * A privacy filter for Gaussian releases whose μᵢ are chosen fully adaptively (each from the
 * outputs so far): it admits a release while Σμᵢ² ≤ μ_B², and the whole interaction is then
 * μ_B-GDP (Smith &amp; Thakurta 2022, "Fully adaptive composition for Gaussian differential
 * privacy"), i.e. (ε, δ_{μ_B}(ε))-DP for every ε (Dong, Roth &amp; Su 2022, Cor 2.13). Ties are
 * admitted. For a budget (ε, δ), μ_B = {@link GaussianDp#mu}(ε, δ), never above the true value.
 *
 * <p>Σμᵢ² is kept as a double-double sum of exact squares, so a decision is the real comparison.
 * Not for exponential mechanisms (use {@link ZcdpFilter}). Thread-safe: decisions are serialised.
 */
public final class GaussianDpFilter {

    private final double muBudget;
    private final FilterLedger ledger;

    /** A filter admitting while Σμᵢ² ≤ muBudget². */
    public GaussianDpFilter(double muBudget, RefusalSemantics semantics) {
        if (!(muBudget >= 0) || Double.isInfinite(muBudget)) {
            throw new IllegalArgumentException("muBudget must be non-negative and finite, got " + muBudget);
        }
        this.muBudget = muBudget;
        this.ledger = new FilterLedger(DoubleDouble.square(muBudget, 1.0), semantics);
    }

    /** The filter for an (ε, δ) budget: μ_B = μ(ε, δ) (Balle &amp; Wang 2018, Thm 8). */
    public static GaussianDpFilter forBudget(double epsilon, double delta, RefusalSemantics semantics) {
        return new GaussianDpFilter(GaussianDp.mu(epsilon, delta), semantics);
    }

    /** Admits the release (and charges μ²) if Σμᵢ² + μ² ≤ μ_B² and the filter has not halted. */
    public boolean admit(double mu) {
        if (!(mu >= 0) || Double.isInfinite(mu)) {
            throw new IllegalArgumentException("mu must be non-negative and finite, got " + mu);
        }
        return ledger.charge(DoubleDouble.square(mu, 1.0));
    }

    /** {@link #admit(double)} for a Gaussian mechanism. */
    public boolean admit(Mechanism.Gaussian release) {
        return admit(release.mu());
    }

    /** μ_B. */
    public double muBudget() {
        return muBudget;
    }

    /** Σμᵢ² of the admitted releases. */
    public double spentSquared() {
        return ledger.spent();
    }

    /** √Σμᵢ² of the admitted releases (the spend so far, not an odometer guarantee). */
    public double spentMu() {
        return StrictMath.sqrt(ledger.spent());
    }

    public int admittedCount() {
        return ledger.admitted();
    }

    /** Whether a HALTING filter has refused a request (and so refuses everything). */
    public boolean halted() {
        return ledger.halted();
    }

    public RefusalSemantics semantics() {
        return ledger.semantics();
    }
}

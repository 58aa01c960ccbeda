package io.dpbandit.privacy.accounting;

import java.util.Objects;

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
    private final DoubleDouble budget;
    private final RefusalSemantics semantics;
    private DoubleDouble spent = DoubleDouble.ZERO;
    private boolean halted;
    private int admitted;

    /** A filter admitting while Σμᵢ² ≤ muBudget². */
    public GaussianDpFilter(double muBudget, RefusalSemantics semantics) {
        if (!(muBudget >= 0) || Double.isInfinite(muBudget)) {
            throw new IllegalArgumentException("muBudget must be non-negative and finite, got " + muBudget);
        }
        this.muBudget = muBudget;
        this.budget = DoubleDouble.square(muBudget, 1.0);
        this.semantics = Objects.requireNonNull(semantics, "semantics");
    }

    /** The filter for an (ε, δ) budget: μ_B = μ(ε, δ) (Balle &amp; Wang 2018, Thm 8). */
    public static GaussianDpFilter forBudget(double epsilon, double delta, RefusalSemantics semantics) {
        return new GaussianDpFilter(GaussianDp.mu(epsilon, delta), semantics);
    }

    /** Admits the release (and charges μ²) if Σμᵢ² + μ² ≤ μ_B² and the filter has not halted. */
    public synchronized boolean admit(double mu) {
        if (!(mu >= 0) || Double.isInfinite(mu)) {
            throw new IllegalArgumentException("mu must be non-negative and finite, got " + mu);
        }
        if (halted) {
            return false;
        }
        DoubleDouble next = spent.plus(DoubleDouble.square(mu, 1.0));
        if (next.atMost(budget)) {
            spent = next;
            admitted++;
            return true;
        }
        if (semantics == RefusalSemantics.HALTING) {
            halted = true;
        }
        return false;
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
    public synchronized double spentSquared() {
        return spent.value();
    }

    /** √Σμᵢ² of the admitted releases (the spend so far, not an odometer guarantee). */
    public synchronized double spentMu() {
        return StrictMath.sqrt(spent.value());
    }

    public synchronized int admittedCount() {
        return admitted;
    }

    /** Whether a HALTING filter has refused a request (and so refuses everything). */
    public synchronized boolean halted() {
        return halted;
    }

    public RefusalSemantics semantics() {
        return semantics;
    }
}

package io.dpbandit.privacy.accounting;

import java.util.Objects;

/**
 * A privacy filter in zCDP for releases whose parameters are chosen fully adaptively: it admits a
 * release while Σρᵢ ≤ ρ_B (Feldman &amp; Zrnic 2021, "Individual privacy accounting via a Rényi
 * filter", a Rényi filter at every order; Whitehouse, Ramdas, Rogers &amp; Wu 2023, "Fully-adaptive
 * composition in differential privacy"), so the interaction is ρ_B-zCDP and, through the budget's
 * {@link ZcdpConversion}, (ε, δ)-DP. Ties are admitted. Charges: a Gaussian μ²/2 (Bun &amp; Steinke
 * 2016, Prop 1.6), an ε-DP mechanism ε²/2 (their Prop 1.4), an exponential mechanism
 * exp(εu/(2Δ)) as ε-bounded-range ε²/8 (Cesar &amp; Rogers 2021). Unlike {@link GaussianDpFilter}
 * it takes exponential mechanisms; it is looser for Gaussians.
 *
 * <p>Σρᵢ is a double-double sum (charges that are squares are split exactly), so a decision is the
 * real comparison. Thread-safe: decisions are serialised.
 */
public final class ZcdpFilter {

    private final double rhoBudget;
    private final FilterLedger ledger;

    /** A filter admitting while Σρᵢ ≤ rhoBudget. */
    public ZcdpFilter(double rhoBudget, RefusalSemantics semantics) {
        if (!(rhoBudget >= 0) || Double.isInfinite(rhoBudget)) {
            throw new IllegalArgumentException("rhoBudget must be non-negative and finite, got " + rhoBudget);
        }
        this.rhoBudget = rhoBudget;
        this.ledger = new FilterLedger(DoubleDouble.of(rhoBudget), semantics);
    }

    /** The filter for an (ε, δ) budget: ρ_B = conversion.rho(ε, δ), the largest ρ that converts to it. */
    public static ZcdpFilter forBudget(double epsilon, double delta, ZcdpConversion conversion,
            RefusalSemantics semantics) {
        return new ZcdpFilter(conversion.rho(epsilon, delta), semantics);
    }

    /** Admits a release of zCDP cost ρ if Σρᵢ + ρ ≤ ρ_B and the filter has not halted. */
    public boolean admitRho(double rho) {
        if (!(rho >= 0) || Double.isInfinite(rho)) {
            throw new IllegalArgumentException("rho must be non-negative and finite, got " + rho);
        }
        return ledger.charge(DoubleDouble.of(rho));
    }

    /** A Gaussian release with μ = Δ/σ: ρ = μ²/2. */
    public boolean admitGaussian(double mu) {
        return admit(new Mechanism.Gaussian(mu));
    }

    /** The exponential mechanism at ε as ε-bounded-range: ρ = ε²/8. */
    public boolean admitBoundedRange(double epsilon) {
        return admit(new Mechanism.BoundedRange(epsilon));
    }

    /** Any ε-DP mechanism: ρ = ε²/2. */
    public boolean admitPureDp(double epsilon) {
        return admit(new Mechanism.PureDp(epsilon));
    }

    /** Admits a mechanism at its zCDP cost ({@link Mechanism#zcdpRho()}), squares split exactly. */
    public boolean admit(Mechanism release) {
        Objects.requireNonNull(release, "release");
        DoubleDouble rho;
        if (release instanceof Mechanism.Gaussian g) {
            rho = DoubleDouble.square(g.mu(), 0.5);
        } else if (release instanceof Mechanism.BoundedRange b) {
            rho = DoubleDouble.square(b.epsilon(), 0.125);
        } else if (release instanceof Mechanism.PureDp p) {
            rho = DoubleDouble.square(p.epsilon(), 0.5);
        } else if (release instanceof Mechanism.Laplace l) {
            rho = DoubleDouble.square(l.epsilon0(), 0.5);
        } else {
            rho = DoubleDouble.square(((Mechanism.RandomizedResponse) release).epsilon(), 0.5);
        }
        return ledger.charge(rho);
    }

    public double rhoBudget() {
        return rhoBudget;
    }

    /** Σρᵢ of the admitted releases. */
    public double spentRho() {
        return ledger.spent();
    }

    public int admittedCount() {
        return ledger.admitted();
    }

    public boolean halted() {
        return ledger.halted();
    }

    public RefusalSemantics semantics() {
        return ledger.semantics();
    }
}

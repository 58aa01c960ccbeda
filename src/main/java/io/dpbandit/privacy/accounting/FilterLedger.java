package io.dpbandit.privacy.accounting;

import java.util.Objects;

/**
 * The admission step both privacy filters share: a running sum of the admitted charges kept as a
 * double-double (so a decision is the real comparison), admitted while the sum stays at most the
 * budget, and under {@link RefusalSemantics#HALTING} closed for good after the first refusal.
 * {@link GaussianDpFilter} charges μᵢ² against μ_B², {@link ZcdpFilter} ρᵢ against ρ_B.
 * Thread-safe: decisions are serialised.
 */
final class FilterLedger {

    private final DoubleDouble budget;
    private final RefusalSemantics semantics;
    private DoubleDouble spent = DoubleDouble.ZERO;
    private boolean halted;
    private int admitted;

    FilterLedger(DoubleDouble budget, RefusalSemantics semantics) {
        this.budget = budget;
        this.semantics = Objects.requireNonNull(semantics, "semantics");
    }

    /** Admits (and adds) the charge if the sum stays within the budget and the filter has not halted. */
    synchronized boolean charge(DoubleDouble cost) {
        if (halted) {
            return false;
        }
        DoubleDouble next = spent.plus(cost);
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

    synchronized double spent() {
        return spent.value();
    }

    synchronized int admitted() {
        return admitted;
    }

    synchronized boolean halted() {
        return halted;
    }

    RefusalSemantics semantics() {
        return semantics;
    }
}

package io.dpbandit.ledger;

import io.dpbandit.runtime.EpochProcess.Charge;
import java.time.Instant;
import org.springframework.stereotype.Component;

/**
 * The one way a release's {@link Charge} enters the ledger: converted to the ledger's
 * {@link Ledger.Spend} and inserted in the caller's transaction, which holds the lock that keeps
 * two releases from seeing the same remaining budget (an epoch's close, a bandit's creation, a
 * context release under its bandit's row lock).
 */
@Component
public class LedgerCharges {

    private final Ledger ledger;

    public LedgerCharges(Ledger ledger) {
        this.ledger = ledger;
    }

    /** Charges a release now (the entry dated by the transaction's start); returns the entry's id. */
    public long charge(String banditId, Charge charge) {
        return charge(banditId, charge, null);
    }

    /**
     * Charges a release, the entry dated {@code at} (null: the transaction's start), and returns the
     * entry's id; throws {@code ServiceErrors.BudgetExhausted} (nothing is charged) when the bandit's
     * budget or its shared budget does not allow it.
     */
    public long charge(String banditId, Charge charge, Instant at) {
        return ledger.charge(banditId, charge.budget(), spend(charge), charge.sharedBudget(), charge.reason(),
                charge.epoch(), charge.composition(), at);
    }

    /** What the ledger counts of a charge: its (ε, δ), ρ, accountant and mechanism. */
    static Ledger.Spend spend(Charge charge) {
        return new Ledger.Spend(charge.cost(), charge.rho(), charge.accountant(), charge.mechanism());
    }
}

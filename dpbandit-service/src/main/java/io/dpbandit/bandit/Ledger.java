package io.dpbandit.bandit;

import io.dpbandit.bandit.store.LedgerEntry;
import io.dpbandit.bandit.store.LedgerRepository;
import io.dpbandit.privacy.PrivacyBudget;
import io.dpbandit.privacy.PrivacyCost;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * The privacy ledger: what a bandit has spent, replayed from its entries in order (bit-identical on
 * every instance), and charges that go in only within the budget. A charge must run in the same
 * transaction as the release it pays for, after the bandit's lock is taken, so that two releases
 * cannot both see the same remaining budget.
 */
@Component
public class Ledger {

    private final LedgerRepository entries;

    public Ledger(LedgerRepository entries) {
        this.entries = entries;
    }

    /** Budget figures of a bandit. */
    public record Budget(double epsilonTotal, double deltaTotal, double epsilonSpent, double deltaSpent,
            double epsilonRemaining, double deltaRemaining) {
    }

    public List<LedgerEntry> entries(String banditId) {
        return entries.findByBanditIdOrderByIdAsc(banditId);
    }

    public PrivacyCost spent(String banditId) {
        return PrivacyCost.sum(entries(banditId).stream().map(l -> new PrivacyCost(l.getEpsilon(), l.getDelta()))
                .toList());
    }

    public Budget budget(String banditId, double epsilonTotal, double deltaTotal) {
        PrivacyCost spent = spent(banditId);
        return new Budget(epsilonTotal, deltaTotal, spent.epsilon(), spent.delta(),
                Math.max(0, epsilonTotal - spent.epsilon()), Math.max(0, deltaTotal - spent.delta()));
    }

    /**
     * Charges {@code cost} if the budget allows it and returns the entry's id; throws
     * {@link ServiceErrors.BudgetExhausted} (nothing is charged) otherwise.
     */
    public long charge(String banditId, PrivacyCost total, PrivacyCost cost, String reason, Integer epoch,
            String composition) {
        PrivacyBudget budget = new PrivacyBudget(total, spent(banditId));
        if (!budget.canAfford(cost)) {
            throw new ServiceErrors.BudgetExhausted("bandit '" + banditId + "' has spent its privacy budget ("
                    + total.epsilon() + "); nothing was released");
        }
        return entries.saveAndFlush(new LedgerEntry(banditId, cost.epsilon(), cost.delta(), reason, epoch,
                composition)).getId();
    }
}

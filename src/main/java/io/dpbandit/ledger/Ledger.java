package io.dpbandit.ledger;

import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.store.LedgerEntry;
import io.dpbandit.store.LedgerRepository;
import io.dpbandit.privacy.PrivacyAmounts;
import io.dpbandit.privacy.PrivacyBudget;
import java.math.BigDecimal;
import io.dpbandit.client.privacy.PrivacyCost;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * The privacy ledger: what a bandit has spent, replayed from its entries in order as exact decimal
 * sums (identical on every instance; {@link PrivacyAmounts}), and charges that go in only when the
 * exact sum stays within the budget, so spent never reads above total. A charge must run in the same
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

    /** The bandit's budget replayed from its entries in order: exact decimal sums (PrivacyAmounts). */
    public PrivacyBudget replay(String banditId, PrivacyCost total) {
        PrivacyBudget budget = PrivacyBudget.of(total);
        BigDecimal eps = BigDecimal.ZERO;
        BigDecimal delta = BigDecimal.ZERO;
        for (LedgerEntry entry : entries(banditId)) {
            eps = eps.add(PrivacyAmounts.of(entry.getEpsilon()));
            delta = delta.add(PrivacyAmounts.of(entry.getDelta()));
        }
        return new PrivacyBudget(budget.epsilonTotal(), budget.deltaTotal(), eps, delta);
    }

    public Budget budget(String banditId, double epsilonTotal, double deltaTotal) {
        PrivacyBudget budget = replay(banditId, new PrivacyCost(epsilonTotal, deltaTotal));
        PrivacyCost spent = budget.spent();
        PrivacyCost remaining = budget.remaining();
        return new Budget(epsilonTotal, deltaTotal, spent.epsilon(), spent.delta(), remaining.epsilon(),
                remaining.delta());
    }

    /**
     * Charges {@code cost} if the budget allows it and returns the entry's id; throws
     * {@link ServiceErrors.BudgetExhausted} (nothing is charged) otherwise.
     */
    public long charge(String banditId, PrivacyCost total, PrivacyCost cost, String reason, Integer epoch,
            String composition) {
        PrivacyBudget budget = replay(banditId, total);
        if (!budget.canAfford(cost)) {
            throw new ServiceErrors.BudgetExhausted("bandit '" + banditId + "' has spent its privacy budget ("
                    + total.epsilon() + "); nothing was released");
        }
        return entries.saveAndFlush(new LedgerEntry(banditId, cost.epsilon(), cost.delta(), reason, epoch,
                composition)).getId();
    }
}

package io.dpbandit.ledger;

import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.privacy.PrivacyAmounts;
import io.dpbandit.privacy.PrivacyBudget;
import io.dpbandit.privacy.ZcdpAccounting;
import io.dpbandit.privacy.Accountant;
import io.dpbandit.store.LedgerEntry;
import io.dpbandit.store.LedgerRepository;
import io.dpbandit.store.SharedBudgetRecord;
import io.dpbandit.store.SharedBudgetRepository;
import java.math.BigDecimal;
import java.util.List;
import io.dpbandit.bandit.Slice;
import org.springframework.data.domain.Limit;
import org.springframework.stereotype.Component;

/**
 * The privacy ledger: what a bandit has spent, replayed from its entries in order as exact decimal
 * sums (identical on every instance; {@link PrivacyAmounts}), and charges that go in only when the
 * exact sum stays within the budget, so spent never reads above total. A charge must run in the same
 * transaction as the release it pays for, after the bandit's lock is taken, so that two releases
 * cannot both see the same remaining budget.
 *
 * <p>Two accountants ({@link Accountant}). BASIC sums (ε, δ). ZCDP sums each charge's ρ against
 * ρ_total = μ²/2 of the bandit's (ε, δ) (all its releases are Gaussian, so the conversion is the
 * exact Gaussian profile, {@link ZcdpAccounting#gaussianRho}); its entries' ε column holds the
 * increase of the (ε, δ) the releases so far are worth, so the column still adds up to what is
 * spent. A bandit on a shared budget is also checked against it: every charge of every bandit on
 * the budget composes in ρ (mixed mechanisms: Bun &amp; Steinke's general conversion,
 * {@link ZcdpAccounting#generalRho}), with the budget's row locked.
 */
@Component
public class Ledger {

    private final LedgerRepository entries;
    private final SharedBudgetRepository budgets;

    public Ledger(LedgerRepository entries, SharedBudgetRepository budgets) {
        this.entries = entries;
        this.budgets = budgets;
    }

    /**
     * Budget figures of a bandit. Under ZCDP, spent is the (ε, δ) its releases so far are worth
     * together (δ is the total's once anything is spent) and {@code rhoSpent}/{@code rhoTotal} are
     * the native figures; under BASIC those two are null.
     */
    public record Budget(double epsilonTotal, double deltaTotal, double epsilonSpent, double deltaSpent,
            double epsilonRemaining, double deltaRemaining, String accountant, Double rhoSpent, Double rhoTotal) {

        public Budget(double epsilonTotal, double deltaTotal, double epsilonSpent, double deltaSpent,
                double epsilonRemaining, double deltaRemaining) {
            this(epsilonTotal, deltaTotal, epsilonSpent, deltaSpent, epsilonRemaining, deltaRemaining, "BASIC", null,
                    null);
        }
    }

    public List<LedgerEntry> entries(String banditId) {
        return entries.findByBanditIdOrderByIdAsc(banditId);
    }

    /** At most {@code limit} of the bandit's entries after entry {@code after} (0 for the first), in order. */
    public Slice<LedgerEntry> entries(String banditId, long after, int limit) {
        return Slice.of(entries.findByBanditIdAndIdGreaterThanOrderByIdAsc(banditId, after, Limit.of(limit + 1)), limit);
    }

    /** The bandit's (ε, δ) budget under BASIC, replayed from its entries in order: exact decimal sums. */
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

    /** The exact sum of the entries' ρ, in order (entries without one count 0: they are BASIC's). */
    static BigDecimal rhoSpent(List<LedgerEntry> list) {
        BigDecimal rho = BigDecimal.ZERO;
        for (LedgerEntry entry : list) {
            if (entry.getRho() != null) {
                rho = rho.add(PrivacyAmounts.of(entry.getRho()));
            }
        }
        return rho;
    }

    /** ρ_total of a ZCDP bandit: the Gaussian budget of the doubles that do not exceed its (ε, δ). */
    public static double rhoTotal(PrivacyCost total) {
        return ZcdpAccounting.budgetRho(total);
    }

    /**
     * The bandit's budget as its accountant counts it. The accountant comes from the bandit's spec, not
     * from its entries: before its first charge a ZCDP bandit has none, and read from the entries it
     * showed BASIC and no ρ budget until the first release.
     */
    public Budget budget(String banditId, double epsilonTotal, double deltaTotal, Accountant accountant) {
        List<LedgerEntry> list = entries(banditId);
        boolean zcdp = accountant == Accountant.ZCDP
                || list.stream().anyMatch(e -> Accountant.ZCDP.name().equals(e.getAccountant()));
        if (!zcdp) {
            PrivacyBudget budget = replay(banditId, new PrivacyCost(epsilonTotal, deltaTotal));
            PrivacyCost spent = budget.spent();
            PrivacyCost remaining = budget.remaining();
            return new Budget(epsilonTotal, deltaTotal, spent.epsilon(), spent.delta(), remaining.epsilon(),
                    remaining.delta());
        }
        double rho = rhoSpent(list).doubleValue();
        double eps = Math.min(epsilonTotal, ZcdpAccounting.gaussianEpsilon(rho, deltaTotal));
        double delta = rho > 0 ? deltaTotal : 0.0;
        return new Budget(epsilonTotal, deltaTotal, eps, delta, epsilonTotal - eps, deltaTotal - delta,
                Accountant.ZCDP.name(), rho, rhoTotal(new PrivacyCost(epsilonTotal, deltaTotal)));
    }

    /** BASIC, without a shared budget: as {@link #charge(String, PrivacyCost, Spend, String, String, Integer, String)}. */
    public long charge(String banditId, PrivacyCost total, PrivacyCost cost, String reason, Integer epoch,
            String composition) {
        return charge(banditId, total, new Spend(cost, null, Accountant.BASIC), null, reason, epoch, composition);
    }

    /**
     * What one release costs: its (ε, δ) for BASIC, its ρ for ZCDP and for a shared budget (null
     * where the mechanism has none), and the bandit's accountant.
     */
    public record Spend(PrivacyCost cost, Double rho, Accountant accountant) {
    }

    /**
     * Charges a release if the bandit's budget (and its shared budget, if any) allows it and returns
     * the entry's id; throws {@link ServiceErrors.BudgetExhausted} (nothing is charged) otherwise.
     */
    public long charge(String banditId, PrivacyCost total, Spend spend, String sharedBudget, String reason,
            Integer epoch, String composition) {
        return charge(banditId, total, spend, sharedBudget, reason, epoch, composition, null);
    }

    /**
     * As {@link #charge(String, PrivacyCost, Spend, String, String, Integer, String)}, the entry dated
     * {@code at} (an epoch's close: the lifecycle's grid instant, so the date an analyst reads is a
     * function of public facts; null: the transaction's start).
     */
    public long charge(String banditId, PrivacyCost total, Spend spend, String sharedBudget, String reason,
            Integer epoch, String composition, java.time.Instant at) {
        if (sharedBudget != null) {
            checkShared(banditId, sharedBudget, spend.rho());
        }
        if (spend.accountant() == Accountant.BASIC) {
            if (!replay(banditId, total).canAfford(spend.cost())) {
                throw new ServiceErrors.BudgetExhausted("bandit " + ServiceErrors.quote(banditId) + " has spent its privacy budget ("
                        + total.epsilon() + "); nothing was released");
            }
            return entries.saveAndFlush(new LedgerEntry(banditId, spend.cost().epsilon(), spend.cost().delta(),
                    reason, epoch, composition, spend.rho(), Accountant.BASIC.name()).at(at)).getId();
        }
        if (spend.rho() == null) {
            throw new IllegalArgumentException("a ZCDP charge needs its rho");
        }
        BigDecimal before = rhoSpent(entries(banditId));
        BigDecimal after = before.add(PrivacyAmounts.of(spend.rho()));
        if (after.compareTo(PrivacyAmounts.of(rhoTotal(total))) > 0) {
            throw new ServiceErrors.BudgetExhausted("bandit " + ServiceErrors.quote(banditId) + " has spent its privacy budget ("
                    + total.epsilon() + ", rho " + rhoTotal(total) + "); nothing was released");
        }
        double epsBefore = Math.min(total.epsilon(), ZcdpAccounting.gaussianEpsilon(before.doubleValue(),
                total.delta()));
        double epsAfter = Math.min(total.epsilon(), ZcdpAccounting.gaussianEpsilon(after.doubleValue(),
                total.delta()));
        double delta = before.signum() == 0 && spend.rho() > 0 ? total.delta() : 0.0;
        return entries.saveAndFlush(new LedgerEntry(banditId, Math.max(0.0, epsAfter - epsBefore), delta, reason,
                epoch, composition, spend.rho(), Accountant.ZCDP.name()).at(at)).getId();
    }

    /** A shared budget's figures: its total, what its bandits have spent and committed, in ρ. */
    public record SharedBudget(String id, double epsilon, double delta, double rhoTotal, double rhoSpent,
            double rhoCommitted, double epsilonSpent, int bandits) {
    }

    /** ρ a shared budget (ε, δ) allows, for any mix of mechanisms (Bun &amp; Steinke 2016, Prop 1.3). */
    public static double sharedRhoTotal(SharedBudgetRecord budget) {
        return ZcdpAccounting.generalRho(budget.getEpsilon(), budget.getDelta());
    }

    private void checkShared(String banditId, String budgetId, Double rho) {
        SharedBudgetRecord budget = budgets.lock(budgetId).orElseThrow(() -> new IllegalStateException(
                "bandit " + ServiceErrors.quote(banditId) + " names a budget " + ServiceErrors.quote(budgetId) + " that does not exist"));
        if (rho == null) {
            throw new IllegalStateException("a release of bandit " + ServiceErrors.quote(banditId) + " has no zCDP cost to charge "
                    + "against budget " + ServiceErrors.quote(budgetId));
        }
        BigDecimal after = rhoSpent(entries.findBySharedBudget(budgetId)).add(PrivacyAmounts.of(rho));
        if (after.compareTo(PrivacyAmounts.of(sharedRhoTotal(budget))) > 0) {
            throw new ServiceErrors.BudgetExhausted("budget " + ServiceErrors.quote(budgetId) + " shared by bandit " + ServiceErrors.quote(banditId)
                    + " is spent (rho " + sharedRhoTotal(budget) + "); nothing was released");
        }
    }

    /** The figures of a shared budget, replayed from its bandits' entries. */
    public SharedBudget shared(SharedBudgetRecord budget, double committed, int bandits) {
        double spent = rhoSpent(entries.findBySharedBudget(budget.getId())).doubleValue();
        return new SharedBudget(budget.getId(), budget.getEpsilon(), budget.getDelta(), sharedRhoTotal(budget), spent,
                committed, Math.min(budget.getEpsilon(), ZcdpAccounting.generalEpsilon(spent, budget.getDelta())),
                bandits);
    }
}

package io.dpbandit.ledger;

import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.privacy.PrivacyAmounts;
import io.dpbandit.privacy.PrivacyBudget;
import io.dpbandit.privacy.ZcdpAccounting;
import io.dpbandit.privacy.Accountant;
import io.dpbandit.privacy.BudgetFilter;
import io.dpbandit.privacy.Commitment;
import io.dpbandit.privacy.ReleaseMechanism;
import io.dpbandit.store.LedgerEntry;
import io.dpbandit.store.LedgerRepository;
import io.dpbandit.store.SharedBudgetRecord;
import io.dpbandit.store.SharedBudgetRepository;
import io.swagger.v3.oas.annotations.media.Schema;
import java.math.BigDecimal;
import java.time.Instant;
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
 * <p>Three accountants ({@link Accountant}). BASIC sums (ε, δ). ZCDP and EXACT compose Gaussian
 * releases exactly: each charge's ρ = μ²/2 adds up against ρ_total = μ²/2 of the bandit's (ε, δ)
 * (Gaussian releases compose as one Gaussian, Dong, Roth &amp; Su 2019, Cor. 3.3, whose (ε, δ) curve
 * is the exact profile, {@link ZcdpAccounting#gaussianRho}); the entries' ε column holds the increase
 * of the (ε, δ) the releases so far are worth, so the column still adds up to what is spent. EXACT
 * also takes pure-ε releases (USCA's exponential mechanism): a pure-DP bandit's δ is 0, where the
 * optimal composition of pure-ε mechanisms is their sum (Kairouz, Oh &amp; Viswanath 2015, Thm 3.3
 * at δ = 0), so their ε add up exactly.
 *
 * <p>A bandit on a shared budget is also checked against it, every charge of every bandit on the
 * budget measured by the budget's filter ({@link BudgetFilter}: Gaussian DP or zCDP), with the
 * budget's row locked.
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
     * Budget figures of a bandit, in three amounts against its total. <em>Charged</em> is what its
     * ledger entries add up to; <em>spent</em> is what the releases made so far are worth together,
     * worst case over users (a tree family's whole horizon is charged at creation but spent as its
     * nodes are released); <em>committed</em> is what its plan for the whole horizon spends once every
     * planned release is made. Remaining is total − spent. Under a Gaussian accountant the ε figures
     * are what the ρ sums are worth at the budget's δ (δ is the total's once the ρ is above 0), and
     * the ρ figures are the native ones; under BASIC, and for pure-ε releases, the ρ figures are null.
     */
    @Schema(name = "Budget")
    public record Budget(double epsilonTotal, double deltaTotal,
            @Schema(description = "what the releases made so far are worth together, worst case over users")
            double epsilonSpent, double deltaSpent,
            @Schema(description = "epsilonTotal − epsilonSpent") double epsilonRemaining, double deltaRemaining,
            String accountant, Double rhoSpent, Double rhoTotal,
            @Schema(description = "what the ledger's entries add up to (for AT_CREATION and ON_DEVICE bandits the whole "
                    + "horizon, from creation on)") double epsilonCharged, double deltaCharged, Double rhoCharged,
            @Schema(description = "what the plan for the whole horizon spends once every planned release is made")
            double epsilonCommitted, double deltaCommitted, Double rhoCommitted,
            @Schema(description = "PER_RELEASE: each release is charged when made; AT_CREATION: the whole horizon is "
                    + "charged at creation and spent as releases are made; ON_DEVICE: each user's device spends when it "
                    + "randomises a report", allowableValues = {"PER_RELEASE", "AT_CREATION", "ON_DEVICE"})
            String charging,
            @Schema(description = "how this bandit spends, in one sentence") String spending) {
    }

    /** The share of each entry's cost the releases so far have spent, worst case over users, in [0, 1]. */
    @FunctionalInterface
    public interface SpentShare {
        double of(LedgerEntry entry);
    }

    /**
     * How a bandit spends: when it is charged, which share of each entry is spent, the sentence
     * saying so, and the ρ its partly spent entries' releases are worth in all where they are
     * Gaussians (null: not known, and a partly spent entry counts whole).
     */
    public record Spending(String charging, SpentShare share, String sentence, Double partRho) {
    }

    /**
     * One charge as the API shows it (GET /bandits/{id}/ledger, the privacy report's charges): the
     * stored entry's columns, in the order the wire has always had them.
     *
     * @param epsilon     the ε this charge adds to what the bandit has spent
     * @param rho         the charge's zCDP cost ρ, or null where the mechanism has none
     * @param accountant  BASIC, ZCDP or EXACT
     * @param mechanism   GAUSSIAN or EXPONENTIAL, or null for a mechanism without a zCDP cost
     * @param createdAt   the lifecycle's grid instant for an epoch's close, else the transaction's start
     */
    @Schema(name = "LedgerEntry")
    public record Entry(Long id, String banditId, double epsilon, double delta, String reason, Integer epoch,
            String composition, Double rho, String accountant, String mechanism, Instant createdAt) {
    }

    private static Entry entry(LedgerEntry e) {
        return new Entry(e.getId(), e.getBanditId(), e.getEpsilon(), e.getDelta(), e.getReason(), e.getEpoch(),
                e.getComposition(), e.getRho(), e.getAccountant(), e.getMechanism(), e.getCreatedAt());
    }

    /** The bandit's entries, in order. */
    public List<Entry> entries(String banditId) {
        return rows(banditId).stream().map(Ledger::entry).toList();
    }

    /** At most {@code limit} of the bandit's entries after entry {@code after} (0 for the first), in order. */
    public Slice<Entry> entries(String banditId, long after, int limit) {
        return Slice.of(entries.findByBanditIdAndIdGreaterThanOrderByIdAsc(banditId, after, Limit.of(limit + 1))
                .stream().map(Ledger::entry).toList(), limit);
    }

    private List<LedgerEntry> rows(String banditId) {
        return entries.findByBanditIdOrderByIdAsc(banditId);
    }

    /** The bandit's (ε, δ) budget as sums, replayed from its entries in order: exact decimal sums. */
    public PrivacyBudget replay(String banditId, PrivacyCost total) {
        return replay(rows(banditId), total);
    }

    private static PrivacyBudget replay(List<LedgerEntry> list, PrivacyCost total) {
        PrivacyBudget budget = PrivacyBudget.of(total);
        BigDecimal eps = BigDecimal.ZERO;
        BigDecimal delta = BigDecimal.ZERO;
        for (LedgerEntry entry : list) {
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

    /** ρ_total of a Gaussian accountant: the Gaussian budget of the doubles that do not exceed its (ε, δ). */
    public static double rhoTotal(PrivacyCost total) {
        return ZcdpAccounting.budgetRho(total);
    }

    /**
     * Whether a bandit's charges compose as Gaussians: a Gaussian accountant, and its entries (if any)
     * Gaussian releases. Read from the spec's accountant, not from the entries alone: before its first
     * charge a bandit has none.
     */
    private static boolean gaussian(Accountant accountant, List<LedgerEntry> list) {
        if (list.stream().anyMatch(e -> ReleaseMechanism.EXPONENTIAL.name().equals(e.getMechanism()))) {
            return false;
        }
        return accountant.composesGaussians()
                || list.stream().anyMatch(e -> Accountant.ZCDP.name().equals(e.getAccountant()));
    }

    /**
     * The bandit's budget as its accountant counts it: charged from its entries, spent from each
     * entry's spent share, committed from its plan ({@code commitment}: the whole horizon's ρ or
     * exponential mechanisms; where it has no measure, the total for a bandit charged per release).
     */
    public Budget budget(String banditId, double epsilonTotal, double deltaTotal, Accountant accountant,
            Commitment commitment, Spending spending) {
        List<LedgerEntry> list = rows(banditId);
        boolean perRelease = "PER_RELEASE".equals(spending.charging());
        if (!gaussian(accountant, list) || deltaTotal == 0.0) {
            PrivacyBudget charged = replay(list, new PrivacyCost(epsilonTotal, deltaTotal));
            BigDecimal eps = BigDecimal.ZERO;
            BigDecimal delta = BigDecimal.ZERO;
            for (LedgerEntry entry : list) {
                double share = spending.share().of(entry);
                if (share > 0 && share < 1 && spending.partRho() != null && deltaTotal > 0) {
                    // Gaussian releases charged under BASIC: the share's ρ has an exact ε at δ (the
                    // Gaussian profile), never above what the entry charged.
                    eps = eps.add(PrivacyAmounts.of(Math.min(entry.getEpsilon(),
                            ZcdpAccounting.gaussianEpsilon(share * spending.partRho(), deltaTotal))));
                    delta = delta.add(PrivacyAmounts.of(entry.getDelta()));
                } else if (share > 0) {
                    // Otherwise a share has no exact ε: any share counts the whole entry (an upper bound).
                    eps = eps.add(PrivacyAmounts.of(entry.getEpsilon()));
                    delta = delta.add(PrivacyAmounts.of(entry.getDelta()));
                }
            }
            double spentEps = Math.min(epsilonTotal, eps.doubleValue());
            double spentDelta = Math.min(deltaTotal, delta.doubleValue());
            PrivacyCost c = charged.spent();
            double committedEps = committedEpsilon(commitment, deltaTotal, epsilonTotal, perRelease, c.epsilon());
            double committedDelta = committedEps > c.epsilon() ? deltaTotal : c.delta();
            return new Budget(epsilonTotal, deltaTotal, spentEps, spentDelta, epsilonTotal - spentEps,
                    deltaTotal - spentDelta, accountant.name(), null, null, c.epsilon(), c.delta(), null, committedEps,
                    committedDelta, null, spending.charging(), spending.sentence());
        }
        BigDecimal charged = rhoSpent(list);
        BigDecimal spent = BigDecimal.ZERO;
        for (LedgerEntry entry : list) {
            if (entry.getRho() != null) {
                // ρ of Gaussian releases adds up (zCDP composition), so a share of a charge's
                // releases is that share of its ρ (Bun & Steinke 2016, Lemma 2.3).
                spent = spent.add(PrivacyAmounts.of(entry.getRho() * spending.share().of(entry)));
            }
        }
        spent = spent.min(charged);
        double rhoSpent = spent.doubleValue();
        double rhoCharged = charged.doubleValue();
        double rhoCommitted = Math.max(rhoCharged, commitment.gaussianRho() == null ? 0.0 : commitment.gaussianRho());
        double rhoTotal = rhoTotal(new PrivacyCost(epsilonTotal, deltaTotal));
        return new Budget(epsilonTotal, deltaTotal, worth(rhoSpent, epsilonTotal, deltaTotal),
                rhoSpent > 0 ? deltaTotal : 0.0, epsilonTotal - worth(rhoSpent, epsilonTotal, deltaTotal),
                rhoSpent > 0 ? 0.0 : deltaTotal, accountant.name(), rhoSpent, rhoTotal,
                worth(rhoCharged, epsilonTotal, deltaTotal), rhoCharged > 0 ? deltaTotal : 0.0, rhoCharged,
                worth(rhoCommitted, epsilonTotal, deltaTotal), rhoCommitted > 0 ? deltaTotal : 0.0,
                Math.min(rhoCommitted, rhoTotal), spending.charging(), spending.sentence());
    }

    /** What Gaussian releases of ρ together are worth at δ, as an ε no larger than the total. */
    private static double worth(double rho, double epsilonTotal, double delta) {
        return rho <= 0 ? 0.0 : Math.min(epsilonTotal, ZcdpAccounting.gaussianEpsilon(rho, delta));
    }

    /** Committed ε outside a Gaussian accountant: the plan's measure, else the total (per release) or the charges. */
    private static double committedEpsilon(Commitment commitment, double delta, double total, boolean perRelease,
            double charged) {
        double planned;
        if (commitment.exponentialCount() > 0) {
            planned = commitment.exponentialCount() * commitment.exponentialEpsilon();
        } else if (commitment.gaussianRho() != null && commitment.gaussianRho() > 0 && delta > 0) {
            planned = ZcdpAccounting.gaussianEpsilon(commitment.gaussianRho(), delta);
        } else {
            planned = perRelease ? total : charged;
        }
        return Math.min(total, Math.max(planned, charged));
    }

    /** BASIC, without a shared budget: as {@link #charge(String, PrivacyCost, Spend, String, String, Integer, String)}. */
    public long charge(String banditId, PrivacyCost total, PrivacyCost cost, String reason, Integer epoch,
            String composition) {
        return charge(banditId, total, new Spend(cost, null, Accountant.BASIC, null), null, reason, epoch,
                composition);
    }

    /**
     * What one release costs: its (ε, δ), its ρ (null where the mechanism has none), the bandit's
     * accountant, and the mechanism (null where it has no zCDP cost).
     */
    public record Spend(PrivacyCost cost, Double rho, Accountant accountant, ReleaseMechanism mechanism) {

        /** A Gaussian release's spend (its ρ = μ²/2), or a BASIC one without a ρ. */
        public static Spend of(PrivacyCost cost, Double rho, Accountant accountant) {
            return new Spend(cost, rho, accountant, rho == null ? null : ReleaseMechanism.GAUSSIAN);
        }
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
            checkShared(banditId, sharedBudget, spend);
        }
        String mechanism = spend.mechanism() == null ? null : spend.mechanism().name();
        if (spend.accountant() == Accountant.BASIC || spend.mechanism() != ReleaseMechanism.GAUSSIAN) {
            if (!replay(banditId, total).canAfford(spend.cost())) {
                throw new ServiceErrors.BudgetExhausted("bandit " + ServiceErrors.quote(banditId)
                        + " has spent its privacy budget (" + total.epsilon() + "); nothing was released");
            }
            return entries.saveAndFlush(new LedgerEntry(banditId, spend.cost().epsilon(), spend.cost().delta(),
                    reason, epoch, composition, spend.rho(), spend.accountant().name(), mechanism).at(at)).getId();
        }
        if (spend.rho() == null) {
            throw new IllegalArgumentException("a Gaussian charge needs its rho");
        }
        BigDecimal before = rhoSpent(rows(banditId));
        BigDecimal after = before.add(PrivacyAmounts.of(spend.rho()));
        if (after.compareTo(PrivacyAmounts.of(rhoTotal(total))) > 0) {
            throw new ServiceErrors.BudgetExhausted("bandit " + ServiceErrors.quote(banditId)
                    + " has spent its privacy budget (" + total.epsilon() + ", rho " + rhoTotal(total)
                    + "); nothing was released");
        }
        double epsBefore = Math.min(total.epsilon(), ZcdpAccounting.gaussianEpsilon(before.doubleValue(),
                total.delta()));
        double epsAfter = Math.min(total.epsilon(), ZcdpAccounting.gaussianEpsilon(after.doubleValue(),
                total.delta()));
        double delta = before.signum() == 0 && spend.rho() > 0 ? total.delta() : 0.0;
        return entries.saveAndFlush(new LedgerEntry(banditId, Math.max(0.0, epsAfter - epsBefore), delta, reason,
                epoch, composition, spend.rho(), spend.accountant().name(), mechanism).at(at)).getId();
    }

    /**
     * A shared budget's figures. {@code filter} is the measure its filter sums ({@link BudgetFilter}):
     * μ² under GDP, ρ under ZCDP; {@code total}, {@code spent} and {@code committed} are in it;
     * {@code epsilonSpent} and {@code epsilonCommitted} are what those are worth at the budget's δ,
     * on the safe side.
     */
    public record SharedBudget(String id, double epsilon, double delta, String accountant, String measure,
            double total, double spent, double committed, double epsilonSpent, double epsilonCommitted,
            int bandits) {
    }

    /** What a shared budget allows in all, in its filter's measure. */
    public static double sharedTotal(SharedBudgetRecord budget) {
        return budget.getAccountant().total(budget.getEpsilon(), budget.getDelta());
    }

    /** What an entry costs a shared budget, in its filter's measure (0 for an entry without a mechanism). */
    static BigDecimal sharedCost(BudgetFilter filter, LedgerEntry entry) {
        if (entry.getMechanism() == null) {
            return BigDecimal.ZERO;
        }
        ReleaseMechanism mechanism = ReleaseMechanism.valueOf(entry.getMechanism());
        double cost = mechanism == ReleaseMechanism.GAUSSIAN
                ? (entry.getRho() == null ? 0.0 : filter.gaussian(entry.getRho()))
                : filter.exponential(entry.getEpsilon());
        return PrivacyAmounts.of(cost);
    }

    static BigDecimal sharedSpent(BudgetFilter filter, List<LedgerEntry> list) {
        BigDecimal sum = BigDecimal.ZERO;
        for (LedgerEntry entry : list) {
            sum = sum.add(sharedCost(filter, entry));
        }
        return sum;
    }

    private void checkShared(String banditId, String budgetId, Spend spend) {
        SharedBudgetRecord budget = budgets.lock(budgetId).orElseThrow(() -> new IllegalStateException(
                "bandit " + ServiceErrors.quote(banditId) + " names a budget " + ServiceErrors.quote(budgetId)
                        + " that does not exist"));
        if (spend.mechanism() == null) {
            throw new IllegalStateException("a release of bandit " + ServiceErrors.quote(banditId)
                    + " has no mechanism a shared budget can measure (budget " + ServiceErrors.quote(budgetId) + ")");
        }
        BudgetFilter filter = budget.getAccountant();
        double cost = filter.cost(spend.mechanism(), spend.rho(), spend.cost().epsilon());
        BigDecimal after = sharedSpent(filter, entries.findBySharedBudget(budgetId)).add(PrivacyAmounts.of(cost));
        if (after.compareTo(PrivacyAmounts.of(sharedTotal(budget))) > 0) {
            throw new ServiceErrors.BudgetExhausted("budget " + ServiceErrors.quote(budgetId) + " shared by bandit "
                    + ServiceErrors.quote(banditId) + " is spent (" + filter.measure() + " " + sharedTotal(budget)
                    + "); nothing was released");
        }
    }

    /** The figures of a shared budget, replayed from its bandits' entries; committed in its measure. */
    public SharedBudget shared(SharedBudgetRecord budget, double committed, int bandits) {
        BudgetFilter filter = budget.getAccountant();
        double spent = sharedSpent(filter, entries.findBySharedBudget(budget.getId())).doubleValue();
        return new SharedBudget(budget.getId(), budget.getEpsilon(), budget.getDelta(), filter.name(),
                filter.measure(), sharedTotal(budget), spent, committed,
                Math.min(budget.getEpsilon(), filter.epsilon(spent, budget.getDelta())),
                Math.min(budget.getEpsilon(), filter.epsilon(committed, budget.getDelta())), bandits);
    }
}

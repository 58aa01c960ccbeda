package io.dpbandit.ledger;

import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.privacy.BudgetFilter;
import io.dpbandit.privacy.Commitment;
import io.dpbandit.privacy.PrivacyAmounts;
import io.dpbandit.store.BanditRecord;
import io.dpbandit.store.BanditRegistry;
import io.dpbandit.store.SharedBudgetRecord;
import io.dpbandit.store.SharedBudgetRepository;
import java.math.BigDecimal;
import java.util.List;
import io.dpbandit.bandit.Slice;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.data.domain.Limit;
import org.springframework.stereotype.Component;

/**
 * Budgets several bandits share (user-level: the same users in several bandits). A privacy filter
 * (Rogers, Roth, Ullman &amp; Vadhan 2016, "Privacy odometers and filters"): a bandit joins a budget
 * only if the worst case of everything committed to it, its own included, fits the budget's total in
 * the budget's measure ({@link BudgetFilter}: μ² under Gaussian DP, exact for Gaussian releases;
 * ρ under zCDP); so no release is ever refused by the shared budget later (the ledger checks each
 * charge anyway). Everything runs with the budget's row locked, in the caller's transaction.
 */
@Component
public class SharedBudgets {

    private final SharedBudgetRepository budgets;
    private final BanditRegistry bandits;
    private final Ledger ledger;

    public SharedBudgets(SharedBudgetRepository budgets, BanditRegistry bandits, Ledger ledger) {
        this.budgets = budgets;
        this.bandits = bandits;
        this.ledger = ledger;
    }

    /** The commitment recorded for a bandit. */
    public static Commitment commitment(BanditRecord b) {
        return b.getCommittedExponentialCount() != null
                ? Commitment.exponential(b.getCommittedExponentialCount(), b.getCommittedExponentialEpsilon())
                : new Commitment(b.getCommittedRho(), 0, null);
    }

    /**
     * Checks that a bandit committing {@code commitment} fits the budget (its row locked until the
     * transaction ends, so that two bandits joining at once cannot both fit). A budget that does not
     * exist is a 400; one the bandit would overspend a 409 with the numbers.
     */
    public void admit(String budgetId, String banditId, Commitment commitment) {
        SharedBudgetRecord budget = budgets.lock(budgetId).orElseThrow(() -> InvalidRequestException.of(
                "privacy.budget", "no budget " + ServiceErrors.quote(budgetId) + " (create it first: POST /budgets)"));
        if (!commitment.measurable()) {
            throw InvalidRequestException.of("privacy.budget", "this bandit's releases have no cost a shared budget "
                    + "can measure (Wishart noise), so it cannot share a budget");
        }
        BudgetFilter filter = budget.getAccountant();
        BigDecimal others = committed(budgetId, filter);
        BigDecimal own = commitment.cost(filter);
        double total = Ledger.sharedTotal(budget);
        if (others.add(own).compareTo(PrivacyAmounts.of(total)) > 0) {
            throw new ServiceErrors.Conflict("bandit " + ServiceErrors.quote(banditId) + " would take budget "
                    + ServiceErrors.quote(budgetId) + " past its total: it commits " + own.doubleValue() + " at worst, "
                    + "the bandits already on it " + others.doubleValue() + ", and the budget (" + budget.getEpsilon()
                    + ", " + budget.getDelta() + ") allows " + total + ", in " + filter.measure()
                    + "; nothing was created");
        }
    }

    /** The worst cases of the bandits on a budget in its measure, summed exactly in creation order. */
    BigDecimal committed(String budgetId, BudgetFilter filter) {
        BigDecimal sum = BigDecimal.ZERO;
        for (BanditRecord b : bandits.findByBudgetIdOrderByCreatedAtAsc(budgetId)) {
            Commitment c = commitment(b);
            if (c.measurable()) {
                sum = sum.add(c.cost(filter));
            }
        }
        return sum;
    }

    /** A budget, and whether this call created it. */
    public record Created(Ledger.SharedBudget budget, boolean created) {
    }

    /**
     * Creates a budget with an INSERT that fails on a taken id (never a merge): of concurrent
     * requests for one id exactly one creates it; the same (ε, δ) again is a safe retry (not
     * created, the stored budget), other figures under a taken id a 409 naming the stored ones.
     */
    public Created create(String id, double epsilon, double delta, BudgetFilter accountant) {
        var existing = budgets.findById(id);
        if (existing.isEmpty()) {
            try {
                return new Created(figures(budgets.saveAndFlush(new SharedBudgetRecord(id, epsilon, delta, accountant))), true);
            } catch (DataIntegrityViolationException raced) {
                existing = budgets.findById(id);
                if (existing.isEmpty()) {
                    throw raced;
                }
            }
        }
        SharedBudgetRecord stored = existing.get();
        if (stored.getEpsilon() != epsilon || stored.getDelta() != delta || stored.getAccountant() != accountant) {
            throw new ServiceErrors.Conflict("budget " + ServiceErrors.quote(id) + " exists with other figures (epsilon "
                    + stored.getEpsilon() + ", delta " + stored.getDelta() + ", accountant " + stored.getAccountant()
                    + "); a budget is never changed");
        }
        return new Created(figures(stored), false);
    }

    public boolean exists(String id) {
        return budgets.existsById(id);
    }

    public Ledger.SharedBudget get(String id) {
        return figures(budgets.findById(id).orElseThrow(() -> new ServiceErrors.NotFound("no budget " + ServiceErrors.quote(id))));
    }

    public List<Ledger.SharedBudget> list() {
        return budgets.findAllByOrderByIdAsc().stream().map(this::figures).toList();
    }

    /** At most {@code limit} budgets after the id {@code after} ("" for the first), in id order. */
    public Slice<Ledger.SharedBudget> list(String after, int limit) {
        return Slice.of(budgets.findByIdGreaterThanOrderByIdAsc(after, Limit.of(limit + 1)), limit).map(this::figures);
    }

    private Ledger.SharedBudget figures(SharedBudgetRecord b) {
        return ledger.shared(b, committed(b.getId(), b.getAccountant()).doubleValue(),
                bandits.findByBudgetIdOrderByCreatedAtAsc(b.getId()).size());
    }
}

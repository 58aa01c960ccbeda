package io.dpbandit.registry;

import io.dpbandit.algorithms.Algorithms;
import io.dpbandit.bandit.EpochStatus;
import io.dpbandit.codec.StateCodec;
import io.dpbandit.ledger.Ledger;
import io.dpbandit.ledger.SharedBudgets;
import io.dpbandit.runtime.Spending;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.store.BanditRecord;
import io.dpbandit.store.BanditStateStore;
import io.dpbandit.store.DecisionRetention;
import io.dpbandit.store.EpochStore;
import io.dpbandit.store.EvaluationStore;
import org.springframework.stereotype.Component;

/**
 * A bandit's budget as every reader sees it (GET /bandits/{id}, GET /release, the privacy report,
 * the metrics): charged, spent and committed ({@link Ledger.Budget}). Spent is a function of the
 * ledger and of public progress only (decisions answered, rounds folded, evaluation windows
 * released: the decisions' times and the feedback windows decide them), so it tells an analyst
 * nothing the releases do not.
 */
@Component
public class BudgetViews {

    /** A rollout's evaluation charge: its windows are disjoint, so the first release spends it for its users. */
    static final String EVALUATION = "evaluation";

    private final Ledger ledger;
    private final BanditStateStore states;
    private final EpochStore epochs;
    private final DecisionRetention decisions;
    private final EvaluationStore evaluations;
    private final StateCodec codec;

    public BudgetViews(Ledger ledger, BanditStateStore states, EpochStore epochs, DecisionRetention decisions,
            EvaluationStore evaluations, StateCodec codec) {
        this.ledger = ledger;
        this.states = states;
        this.epochs = epochs;
        this.decisions = decisions;
        this.evaluations = evaluations;
        this.codec = codec;
    }

    /** The budget of the bandit stored in {@code row}. */
    public Ledger.Budget of(BanditRecord row) {
        return of(row, codec.read(row.getSpec(), BanditSpec.class));
    }

    /** As {@link #of(BanditRecord)}, its spec already read. */
    public Ledger.Budget of(BanditRecord row, BanditSpec spec) {
        return of(row, spec, new Spending.Progress(decisions.decisionCount(row.getId()), folded(row.getId())));
    }

    /** As {@link #of(BanditRecord)}, for a caller that has read the spec and the progress already (the status). */
    Ledger.Budget of(BanditRecord row, BanditSpec spec, Spending.Progress progress) {
        String id = row.getId();
        Spending spending = Algorithms.of(row.getAlgorithm()).spending(spec, progress);
        boolean evaluated = spec.rollout() != null && evaluations.released(id);
        // A creation charge (composition SEQUENTIAL) is spent by the model's share; a rollout's
        // evaluation by its first window; every other entry was charged with the release it paid for.
        Ledger.SpentShare share = entry -> EVALUATION.equals(entry.getReason()) ? (evaluated ? 1.0 : 0.0)
                : "SEQUENTIAL".equals(entry.getComposition()) ? spending.creationShare() : 1.0;
        return ledger.budget(id, row.getEpsilonTotal(), row.getDeltaTotal(), spec.privacy().accountantOrBasic(),
                SharedBudgets.commitment(row), new Ledger.Spending(spending.charging().name(), share,
                        spending.sentence(), spending.creationRho()));
    }

    /** Every round folded so far: the closed epochs' and the open epoch's. */
    private long folded(String id) {
        return states.state(id).map(state -> state.rounds() + epochs.row(id, state.epoch())
                .filter(e -> e.status() != EpochStatus.CLOSED).map(e -> (long) e.folded()).orElse(0L)).orElse(0L);
    }
}

package io.dpbandit.registry;

import io.dpbandit.algorithms.Algorithms;
import io.dpbandit.bandit.BanditMetrics;
import io.dpbandit.bandit.EpochStatus;
import io.dpbandit.bandit.FeedbackState;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.bandit.Phase;
import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.bandit.Serving;
import io.dpbandit.bandit.Slice;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.ledger.Ledger;
import io.dpbandit.ledger.LedgerCharges;
import io.dpbandit.ledger.SharedBudgets;
import io.dpbandit.runtime.AlgorithmDescriptor;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.store.BanditRecord;
import io.dpbandit.store.BanditRegistry;
import io.dpbandit.store.BanditStateStore;
import io.dpbandit.store.DecisionRetention;
import io.dpbandit.store.EpochStore;
import io.dpbandit.codec.StateCodec;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Creating bandits and reading their state. A bandit is created through its algorithm's descriptor,
 * with its first epoch OPEN and no plan: it serves decisions at once, and the lifecycle leader
 * plans the epoch in the background.
 */
@Service
public class BanditService {

    private static final Logger log = LoggerFactory.getLogger(BanditService.class);

    private final BanditRegistry registry;
    private final BanditStateStore states;
    private final EpochStore epochs;
    private final DecisionRetention decisions;
    private final Ledger ledger;
    private final LedgerCharges charges;
    private final StateCodec codec;
    private final TransactionTemplate tx;
    private final SpecChecks checks;
    private final BanditMetrics metrics;
    private final NoiseSource noise;
    private final SharedBudgets sharedBudgets;
    private final io.dpbandit.store.EvaluationStore evaluations;
    private final BudgetViews budgets;
    private final int retentionSeconds;

    public BanditService(BanditRegistry registry, BanditStateStore states, EpochStore epochs, DecisionRetention decisions,
            Ledger ledger, LedgerCharges charges, StateCodec codec, TransactionTemplate tx, SpecChecks checks,
            BanditMetrics metrics, NoiseSource noise, SharedBudgets sharedBudgets,
            io.dpbandit.store.EvaluationStore evaluations, BudgetViews budgets,
            @org.springframework.beans.factory.annotation.Value("${dpbandit.lifecycle.retention-seconds:0}")
            int retentionSeconds) {
        this.budgets = budgets;
        this.retentionSeconds = retentionSeconds;
        this.sharedBudgets = sharedBudgets;
        this.evaluations = evaluations;
        this.registry = registry;
        this.states = states;
        this.epochs = epochs;
        this.decisions = decisions;
        this.ledger = ledger;
        this.charges = charges;
        this.codec = codec;
        this.tx = tx;
        this.checks = checks;
        this.metrics = metrics;
        this.noise = noise;
    }

    /** The outcome of a create: the bandit's status, and whether this call created it. */
    public record Created(BanditStatus status, boolean created) {
    }

    /**
     * Creates a bandit from a spec. The same spec sent again is answered with the existing bandit
     * (a safe retry); another spec under a taken id is a conflict; any spec under a retired bandit's
     * id is a 409 retired (an id is never re-created).
     */
    public Created create(BanditSpec request) {
        BanditSpec spec = checks.validated(request);
        AlgorithmDescriptor algorithm = Algorithms.of(spec.algorithm());
        AlgorithmDescriptor.Creation creation;
        try {
            // Builds the policy once, so that a spec it cannot run is a 400 now rather than a
            // background failure later (and draws what the policy fixes up front).
            creation = algorithm.create(spec, noise);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw InvalidRequestException.of("privacy", e.getMessage());
        }
        String specJson = codec.text(spec);
        var existing = registry.findById(spec.id());
        if (existing.isPresent()) {
            return existingOrConflict(request, spec, existing.get());
        }
        boolean created;
        try {
            String shared = spec.privacy().budget();
            created = Boolean.TRUE.equals(tx.execute(s -> {
                // A rollout's evaluation is committed with the learning (BudgetSplit): its ρ on top.
                var commitment = spec.rollout() == null ? creation.commitment()
                        : withEvaluation(creation.commitment(), evaluationRho(spec));
                if (shared != null) {
                    // The privacy filter: with the budget's row locked until this commits.
                    sharedBudgets.admit(shared, spec.id(), commitment);
                }
                BanditRecord record = new BanditRecord(spec.id(), spec.algorithm(), specJson,
                        creation.budget().epsilon(), creation.budget().delta(), shared, commitment.gaussianRho());
                if (commitment.exponentialCount() > 0) {
                    record.withExponentialCommitment(commitment.exponentialCount(), commitment.exponentialEpsilon());
                }
                registry.saveAndFlush(record);
                states.insert(spec.id(), creation.initialState());
                epochs.insertEpoch(spec.id(), 1, creation.firstEpochLength());
                var charge = creation.charge();
                if (charge != null) {
                    charges.charge(spec.id(), charge);
                }
                if (spec.rollout() != null) {
                    // The whole evaluation, charged once: its windows are disjoint, so its releases
                    // together are μ_eval-GDP (Evaluations), parallel composition over the windows.
                    double rho = evaluationRho(spec);
                    charges.charge(spec.id(), io.dpbandit.runtime.EpochProcess.Charge.of(spec, new io.dpbandit.client.privacy.PrivacyCost(
                            io.dpbandit.privacy.ZcdpAccounting.gaussianEpsilon(rho, spec.privacy().delta()),
                            spec.privacy().delta()), rho, BudgetViews.EVALUATION, null, "PARALLEL"));
                    evaluations.create(spec.id(), spec.rollout().share());
                }
                return true;
            }));
        } catch (DataIntegrityViolationException raced) {
            // Another request created the same id first.
            created = false;
        }
        if (!created) {
            return existingOrConflict(request, spec, registry.findById(spec.id()).orElseThrow());
        }
        metrics.budgetGauge(spec.id(), id -> {
            Ledger.Budget b = budget(registry.findById(id).orElseThrow());
            return new double[] {b.epsilonRemaining(), b.epsilonSpent(), b.epsilonCommitted()};
        });
        log.info("Created {} bandit '{}' (horizon {}, {} actions)", spec.algorithm(), spec.id(), spec.horizon(),
                spec.actions().size());
        return new Created(status(spec.id()), true);
    }

    /** ρ = μ_eval²/2 of a rollout's evaluation: its share of the spec's Gaussian budget. */
    private static double evaluationRho(BanditSpec spec) {
        return io.dpbandit.privacy.BudgetSplit.of(spec.privacy().epsilon(), spec.privacy().delta(),
                spec.rollout().evaluationShare()).evaluationRho();
    }

    private static io.dpbandit.privacy.Commitment withEvaluation(io.dpbandit.privacy.Commitment c, double rho) {
        return new io.dpbandit.privacy.Commitment((c.gaussianRho() == null ? 0.0 : c.gaussianRho()) + rho,
                c.exponentialCount(), c.exponentialEpsilon());
    }

    /**
     * The existing bandit when the request is its spec (a safe retry). A bandit created before
     * profiles stored its spec under the defaults of then, so a request without a profile is also
     * compared as it would have been normalised then: re-posting the spec a deploy script always sends
     * stays a 200 after an upgrade, not a 409 for the options LEARN would now choose.
     */
    private Created existingOrConflict(BanditSpec request, BanditSpec spec, BanditRecord row) {
        if (states.serving(spec.id()).map(s -> s.serving() == Serving.RETIRED).orElse(false)) {
            // Not a safe retry: a 200 would pass a deploy script's "exists" check, then every /decide is a 409.
            throw new ServiceErrors.Retired("bandit " + ServiceErrors.quote(spec.id()) + " is retired, and an id is "
                    + "never re-created once retired: choose a new id for the new bandit (the retired one's status, "
                    + "ledger, epochs and releases stay readable at /bandits/" + spec.id() + ")");
        }
        BanditSpec stored = codec.read(row.getSpec(), BanditSpec.class);
        // Choices are compared out: a stored spec sent back pins every option and so lists none.
        boolean same = codec.text(stored.withChoices(null)).equals(codec.text(spec.withChoices(null)))
                || stored.profile() == null && request.profile() == null
                        && codec.text(stored).equals(codec.text(checks.validatedAsBeforeProfiles(request)));
        if (!same) {
            throw new ServiceErrors.Conflict("bandit " + ServiceErrors.quote(spec.id()) + " already exists with a different spec");
        }
        return new Created(status(spec.id()), false);
    }

    /** The bandit's stored (normalised) spec. */
    public BanditSpec spec(String id) {
        return codec.read(record(id).getSpec(), BanditSpec.class);
    }

    private BanditRecord record(String id) {
        return registry.findById(id).orElseThrow(() -> new ServiceErrors.NotFound("no bandit " + ServiceErrors.quote(id)));
    }

    /**
     * Where the current epoch stands: its status, learning slots handed out and folded, whether its
     * plan is ready, and the background work in progress on it with its progress in [0, 1].
     */
    public record EpochProgress(EpochStatus status, int assigned, int folded, boolean planned,
            @Schema(nullable = true) String work, Double progress) {
    }

    /**
     * What GET /bandits/{id} shows an analyst. Every field is a function of public facts (the spec,
     * the decisions' order and times, the feedback windows) or of the ledger: how many rounds are
     * folded and when an epoch seals follow the windows, never the feedback, and the feedback counts
     * are an operator's ({@link #feedback}).
     */
    public record BanditStatus(String id, BanditSpec.Algorithm algorithm,
            @Schema(description = "ACTIVE, PAUSED (no new decisions: 409 paused) or RETIRED (for good: no decision, "
                    + "feedback or POST /release; 409 retired); set by an admin") Serving serving,
            @Schema(nullable = true, description = "when serving last changed (null: as created)") Instant servingSince,
            Phase phase, int epoch,
            Integer epochLength, EpochProgress current,
            @Schema(description = "learning rounds of the closed epochs") long rounds,
            @Schema(description = "learning rounds the model an analyst reads holds: {{epoch-planned}} the "
                    + "closed epochs' rounds; {{sequential}} every round folded so far (a round folds once its "
                    + "feedback window has passed, whether or not feedback came; a sequential model with epoch "
                    + "releases: the rounds of the epochs it has released)") long modelRounds,
            long decisions, Ledger.Budget budget,
            @Schema(description = "LEARN or PAPER: what the spec's unset options default to (absent for a bandit "
                    + "created before profiles)", allowableValues = {"LEARN", "PAPER"}) io.dpbandit.spec.Profile profile,
            @Schema(description = "the options the service chose for the options the spec left out, under its "
                    + "profile, and why (the plan lists the same)") List<io.dpbandit.spec.DefaultChoice> choices,
            @Schema(description = "A bandit launched next to a baseline (spec rollout) only: the coin's share now, the "
                    + "trial's state (TRIAL, PROMOTED, ROLLED_BACK) and its history; the evaluation behind it is GET "
                    + "/bandits/{id}/evaluation")
            @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
            io.dpbandit.evaluation.Evaluations.Promotion rollout,
            @Schema(description = "decisions that took a learning slot (answered learning: true); the others are "
                    + "served but not learned from (see notes)") long learningDecisions,
            @Schema(description = "what this bandit's counts mean, in sentences: decisions against learning decisions, "
                    + "rounds against modelRounds") List<String> notes) {

        public BanditStatus(String id, BanditSpec.Algorithm algorithm, Serving serving, Instant servingSince,
                Phase phase, int epoch, Integer epochLength, EpochProgress current, long rounds, long modelRounds,
                long decisions, Ledger.Budget budget, io.dpbandit.spec.Profile profile,
                List<io.dpbandit.spec.DefaultChoice> choices) {
            this(id, algorithm, serving, servingSince, phase, epoch, epochLength, current, rounds, modelRounds,
                    decisions, budget, profile, choices, null, decisions, List.of());
        }
    }

    /**
     * What GET /bandits/{id}/feedback shows operators (role ops): how many decisions are in each
     * feedback state. Exact and data-dependent (whether a user's feedback came), so never an
     * analyst's.
     */
    public record FeedbackCounts(String bandit,
            @Schema(description = "decisions by the state their row holds now: FORGOTTEN once retention has forgotten "
                    + "the decision's per-user values (after dpbandit.lifecycle.retention-seconds)")
            Map<FeedbackState, Long> counts,
            @Schema(description = "every decision by the state it has now or had when retention forgot it: exact over "
                    + "the bandit's life, whatever retention keeps (no FORGOTTEN entry)")
            Map<FeedbackState, Long> totals,
            @Schema(description = "how long a done decision's per-user values are kept (0: forgotten at the next "
                    + "retention pass, so counts shows them FORGOTTEN and totals has their states)")
            int retentionSeconds) {
    }

    public FeedbackCounts feedback(String id) {
        record(id);
        return new FeedbackCounts(id, decisions.feedbackCounts(id), decisions.feedbackTotals(id), retentionSeconds);
    }

    public BanditStatus status(String id) {
        BanditRecord row = record(id);
        BanditStateStore.State state = states.state(id).orElseThrow(() -> new ServiceErrors.NotFound(
                "no bandit " + ServiceErrors.quote(id)));
        EpochStore.EpochRow epoch = epochs.row(id, state.epoch()).orElse(null);
        EpochProgress progress = epoch == null ? null : new EpochProgress(epoch.status(), epoch.assigned(),
                epoch.folded(), epoch.plannedAt() != null, epoch.workStage(), epoch.workProgress());
        BanditStateStore.ServingState serving = states.serving(id).orElseThrow(() -> new ServiceErrors.NotFound(
                "no bandit " + ServiceErrors.quote(id)));
        // The open epoch's folded rounds (a closed epoch's are in state.rounds() already).
        long folded = epoch == null || epoch.status() == EpochStatus.CLOSED ? 0 : epoch.folded();
        BanditSpec spec = codec.read(row.getSpec(), BanditSpec.class);
        long modelRounds = Algorithms.of(row.getAlgorithm()).modelRounds(() -> spec, state.rounds(), folded);
        long[] counts = decisions.decisionCounts(id);
        return new BanditStatus(row.getId(), row.getAlgorithm(), serving.serving(), serving.since(), state.phase(),
                state.epoch(),
                epoch == null ? null : epoch.length(), progress, state.rounds(), modelRounds,
                counts[0], budgets.of(row, spec, new io.dpbandit.runtime.Spending.Progress(counts[0],
                        state.rounds() + folded)), spec.profile(),
                spec.choices() == null ? List.of() : spec.choices(),
                spec.rollout() == null ? null : io.dpbandit.evaluation.Evaluations.promotion(evaluations, id,
                        spec.rollout().promotion()), counts[1],
                StatusNotes.of(spec, Algorithms.of(row.getAlgorithm()).plansEpochs(), counts[0], counts[1],
                        state.rounds(), modelRounds));
    }

    /**
     * POST /bandits/{id}/pause: no new decisions from now on (409 paused); feedback for the decisions
     * already made, releases and the epoch lifecycle go on. Pausing a paused bandit changes nothing;
     * a retired one is a 409 retired.
     */
    public BanditStatus pause(String id) {
        return serve(id, Serving.PAUSED);
    }

    /** POST /bandits/{id}/resume: decisions again; a no-op on an active bandit, 409 retired on a retired one. */
    public BanditStatus resume(String id) {
        return serve(id, Serving.ACTIVE);
    }

    /**
     * POST /bandits/{id}/retire, for good: no decision, feedback or POST /release any more (409
     * retired), while its status, ledger, epochs and releases stay readable. Retiring again changes
     * nothing (the answer is the same).
     */
    public BanditStatus retire(String id) {
        return serve(id, Serving.RETIRED);
    }

    private BanditStatus serve(String id, Serving target) {
        record(id);
        boolean changed = states.setServing(id, target);
        Serving now = states.serving(id).orElseThrow().serving();
        if (now != target) {
            throw new ServiceErrors.Retired("bandit " + ServiceErrors.quote(id) + " is retired, for good: it cannot be "
                    + (target == Serving.PAUSED ? "paused" : "resumed") + "; its ledger, epochs and releases stay "
                    + "readable");
        }
        if (changed) {
            log.info("Bandit '{}' is now {}", id, target);
        }
        return status(id);
    }

    public List<BanditStatus> list() {
        return registry.findAllByOrderByIdAsc().stream().map(r -> status(r.getId())).toList();
    }

    /**
     * At most {@code limit} bandits after the id {@code after} ("" for the first), in id order, of
     * those {@code visible} (a key scoped to some bandits sees only them): ids are read in keyset
     * batches until the page is full, and statuses only for the page.
     */
    public Slice<BanditStatus> list(String after, int limit, java.util.function.Predicate<String> visible) {
        List<String> page = new java.util.ArrayList<>();
        String from = after;
        int batch = Math.max(limit + 1, 500);
        while (page.size() <= limit) {
            List<String> ids = registry.idsAfter(from, org.springframework.data.domain.Limit.of(batch));
            for (String id : ids) {
                if (visible.test(id) && page.size() <= limit) {
                    page.add(id);
                }
            }
            if (ids.size() < batch) {
                break;
            }
            from = ids.get(ids.size() - 1);
        }
        return Slice.of(page, limit).map(this::status);
    }

    public List<Ledger.Entry> ledger(String id) {
        record(id);
        return ledger.entries(id);
    }

    /** At most {@code limit} of the bandit's ledger entries after entry {@code after} (0 for the first). */
    public Slice<Ledger.Entry> ledger(String id, long after, int limit) {
        record(id);
        return ledger.entries(id, after, limit);
    }

    Ledger.Budget budget(BanditRecord row) {
        return budgets.of(row);
    }
}

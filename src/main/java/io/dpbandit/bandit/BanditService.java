package io.dpbandit.bandit;

import io.dpbandit.bandit.runtime.LinearModel;
import io.dpbandit.bandit.runtime.LinearModels;
import io.dpbandit.bandit.runtime.Runtimes;
import io.dpbandit.bandit.store.BinaryCodec;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.bandit.store.BanditEntity;
import io.dpbandit.bandit.store.BanditRepository;
import io.dpbandit.bandit.store.DecisionStore;
import io.dpbandit.bandit.store.EpochEntity;
import io.dpbandit.bandit.store.EpochRepository;
import io.dpbandit.bandit.store.LedgerEntry;
import io.dpbandit.bandit.store.LifecycleStore;
import io.dpbandit.policy.capri.Capri;
import jakarta.validation.Validator;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Creating bandits and reading their state. A bandit is created with its first epoch OPEN and no
 * plan: it serves decisions at once, and the lifecycle leader plans the epoch in the background.
 */
@Service
public class BanditService {

    private static final Logger log = LoggerFactory.getLogger(BanditService.class);

    private final BanditRepository bandits;
    private final EpochRepository epochs;
    private final LifecycleStore store;
    private final DecisionStore decisions;
    private final Ledger ledger;
    private final StateCodec codec;
    private final TransactionTemplate tx;
    private final SpecLimits limits;
    private final Validator validator;
    private final Runtimes runtimes;
    private final BanditMetrics metrics;
    private final BinaryCodec binary;
    private final NoiseSource noise;

    public BanditService(BanditRepository bandits, EpochRepository epochs, LifecycleStore store,
            DecisionStore decisions, Ledger ledger, StateCodec codec, TransactionTemplate tx, SpecLimits limits,
            Validator validator, Runtimes runtimes, BanditMetrics metrics, BinaryCodec binary, NoiseSource noise) {
        this.binary = binary;
        this.noise = noise;
        this.bandits = bandits;
        this.epochs = epochs;
        this.store = store;
        this.decisions = decisions;
        this.ledger = ledger;
        this.codec = codec;
        this.tx = tx;
        this.limits = limits;
        this.validator = validator;
        this.runtimes = runtimes;
        this.metrics = metrics;
    }

    /** The outcome of a create: the bandit's status, and whether this call created it. */
    public record Created(BanditStatus status, boolean created) {
    }

    /**
     * Creates a bandit from a spec. The same spec sent again is answered with the existing bandit
     * (a safe retry); another spec under a taken id is a conflict.
     */
    public Created create(BanditSpec request) {
        BanditSpec spec = BanditSpecValidator.normalise(request, limits, request == null ? List.of()
                : validator.validate(request).stream().map(v -> new InvalidRequestException.FieldProblem(
                        v.getPropertyPath().toString(), v.getMessage())).toList());
        int firstEpochLength = checkPolicy(spec);
        String specJson = codec.text(spec);
        // A linear bandit starts with its model (LinUCB draws the tree's fixed padding noise now) and
        // pays its whole horizon's privacy at creation (continual observation).
        LinearModel<?> linear = linear(spec);
        byte[] initialState = linear == null ? null : binary.encode(linear.start(noise));
        var existing = bandits.findById(spec.id());
        if (existing.isPresent()) {
            return existingOrConflict(spec, existing.get());
        }
        double epsilonTotal = spec.algorithm() == BanditSpec.Algorithm.USCA ? spec.privacy().totalEpsilon()
                : spec.privacy().epsilon();
        double deltaTotal = spec.algorithm() == BanditSpec.Algorithm.USCA ? 0.0 : spec.privacy().delta();
        boolean created = Boolean.TRUE.equals(tx.execute(s -> {
            if (!store.insertBandit(spec.id(), spec.algorithm().name(), specJson, epsilonTotal, deltaTotal)) {
                return false;
            }
            store.insertEpoch(spec.id(), 1, firstEpochLength);
            if (linear != null) {
                store.storeEstimator(spec.id(), initialState);
                linear.cost().ifPresent(cost -> ledger.charge(spec.id(), new PrivacyCost(epsilonTotal, deltaTotal),
                        cost, linear.costReason(), null, "SEQUENTIAL"));
            }
            return true;
        }));
        if (!created) {
            return existingOrConflict(spec, bandits.findById(spec.id()).orElseThrow());
        }
        metrics.budgetGauge(spec.id(), id -> budget(bandits.findById(id).orElseThrow()).epsilonRemaining());
        log.info("Created {} bandit '{}' (horizon {}, {} actions)", spec.algorithm(), spec.id(), spec.horizon(),
                spec.actions().size());
        return new Created(status(spec.id()), true);
    }

    /**
     * Builds the policy once so that a spec it cannot run is a 400 now rather than a background
     * failure later; returns the first epoch's length (CAPRI: T_1 = ⌈√T⌉; USCA: T).
     */
    private int checkPolicy(BanditSpec spec) {
        try {
            return switch (spec.algorithm()) {
                case CAPRI -> {
                    Capri capri = PolicyFactory.capri(spec);
                    capri.checkNoiseCalibration();
                    yield capri.schedule().plannedLength(1);
                }
                case USCA -> {
                    PolicyFactory.usca(spec);
                    yield spec.horizon();
                }
                case LINUCB, ONLINEUCB, GPUCB -> {
                    LinearModels.of(spec);
                    yield spec.horizon();
                }
            };
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw InvalidRequestException.of("privacy", e.getMessage());
        }
    }

    private static LinearModel<?> linear(BanditSpec spec) {
        return switch (spec.algorithm()) {
            case LINUCB, ONLINEUCB, GPUCB -> LinearModels.of(spec);
            case CAPRI, USCA -> null;
        };
    }

    private Created existingOrConflict(BanditSpec spec, BanditEntity row) {
        BanditSpec stored = codec.read(row.getSpec(), BanditSpec.class);
        if (!codec.text(stored).equals(codec.text(spec))) {
            throw new ServiceErrors.Conflict("bandit '" + spec.id() + "' already exists with a different spec");
        }
        return new Created(status(spec.id()), false);
    }

    /** The bandit's stored (normalised) spec. */
    public BanditSpec spec(String id) {
        return codec.read(row(id).getSpec(), BanditSpec.class);
    }

    public BanditEntity row(String id) {
        return bandits.findById(id).orElseThrow(() -> new ServiceErrors.NotFound("no bandit '" + id + "'"));
    }

    /**
     * Where the current epoch stands: its status, learning slots handed out and folded, whether its
     * plan is ready, and the background work in progress on it with its progress in [0, 1].
     */
    public record EpochProgress(EpochStatus status, int assigned, int folded, boolean planned, String work,
            Double progress) {
    }

    /** What GET /bandits/{id} shows. */
    public record BanditStatus(String id, BanditSpec.Algorithm algorithm, Phase phase, int epoch,
            Integer epochLength, EpochProgress current, long rounds, long decisions, Map<FeedbackState, Long> feedback,
            Ledger.Budget budget) {
    }

    public BanditStatus status(String id) {
        BanditEntity row = row(id);
        EpochEntity epoch = epochs.findByBanditIdAndNumber(id, row.getEpoch()).orElse(null);
        EpochProgress progress = epoch == null ? null : new EpochProgress(epoch.getStatus(), epoch.getAssigned(),
                epoch.getFolded(), epoch.getPlannedAt() != null, epoch.getWorkStage(), epoch.getWorkProgress());
        return new BanditStatus(row.getId(), row.getAlgorithm(), row.getPhase(), row.getEpoch(),
                epoch == null ? null : epoch.getLength(), progress, row.getRounds(), decisions.decisionCount(id),
                decisions.feedbackCounts(id), budget(row));
    }

    public List<BanditStatus> list() {
        return bandits.findAllByOrderByIdAsc().stream().map(r -> status(r.getId())).toList();
    }

    public List<LedgerEntry> ledger(String id) {
        row(id);
        return ledger.entries(id);
    }

    Ledger.Budget budget(BanditEntity row) {
        return ledger.budget(row.getId(), row.getEpsilonTotal(), row.getDeltaTotal());
    }

    /** The runtime cache, for the request services. */
    Runtimes runtimes() {
        return runtimes;
    }
}

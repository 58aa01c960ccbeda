package io.dpbandit.bandit;

import io.dpbandit.policy.capri.Capri;
import io.dpbandit.policy.capri.CapriState;
import io.dpbandit.policy.capri.EpochPlan;
import io.dpbandit.policy.capri.ReleasedModel;
import io.dpbandit.policy.usca.Usca;
import io.dpbandit.policy.usca.UscaState;
import io.dpbandit.privacy.PrivacyCost;
import jakarta.validation.Validator;
import java.security.SecureRandom;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/** Creating bandits, reading their state, and the per-instance cache of their runtimes. */
@Service
public class BanditService {

    private static final Logger log = LoggerFactory.getLogger(BanditService.class);

    private final BanditStore store;
    private final StateCodec codec;
    private final TransactionTemplate tx;
    private final Map<String, BanditRuntime> runtimes = new ConcurrentHashMap<>();
    private final SecureRandom seeds = new SecureRandom();
    private final SpecLimits limits;
    private final Validator validator;

    public BanditService(BanditStore store, StateCodec codec, TransactionTemplate tx, SpecLimits limits,
            Validator validator) {
        this.limits = limits;
        this.validator = validator;
        this.store = store;
        this.codec = codec;
        this.tx = tx;
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
        String specJson = codec.text(spec);
        var existing = store.findBandit(spec.id());
        if (existing.isPresent()) {
            return existingOrConflict(spec, existing.get());
        }
        // Public draws (S, R, Z) need no secrecy, only independence from user data.
        SplittableRandom publicRng = new SplittableRandom(seeds.nextLong());
        boolean created;
        if (spec.algorithm() == BanditSpec.Algorithm.CAPRI) {
            Capri capri = PolicyFactory.capri(spec);
            CapriState state = capri.start(publicRng);
            created = Boolean.TRUE.equals(tx.execute(s -> {
                if (!store.insertBandit(spec.id(), "CAPRI", specJson, spec.privacy().epsilon(), spec.privacy().delta(),
                        "EXPLORE", null)) {
                    return false;
                }
                store.insertEpoch(spec.id(), 1, state.plan().length(), codec.bytes(state.plan()));
                return true;
            }));
        } else {
            Usca usca = PolicyFactory.usca(spec);
            UscaState state = usca.start(publicRng);
            created = store.insertBandit(spec.id(), "USCA", specJson, spec.privacy().totalEpsilon(), 0.0, "EXPLORE",
                    codec.bytes(state));
        }
        if (!created) {
            return existingOrConflict(spec, store.findBandit(spec.id()).orElseThrow());
        }
        log.info("Created {} bandit '{}' (horizon {}, {} actions)", spec.algorithm(), spec.id(), spec.horizon(),
                spec.actions().size());
        return new Created(status(spec.id()), true);
    }

    private Created existingOrConflict(BanditSpec spec, BanditStore.BanditRow row) {
        BanditSpec stored = codec.read(store.specJson(row.id()), BanditSpec.class);
        if (!codec.text(stored).equals(codec.text(spec))) {
            throw new ServiceErrors.Conflict("bandit '" + spec.id() + "' already exists with a different spec");
        }
        return new Created(status(spec.id()), false);
    }

    public BanditStore.BanditRow row(String id) {
        return store.findBandit(id).orElseThrow(() -> new ServiceErrors.NotFound("no bandit '" + id + "'"));
    }

    /** The runtime for the bandit's current epoch, rebuilt when another instance moved it on. */
    public BanditRuntime runtime(String id) {
        return runtime(row(id));
    }

    /**
     * The runtime for a bandit row the caller has just read. A rebuild (after another instance
     * moved the epoch on) parses the plan once: concurrent requests for the same bandit wait for
     * that one rebuild instead of each parsing megabytes of JSON.
     */
    public BanditRuntime runtime(BanditStore.BanditRow row) {
        BanditRuntime cached = runtimes.get(row.id());
        if (cached != null && cached.epoch() == row.epoch()) {
            return cached;
        }
        return runtimes.compute(row.id(), (id, current) ->
                current != null && current.epoch() == row.epoch() ? current : build(row, current));
    }

    private BanditRuntime build(BanditStore.BanditRow row, BanditRuntime cached) {
        String id = row.id();
        BanditSpec spec = cached != null ? cached.spec() : codec.read(store.specJson(id), BanditSpec.class);
        if (row.algorithm().equals("CAPRI")) {
            Capri capri = cached != null ? cached.capri() : PolicyFactory.capri(spec);
            var epoch = store.findEpoch(id, row.epoch()).orElseThrow(
                    () -> new IllegalStateException("bandit '" + id + "' has no row for epoch " + row.epoch()));
            EpochPlan plan = codec.read(epoch.plan(), EpochPlan.class);
            List<ReleasedModel> models = store.releasedModels(id).stream()
                    .map(m -> codec.read(m, ReleasedModel.class)).toList();
            return capriRuntime(spec, capri, row.epoch(), plan, models);
        }
        Usca usca = cached != null ? cached.usca() : PolicyFactory.usca(spec);
        return new BanditRuntime(spec, null, usca, row.epoch(), null, List.of(), null, null, new ConcurrentHashMap<>());
    }

    private static BanditRuntime capriRuntime(BanditSpec spec, Capri capri, int epoch, EpochPlan plan,
            List<ReleasedModel> models) {
        return new BanditRuntime(spec, capri, null, epoch, plan, models, capri.elimination(models),
                capri.contributions(plan), new ConcurrentHashMap<>());
    }

    /** After this instance closed an epoch it installs the next runtime from what it computed. */
    void installNextEpoch(BanditRuntime previous, CapriState next) {
        runtimes.put(previous.spec().id(), capriRuntime(previous.spec(), previous.capri(), next.epoch(), next.plan(),
                next.models()));
    }

    /** Budget figures, replayed from the ledger in order (bit-identical on every instance). */
    public record Budget(double epsilonTotal, double deltaTotal, double epsilonSpent, double deltaSpent,
            double epsilonRemaining, double deltaRemaining) {
    }

    /** What GET /bandits/{id} shows. */
    public record BanditStatus(String id, String algorithm, String phase, int epoch, Integer epochLength,
            long rounds, long decisions, Map<String, Long> feedback, Budget budget) {
    }

    public BanditStatus status(String id) {
        BanditStore.BanditRow row = row(id);
        Integer length = row.algorithm().equals("CAPRI")
                ? store.findEpoch(id, row.epoch()).map(BanditStore.EpochRow::length).orElse(null)
                : Objects.requireNonNull(runtime(id).spec().horizon());
        return new BanditStatus(row.id(), row.algorithm(), row.phase(), row.epoch(), length, row.rounds(),
                store.decisionCount(id), store.feedbackCounts(id), budget(row));
    }

    public List<BanditStatus> list() {
        return store.listBandits().stream().map(r -> status(r.id())).toList();
    }

    public List<BanditStore.LedgerRow> ledger(String id) {
        row(id);
        return store.ledger(id);
    }

    Budget budget(BanditStore.BanditRow row) {
        PrivacyCost spent = spent(row.id());
        return new Budget(row.epsilonTotal(), row.deltaTotal(), spent.epsilon(), spent.delta(),
                Math.max(0, row.epsilonTotal() - spent.epsilon()), Math.max(0, row.deltaTotal() - spent.delta()));
    }

    PrivacyCost spent(String id) {
        return PrivacyCost.sum(store.ledger(id).stream().map(l -> new PrivacyCost(l.epsilon(), l.delta())).toList());
    }
}

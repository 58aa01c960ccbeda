package io.dpbandit.bandit.runtime;

import io.dpbandit.bandit.BanditSpec;
import io.dpbandit.bandit.EpochStatus;
import io.dpbandit.bandit.Phase;
import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.bandit.store.BinaryCodec;
import io.dpbandit.bandit.store.ContextReleaseEntity;
import io.dpbandit.bandit.store.DecisionStore;
import io.dpbandit.bandit.store.LifecycleStore;
import io.dpbandit.policy.JointPoint;
import io.dpbandit.policy.usca.Usca;
import io.dpbandit.policy.usca.UscaCompactEstimator;
import io.dpbandit.policy.usca.UscaPlan;
import io.dpbandit.policy.usca.UscaState;
import io.dpbandit.client.privacy.PrivacyCost;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.random.RandomGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * USCA (paper 000, Algorithm 1) as a runtime: T uniform learning rounds (epoch 1 of length T),
 * then ε-DP releases of a recommended action per context with the exponential mechanism.
 * In the background: the public plan (Z and its factors) is computed when the bandit is created,
 * rounds are folded into K_{Z,W}Y as their rewards settle, and once every round is settled the
 * COMPACT estimator is built and kept: one number per distinct point of Z (held COUNTED) and no user
 * context (UscaConfig.Estimator).
 */
public final class UscaRuntime implements BanditRuntime {

    private static final Logger log = LoggerFactory.getLogger(UscaRuntime.class);

    private final BanditSpec spec;
    private final Usca usca;
    private final LifecycleStore.Version version;
    /** The estimator releases are made from; null while learning. */
    private final UscaCompactEstimator estimator;

    public UscaRuntime(BanditSpec spec, Usca usca, LifecycleStore.Version version, UscaCompactEstimator estimator) {
        this.spec = spec;
        this.usca = usca;
        this.version = version;
        this.estimator = estimator;
    }

    @Override
    public BanditSpec spec() {
        return spec;
    }

    @Override
    public LifecycleStore.Version version() {
        return version;
    }

    /** Step 1: uniform over X, independent of all data (propensity 1/|X|), in every phase. */
    @Override
    public Served decide(double[] context, RandomGenerator rng) {
        return new Served(usca.learningAction(rng), 1.0 / spec.actions().size());
    }

    @Override
    public Step advance(Lifecycle lc, LifecycleStore.OpenEpoch epoch, boolean mayPlan) {
        String id = spec.id();
        int r = epoch.number();
        if (epoch.status() == EpochStatus.OPEN
                && lc.decisions.defaultWaitedOut(id, r, spec.feedback().defaultReward()) > 0) {
            return Step.DEFAULTED;
        }
        if (!epoch.planned() && !mayPlan) {
            return Step.NEEDS_PLANNING;
        }
        if (!epoch.planned()) {
            // Steps 2–3, data-free: Z, the factors of K_ZZ + KτI (and K_ZZ + εI), sup s² over the support.
            long started = System.nanoTime();
            lc.store.progress(id, r, "PLANNING", 0.0);
            UscaPlan plan = usca.start(lc.publicRng()).plan();
            lc.metrics.planningStep(id, System.nanoTime() - started);
            lc.store.storePlan(id, r, lc.codec.encode(plan));
            return Step.PLANNED;
        }
        UscaPlan plan = lc.remember(id, r, "plan", () -> lc.codec.decode(lc.store.plan(id, r).orElseThrow(),
                UscaPlan.class));
        if (fold(lc, epoch, plan)) {
            return Step.FOLDED;
        }
        return Sealing.sealOrFinish(lc, epoch, () -> buildEstimator(lc, epoch, plan));
    }

    /** Folds settled rounds into K_{Z,W}Y = Σ_t ω_t y_t k_Z(w_t) (ω: the width weight, fail-closed). */
    private boolean fold(Lifecycle lc, LifecycleStore.OpenEpoch epoch, UscaPlan plan) {
        String id = spec.id();
        int r = epoch.number();
        List<DecisionStore.Round> rounds = lc.decisions.unfolded(id, r, 2_000);
        if (rounds.isEmpty()) {
            return false;
        }
        LifecycleStore.Accumulator stored = lc.store.accumulator(id, r);
        double[] zSums = stored.sums(plan.approximatingSet().size());
        List<JointPoint> points = new ArrayList<>(rounds.size());
        List<Double> values = new ArrayList<>(rounds.size());
        List<UUID> ids = new ArrayList<>(rounds.size());
        for (DecisionStore.Round round : rounds) {
            ids.add(round.id());
            if (round.context() == null) {
                continue;
            }
            double y = round.rewardOr(spec.feedback().defaultReward());
            points.add(new JointPoint(round.context(), round.action()));
            values.add(usca.contribution(plan, round.context(), round.action(), y).value());
        }
        UscaState folded = usca.fold(new UscaState(plan, List.of(), new double[0], zSums, stored.folded()), points,
                values.stream().mapToDouble(Double::doubleValue).toArray());
        byte[] bytes = BinaryCodec.doubles(folded.zSums());
        Boolean ok = lc.tx.execute(s -> {
            if (!lc.store.storeAccumulator(id, r, stored.folded(), rounds.size(), bytes)) {
                s.setRollbackOnly();
                return false;
            }
            lc.decisions.markFolded(ids);
            return true;
        });
        if (Boolean.TRUE.equals(ok)) {
            lc.metrics.folded(id, rounds.size());
            Closing.folded(lc, epoch, stored.folded() + rounds.size());
        }
        return true;
    }

    /** Step 3: the estimator, built once; then the bandit releases (phase RELEASE). */
    private Step buildEstimator(Lifecycle lc, LifecycleStore.OpenEpoch epoch, UscaPlan plan) {
        String id = spec.id();
        int r = epoch.number();
        Closing.releasing(lc, epoch);
        LifecycleStore.Accumulator stored = lc.store.accumulator(id, r);
        if (stored.closedElsewhere()) {
            return Step.NONE; // another instance built the estimator since this one saw the epoch sealed
        }
        UscaCompactEstimator built = usca.compactEstimator(new UscaState(plan, List.of(), new double[0],
                stored.sums(plan.approximatingSet().size()), stored.folded()));
        byte[] encoded = lc.codec.encode(built);
        boolean done = Boolean.TRUE.equals(lc.tx.execute(s -> {
            if (lc.store.lockEpoch(id, r).orElse(null) != EpochStatus.SEALED || !lc.store.close(id, r, null)) {
                s.setRollbackOnly();
                return false;
            }
            if (!lc.store.advance(id, r, r, Phase.RELEASE, stored.folded())) {
                throw new IllegalStateException("bandit '" + id + "' moved during its estimator build");
            }
            lc.store.storeEstimator(id, encoded);
            return true;
        }));
        if (done) {
            lc.forgetBefore(id, r + 1);
            log.info("Built the USCA estimator of bandit '{}' from {} rounds", id, stored.folded());
        }
        return done ? Step.CLOSED : Step.NONE;
    }

    /** The releases so far: actions and the ledger entries that paid for them, never a context key. */
    @Override
    public Map<String, Object> latestRelease(Releases releases) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("phase", version.phase());
        out.put("releases", releases.stored.findByBanditIdOrderByLedgerIdAsc(spec.id()).stream()
                .map(r -> Map.of("action", actionId(r.getActionIndex()), "ledgerId", r.getLedgerId(),
                        "releasedAt", r.getCreatedAt()))
                .toList());
        out.put("privacy", Map.of("model", "JDP", "composition", "SEQUENTIAL",
                "mechanism", "exponential mechanism per context, on the compact estimator",
                "epsilonPerRelease", spec.privacy().epsilon()));
        return out;
    }

    /**
     * Step 4: one exponential-mechanism decision per context, charged ε once; the same context is
     * served again from the stored release for free. The charge and the release commit together,
     * under the bandit's row lock.
     */
    @Override
    public Releases.ContextRelease release(double[] context, Releases releases) {
        requireValidContext(context);
        if (estimator == null) {
            throw new ServiceErrors.NotReady("bandit '" + spec.id() + "' is still learning (USCA releases after "
                    + spec.horizon() + " rounds)");
        }
        String key = releases.keys.keyOf(context);
        var known = releases.find(spec.id(), key, context);
        if (known.isPresent()) {
            return new Releases.ContextRelease(spec.id(), actionId(known.get().getActionIndex()), false, 0);
        }
        double eps = spec.privacy().epsilon();
        return releases.tx.execute(s -> {
            releases.lockBandit(spec.id());
            var again = releases.find(spec.id(), key, context);
            if (again.isPresent()) {
                return new Releases.ContextRelease(spec.id(), actionId(again.get().getActionIndex()), false, 0);
            }
            long ledgerId = releases.ledger.charge(spec.id(), new PrivacyCost(spec.privacy().totalEpsilon(), 0),
                    PrivacyCost.pure(eps), "USCA context release", null, "SEQUENTIAL");
            int action = usca.release(estimator, context, releases.noise).action();
            releases.stored.saveAndFlush(new ContextReleaseEntity(spec.id(), key, action, ledgerId));
            return new Releases.ContextRelease(spec.id(), actionId(action), true, eps);
        });
    }
}

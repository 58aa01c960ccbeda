package io.dpbandit.bandit.runtime;

import io.dpbandit.bandit.BanditSpec;
import io.dpbandit.bandit.EpochStatus;
import io.dpbandit.bandit.Phase;
import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.bandit.store.BinaryCodec;
import io.dpbandit.bandit.store.DecisionStore;
import io.dpbandit.bandit.store.LifecycleStore;
import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.client.capri.CapriRandomiserPlan;
import io.dpbandit.client.capri.CapriReport;
import io.dpbandit.policy.ContextKey;
import io.dpbandit.policy.capri.Capri;
import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.policy.capri.CapriState;
import io.dpbandit.policy.capri.ContributionCalculator;
import io.dpbandit.policy.capri.Elimination;
import io.dpbandit.policy.capri.EpochPlan;
import io.dpbandit.policy.capri.EpochPlanner;
import io.dpbandit.policy.capri.ReleasedModel;
import io.dpbandit.client.privacy.PrivacyCost;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.random.RandomGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * CAPRI (paper 002, Algorithm 1) as a runtime. Decisions are uniform over the active set X_r(c),
 * which the released models give for any context. In the background, per epoch: the plan (S, R,
 * A = L⁻¹, C_r, σ, Δ_r; public) is computed in steps as soon as the epoch opens; rounds are
 * folded into the private accumulator g as their rewards settle; once every round is settled the
 * epoch is sealed, and its close adds the noise, releases μ̂_r, charges the ledger and opens the
 * next epoch (or moves to EXPLOIT after the last epoch that completes within T).
 */
public final class CapriRuntime implements BanditRuntime {

    private static final Logger log = LoggerFactory.getLogger(CapriRuntime.class);

    /** Cached active sets per context hold at most this many entries per epoch. */
    static final int ACTIVE_SET_CACHE_LIMIT = 100_000;
    /** Rounds folded per step. */
    static final int FOLD_BATCH = 2_000;

    private final BanditSpec spec;
    private final Capri capri;
    private final LifecycleStore.Version version;
    private final List<ReleasedModel> models;
    private final Elimination activeSets;
    private final Map<ContextKey, int[]> activeSetCache = new ConcurrentHashMap<>();
    /** Decoded epoch plans (immutable once stored), for checking LDP reports and serving them. */
    private final Map<Integer, EpochPlan> plans = new ConcurrentHashMap<>();

    public CapriRuntime(BanditSpec spec, Capri capri, LifecycleStore.Version version, List<ReleasedModel> models) {
        this.spec = spec;
        this.capri = capri;
        this.version = version;
        this.models = List.copyOf(models);
        this.activeSets = capri.elimination(this.models);
    }

    @Override
    public BanditSpec spec() {
        return spec;
    }

    @Override
    public LifecycleStore.Version version() {
        return version;
    }

    public List<ReleasedModel> models() {
        return models;
    }

    /**
     * X_r(c): chaining the released models costs O(m |X|) kernel evaluations, so repeated contexts
     * (a pool, popular segments) are served from a cache that dies with this runtime.
     */
    int[] activeSet(double[] context) {
        ContextKey key = new ContextKey(context);
        int[] hit = activeSetCache.get(key);
        if (hit != null) {
            return hit;
        }
        int[] active = activeSets.activeSet(context);
        if (activeSetCache.size() < ACTIVE_SET_CACHE_LIMIT) {
            activeSetCache.put(key, active);
        }
        return active;
    }

    @Override
    public Recommendation recommend(double[] context) {
        return new Recommendation(release(context, null).action(), activeSet(context).length);
    }

    @Override
    public int[] activeSetSizes(double[] context) {
        return activeSets.activeSetSizes(context);
    }

    /** Algorithm 1: play x_t ~ Unif(X_r(c_t)), propensity 1/|X_r(c_t)|, in every phase. */
    @Override
    public Served decide(double[] context, RandomGenerator rng) {
        Capri.Decision d = capri.decide(activeSet(context), version.epoch(), rng);
        return new Served(d.action(), d.propensity(), randomiserFor(context, d.action()));
    }

    /** Whether users randomise their own rounds (CAPRI-LDP). */
    public boolean local() {
        return capri.config().privacy().model() == CapriConfig.Model.LDP;
    }

    @Override
    public boolean takesReports() {
        return local();
    }

    @Override
    public Object randomiserFor(double[] context, int action) {
        if (!local()) {
            return null;
        }
        int r = version.epoch();
        return new CapriLocalInput(r, "/bandits/" + spec.id() + "/epochs/" + r + "/randomiser",
                spec.actions().get(action).features());
    }

    /** The stored plan of epoch r, decoded once per runtime; empty while it is still being planned. */
    private java.util.Optional<EpochPlan> storedPlan(int r, Lifecycle lc) {
        EpochPlan cached = plans.get(r);
        if (cached != null) {
            return java.util.Optional.of(cached);
        }
        var plan = lc.store.plan(spec.id(), r).map(b -> lc.codec.decode(b, EpochPlan.class));
        plan.ifPresent(p -> plans.put(r, p));
        return plan;
    }

    /**
     * The public plan a CAPRI-LDP user's device randomises epoch r's rounds with: 404 for an epoch
     * that does not exist, 409 not-ready while it is being planned, 400 for a JDP bandit.
     */
    public CapriRandomiserPlan randomiserPlan(int r, Lifecycle lc) {
        if (!local()) {
            throw InvalidRequestException.of("bandit", "is JDP: only a locally private bandit has a randomiser plan");
        }
        if (r < 1 || r > version.epoch()) {
            throw new ServiceErrors.NotFound("bandit '" + spec.id() + "' has no epoch " + r);
        }
        EpochPlan plan = storedPlan(r, lc).orElseThrow(() -> new ServiceErrors.NotReady(
                "epoch " + r + " is still being planned; try again shortly"));
        return capri.randomiserPlan(spec.id(), plan);
    }

    /**
     * Checks a CAPRI-LDP report against its epoch's public plan: the decision's epoch, m numbers,
     * the plan's (ε_r, δ_r) and at least its σ. A report's norm must also be one the noise can
     * produce: ‖g + z‖ ≤ C_r + σ(√m + 10), since the norm of z ~ N(0, σ²I_m) exceeds σ(√m + t) with
     * probability ≤ exp(−t²/2) (Gaussian concentration of a 1-Lipschitz function), about 2e-22 for
     * t = 10. This protects the model from a forged huge vector; it is not what privacy rests on
     * (that is the user's own noise).
     */
    @Override
    public String checkReport(JsonNode json, int epoch, Lifecycle lc) {
        if (!local()) {
            return BanditRuntime.super.checkReport(json, epoch, lc);
        }
        CapriReport report = Reports.parse(json, CapriReport.class, "a CAPRI report");
        if (report.epoch() != epoch) {
            throw InvalidRequestException.of("report.epoch", "must be the decision's epoch, " + epoch);
        }
        EpochPlan plan = storedPlan(epoch, lc).orElseThrow(() -> InvalidRequestException.of("report",
                "epoch " + epoch + " has no plan yet, so no report can have been made for it"));
        int m = plan.projectionSize();
        double[] v = report.contribution();
        if (v.length != m) {
            throw InvalidRequestException.of("report.contribution", "must hold " + m + " numbers (epoch " + epoch
                    + "'s projection set)");
        }
        EpochPlan.EpochNoise noise = plan.noise();
        if (!same(report.epsilon(), noise.epsilon()) || !same(report.delta(), noise.delta())) {
            throw InvalidRequestException.of("report", "claims (" + report.epsilon() + ", " + report.delta()
                    + ")-LDP; epoch " + epoch + "'s reports are (" + noise.epsilon() + ", " + noise.delta() + ")");
        }
        if (report.sigma() < noise.sigma() * (1 - 1e-9)) {
            throw InvalidRequestException.of("report.sigma", "is below the plan's " + noise.sigma());
        }
        double norm = io.dpbandit.client.privacy.ContributionBounds.l2Norm(v);
        if (norm > plan.contributionBound() + report.sigma() * (Math.sqrt(m) + 10)) {
            throw InvalidRequestException.of("report.contribution", "is larger than a randomised contribution "
                    + "can be; it was not made by the randomiser with this plan");
        }
        return Reports.text(report);
    }

    private static boolean same(double a, double b) {
        return Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b));
    }

    @Override
    public Step advance(Lifecycle lc, LifecycleStore.OpenEpoch epoch, boolean mayPlan) {
        String id = spec.id();
        int r = epoch.number();
        if (epoch.status() == EpochStatus.OPEN
                && lc.decisions.defaultWaitedOut(id, r, spec.feedback().defaultReward()) > 0) {
            return Step.DEFAULTED;
        }
        if (!epoch.planned()) {
            return mayPlan ? plan(lc, epoch) : Step.NEEDS_PLANNING;
        }
        EpochPlan plan = lc.remember(id, r, "plan", () -> lc.codec.decode(lc.store.plan(id, r).orElseThrow(),
                EpochPlan.class));
        if (fold(lc, epoch, plan)) {
            return Step.FOLDED;
        }
        return Sealing.sealOrFinish(lc, epoch, () -> close(lc, epoch, plan));
    }

    /** The plan of epoch r, a bounded step at a time; stored once complete. */
    private Step plan(Lifecycle lc, LifecycleStore.OpenEpoch epoch) {
        String id = spec.id();
        int r = epoch.number();
        int[] choleskyHint = lc.remember(id, Integer.MAX_VALUE, "cholesky", () -> new int[1]); // bandit-wide, kept across epochs
        EpochPlanner.PlanningJob job = lc.remember(id, r, "planning", () -> capri.planning(r, models, lc.publicRng(),
                choleskyHint[0]));
        long started = System.nanoTime();
        boolean done = job.step(lc.stepBudgetNanos());
        lc.metrics.planningStep(id, System.nanoTime() - started);
        if (!done) {
            lc.store.progress(id, r, "PLANNING:" + job.stage(), job.progress());
            return Step.PLANNING;
        }
        EpochPlan plan = job.result();
        choleskyHint[0] = plan.choleskyAttempt();
        if (lc.store.storePlan(id, r, lc.codec.encode(plan))) {
            log.info("Planned epoch {} of bandit '{}' (T_r = {}, |S| = {}, noise sigma {})", r, id, plan.length(),
                    plan.projectionSize(), plan.noise().sigma());
        }
        lc.forget(id, r, "planning");
        return Step.PLANNED;
    }

    /**
     * Folds up to {@link #FOLD_BATCH} settled rounds into g: each round's contribution
     * y · A k_S(w), bounded to norm C_r (ContributionCalculator), with the round's reward if it
     * was accepted and the default reward otherwise. The accumulator and the rounds' folded marks
     * commit together, with a compare-and-set on the fold count.
     */
    private boolean fold(Lifecycle lc, LifecycleStore.OpenEpoch epoch, EpochPlan plan) {
        String id = spec.id();
        int r = epoch.number();
        List<DecisionStore.Round> rounds = lc.decisions.unfolded(id, r, FOLD_BATCH);
        if (rounds.isEmpty()) {
            return false;
        }
        ContributionCalculator contributions = lc.remember(id, r, "contributions", () -> capri.contributions(plan));
        LifecycleStore.Accumulator stored = lc.store.accumulator(id, r);
        double[] g = stored.sums(plan.projectionSize());
        List<UUID> ids = new ArrayList<>(rounds.size());
        boolean local = local();
        for (DecisionStore.Round round : rounds) {
            if (local) {
                // CAPRI-LDP: the user's noisy contribution as sent; a round without one (none came in
                // time) contributes nothing, as a reward of 0 would without noise (defaultReward is 0).
                if (round.acceptedReport() != null) {
                    double[] v = Reports.read(round.acceptedReport(), CapriReport.class).contribution();
                    for (int i = 0; i < g.length; i++) {
                        g[i] += v[i];
                    }
                }
            } else if (round.context() != null) {
                double y = round.rewardOr(spec.feedback().defaultReward());
                contributions.addTo(g, round.context(), round.action(), y);
            }
            ids.add(round.id());
        }
        byte[] bytes = BinaryCodec.doubles(g);
        boolean stored2 = Boolean.TRUE.equals(lc.tx.execute(s -> {
            if (!lc.store.storeAccumulator(id, r, stored.folded(), rounds.size(), bytes)) {
                s.setRollbackOnly();
                return false;
            }
            lc.decisions.markFolded(ids);
            return true;
        }));
        if (stored2) {
            lc.metrics.folded(id, rounds.size());
            Closing.folded(lc, epoch, stored.folded() + rounds.size());
        }
        return true;
    }

    /**
     * The close (steps 7–9): the release of the sealed epoch's accumulator with fresh noise, then
     * one short transaction that takes the epoch's lock, charges the ledger, stores the model,
     * closes the epoch and opens the next one (or moves to EXPLOIT). Nothing it used can change
     * any more (the epoch is sealed and fully folded), so it cannot lose to feedback; if another
     * writer closed it first, this release is dropped unseen and costs no privacy.
     */
    private Step close(Lifecycle lc, LifecycleStore.OpenEpoch epoch, EpochPlan plan) {
        String id = spec.id();
        int r = epoch.number();
        long started = System.nanoTime();
        Closing.releasing(lc, epoch);
        LifecycleStore.Accumulator stored = lc.store.accumulator(id, r);
        if (stored.closedElsewhere()) {
            // Another instance closed the epoch since this one saw it sealed (the close drops the
            // accumulator): nothing to release here, and nothing was drawn or charged.
            lc.metrics.lifecycleStep(id, "LOST_RACE", System.nanoTime() - started);
            return Step.NONE;
        }
        CapriState state = capri.fold(capri.open(plan, models), stored.sums(plan.projectionSize()), stored.folded());
        Capri.Release release = capri.release(state, lc.noise);
        PrivacyCost cost = charge(capri.config(), release, models.isEmpty());
        String modelJson = lc.json.text(release.model());
        boolean next = capri.releases(r + 1);
        boolean closed = Boolean.TRUE.equals(lc.tx.execute(s -> {
            if (lc.store.lockEpoch(id, r).orElse(null) != EpochStatus.SEALED) {
                return false;
            }
            lc.ledger.charge(id, new PrivacyCost(spec.privacy().epsilon(), spec.privacy().delta()), cost,
                    "CAPRI epoch release", r, capri.config().composition().name());
            if (!lc.store.close(id, r, modelJson)) {
                s.setRollbackOnly();
                return false;
            }
            faultInjectionPause(lc);
            if (next) {
                lc.store.insertEpoch(id, r + 1, capri.schedule().plannedLength(r + 1));
            }
            if (!lc.store.advance(id, r, next ? r + 1 : r, next ? Phase.EXPLORE : Phase.EXPLOIT, stored.folded())) {
                throw new IllegalStateException("bandit '" + id + "' moved away from epoch " + r + " during its close");
            }
            return true;
        }));
        long nanos = System.nanoTime() - started;
        lc.metrics.lifecycleStep(id, closed ? "CLOSED" : "LOST_RACE", nanos);
        if (closed) {
            lc.forgetBefore(id, r + 1);
            log.info("Closed epoch {} of bandit '{}' in {} ms (T_r = {}, |S| = {}, charged epsilon {}){}", r, id,
                    nanos / 1_000_000, plan.length(), plan.projectionSize(), cost.epsilon(),
                    next ? "" : "; last epoch within the horizon, now exploiting");
        }
        return closed ? Step.CLOSED : Step.NONE;
    }

    /**
     * The ledger charge of one epoch release. SEQUENTIAL: the epoch's (ε/L, δ/L). PARALLEL: the
     * first release is charged the full (ε, δ) and later ones nothing, because each round enters
     * exactly one epoch (parallel composition; see CapriConfig.EpochComposition).
     */
    static PrivacyCost charge(CapriConfig config, Capri.Release release, boolean firstRelease) {
        if (!config.privacy().privacyEnabled()) {
            return PrivacyCost.ZERO;
        }
        if (config.composition() == CapriConfig.EpochComposition.PARALLEL) {
            return firstRelease ? new PrivacyCost(config.privacy().epsilon(), config.privacy().delta())
                    : PrivacyCost.ZERO;
        }
        return new PrivacyCost(release.noise().epsilon(), release.noise().delta());
    }

    /** Crash tests widen the commit window here (dpbandit.lifecycle.close-commit-delay-ms). */
    static void faultInjectionPause(Lifecycle lc) {
        long ms = lc.properties.closeCommitDelayMs();
        if (ms > 0) {
            try {
                Thread.sleep(ms);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted inside an epoch close", e);
            }
        }
    }

    /**
     * The latest released model. Anyone can evaluate μ̂(w) = Σ_i coefficients[i] · k(projectionPoints[i], w),
     * with w = context ++ action features and k the stated kernel, and repeat the elimination.
     */
    @Override
    public Map<String, Object> latestRelease(Releases releases) {
        ReleasedModel model = models.isEmpty() ? null : models.get(models.size() - 1);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("epoch", model == null ? 0 : model.epoch());
        out.put("phase", version.phase());
        out.put("kernel", spec.kernel());
        out.put("actions", spec.actions());
        out.put("contextDimension", spec.contextDimension());
        if (model == null) {
            out.put("model", null);
        } else {
            var actionFeatures = spec.actions().stream().map(BanditSpec.Action::features).toArray(double[][]::new);
            out.put("model", Map.of(
                    "projectionPoints", model.projectionSet().stream().map(p -> p.features(actionFeatures)).toList(),
                    "coefficients", model.coefficients(),
                    "width", model.width(),
                    "eliminationRule", "keep x if mu(c,x) >= max over active x' of mu(c,x') - 4 * width",
                    "evaluate", "mu(w) = sum_i coefficients[i] * k(projectionPoints[i], w), w = context ++ action features"));
        }
        out.put("privacy", Map.of("model", local() ? "LDP" : "JDP", "composition", capri.config().composition(),
                "calibration", capri.config().calibration(),
                "mechanism", local() ? "Gaussian mechanism on each user's clipped contribution, on the user's device"
                        : "Gaussian mechanism on clipped contributions, once per epoch"));
        return out;
    }

    /** The model's best active action for a context: post-processing of released models, free. */
    @Override
    public Releases.ContextRelease release(double[] context, Releases releases) {
        requireValidContext(context);
        int[] active = activeSet(context);
        int best = active[0];
        if (!models.isEmpty()) {
            double[] mu = activeSets.means(models.size() - 1, context);
            for (int a : active) {
                if (mu[a] > mu[best]) {
                    best = a;
                }
            }
        }
        if (best < 0) {
            throw new ServiceErrors.NotReady("no active action");
        }
        return new Releases.ContextRelease(spec.id(), actionId(best), false, 0);
    }
}

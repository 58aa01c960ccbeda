package io.dpbandit.algorithms.capri;

import io.dpbandit.bandit.Phase;
import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.policy.ContextKey;
import io.dpbandit.policy.capri.Capri;
import io.dpbandit.policy.capri.Elimination;
import io.dpbandit.policy.capri.EpochPlan;
import io.dpbandit.policy.capri.ReleasedModel;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.runtime.BanditVersion;
import io.dpbandit.runtime.ContextRelease;
import io.dpbandit.runtime.EpochProcess;
import io.dpbandit.runtime.LocalReports;
import io.dpbandit.runtime.PublicModel;
import io.dpbandit.runtime.ReleaseContext;
import io.dpbandit.runtime.RuntimeServices;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.spec.PrivacyModel;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.random.RandomGenerator;

/**
 * CAPRI (Pavlovic, Salgia &amp; Zhao, Algorithm 1) as served: decisions are uniform over the active
 * set X_r(c), which the released models give for any context; the epoch's background work is
 * {@link CapriProcess}. Built from the released models at a stored version; immutable.
 */
final class CapriRuntime implements BanditRuntime, PublicModel {

    /** Cached active sets per context hold at most this many entries per runtime. */
    static final int ACTIVE_SET_CACHE_LIMIT = 100_000;

    private final BanditSpec spec;
    private final Capri capri;
    private final BanditVersion version;
    private final List<ReleasedModel> models;
    private final Elimination activeSets;
    private final RuntimeServices services;
    private final Map<ContextKey, int[]> activeSetCache = new ConcurrentHashMap<>();
    /** Decoded epoch plans (immutable once stored), for checking LDP reports and serving them. */
    private final Map<Integer, EpochPlan> plans = new ConcurrentHashMap<>();
    private final CapriLocalReports local;
    /** tuning.exploit ARGMAX: decisions that do not learn play the latest release's argmax. */
    private final boolean exploits;
    /** The planner's resolvable gaps as points (rounds, gap / 2), computed once per bandit on first use. */
    private final java.util.function.Supplier<List<io.dpbandit.policy.planning.Point>> resolvableGaps;

    CapriRuntime(BanditSpec spec, Capri capri, BanditVersion version, List<ReleasedModel> models,
            RuntimeServices services) {
        this(spec, capri, version, models, services, List::of);
    }

    CapriRuntime(BanditSpec spec, Capri capri, BanditVersion version, List<ReleasedModel> models,
            RuntimeServices services, java.util.function.Supplier<List<io.dpbandit.policy.planning.Point>> resolvableGaps) {
        this.resolvableGaps = resolvableGaps;
        this.spec = spec;
        this.capri = capri;
        this.version = version;
        this.models = List.copyOf(models);
        this.activeSets = capri.elimination(this.models);
        this.services = services;
        this.local = spec.privacy().model() == PrivacyModel.LDP ? new CapriLocalReports(this) : null;
        this.exploits = capri.config().refinements().exploits();
    }

    @Override
    public BanditSpec spec() {
        return spec;
    }

    @Override
    public BanditVersion version() {
        return version;
    }

    Capri capri() {
        return capri;
    }

    List<ReleasedModel> models() {
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

    /**
     * Algorithm 1 (line 12): play x_t ~ Unif(X_r(c_t)), propensity 1/|X_r(c_t)|, in every phase. With
     * {@code tuning.exploit ARGMAX} [engineering, not in the paper] a released model's argmax inside
     * X_r(c_t) is played instead on a public coin of probability {@code tuning.exploitShare} while the
     * bandit learns, and always in the EXPLOIT phase; such a decision never takes a learning slot
     * (its reward is NOT_USED) and its propensity is the rule's probability of the action, coin
     * included ({@link Capri#decide(int[], double[], boolean, int, RandomGenerator)}). Post-processing
     * of the releases: the Gaussian releases and their charges are unchanged.
     */
    @Override
    public Served decide(double[] context, int[] candidates, RandomGenerator rng) {
        int[] active = activeSet(context);
        double[] means = exploits && !models.isEmpty() ? activeSets.means(models.size() - 1, context) : null;
        Capri.Decision d = capri.decide(active, means, version.phase() == Phase.EXPLORE, version.epoch(), rng);
        Object randomiser = local == null || d.exploits() ? null : local.randomiserFor(context, d.action());
        return new Served(d.action(), d.propensity(), randomiser, !d.exploits());
    }

    @Override
    public EpochProcess<?> process() {
        return new CapriProcess(spec, capri, models, services, local != null);
    }

    @Override
    public Optional<LocalReports> local() {
        return Optional.ofNullable(local);
    }

    @Override
    public Optional<PublicModel> publicModel() {
        return Optional.of(this);
    }

    @Override
    public Recommendation recommend(double[] context) {
        // Resolved only where elimination (the paper's test, with the release's widths) left one action.
        // Elsewhere the margin is the latest release's estimate of the best active action over the next
        // one, which roundsToResolve reads against the planner's resolvable gaps.
        int[] active = activeSet(context);
        Double margin = null;
        if (active.length > 1 && !models.isEmpty()) {
            double[] means = activeSets.means(models.size() - 1, context);
            double first = Double.NEGATIVE_INFINITY;
            double second = Double.NEGATIVE_INFINITY;
            for (int a : active) {
                if (means[a] > first) {
                    second = first;
                    first = means[a];
                } else if (means[a] > second) {
                    second = means[a];
                }
            }
            margin = first - second;
        }
        return new Recommendation(actionId(best(context)), active.length, active.length == 1, margin);
    }

    /**
     * The learning rounds at the end of the first planned epoch still to be released whose release the
     * planner expects to resolve a gap of {@code margin} (its median resolvable gap below the margin:
     * CapriForecast's resolvableGap), if one within the horizon does. The releases already made are
     * skipped (one point per releasing epoch, in order): the margin is theirs, unresolved.
     */
    @Override
    public Optional<Long> roundsToResolve(double margin) {
        List<io.dpbandit.policy.planning.Point> planned = resolvableGaps.get();
        List<io.dpbandit.policy.planning.Point> ahead = planned.subList(Math.min(models.size(), planned.size()),
                planned.size());
        return io.dpbandit.algorithms.sequential.SequentialScores.roundsToResolve(ahead, margin);
    }

    @Override
    public int[] activeSetSizes(double[] context) {
        return activeSets.activeSetSizes(context);
    }

    @Override
    public Optional<ReleaseFigures> figures(int epoch) {
        for (int i = 0; i < models.size(); i++) {
            ReleasedModel m = models.get(i);
            if (m.epoch() == epoch) {
                return Optional.of(new ReleaseFigures(m.width(), m.coefficients().length, i));
            }
        }
        return Optional.empty();
    }

    /** The stored plan of epoch r, decoded once per runtime; empty while it is still being planned. */
    Optional<EpochPlan> storedPlan(int r) {
        EpochPlan cached = plans.get(r);
        if (cached != null) {
            return Optional.of(cached);
        }
        var plan = services.plan(spec.id(), r).map(b -> services.binary().decode(b, EpochPlan.class));
        plan.ifPresent(p -> plans.put(r, p));
        return plan;
    }

    @Override
    public CapriRelease latestRelease(ReleaseContext releases) {
        ReleasedModel model = models.isEmpty() ? null : models.get(models.size() - 1);
        CapriRelease.Model released = null;
        if (model != null) {
            var actionFeatures = spec.actions().stream().map(BanditSpec.Action::features).toArray(double[][]::new);
            released = new CapriRelease.Model(
                    model.projectionSet().stream().map(p -> p.features(actionFeatures)).toList(),
                    model.coefficients(), model.width(),
                    "keep x if mu(c,x) >= max over active x' of mu(c,x') - 4 * width",
                    "mu(w) = sum_i coefficients[i] * k(projectionPoints[i], w), w = context ++ action features");
        }
        boolean ldp = local != null;
        return new CapriRelease(model == null ? 0 : model.epoch(), version.phase(), spec.kernel(), spec.actions(),
                spec.contextDimension(), released, new CapriRelease.Privacy(ldp ? PrivacyModel.LDP : PrivacyModel.JDP,
                        capri.config().composition(), capri.config().calibration(),
                        ldp ? "Gaussian mechanism on each user's clipped contribution, on the user's device"
                                : "Gaussian mechanism on clipped contributions, once per epoch"));
    }

    /**
     * The model's best active action for a context: post-processing of released models, free. 409
     * not-ready before the first release: there is no model to take it from (a decision then is
     * uniform over every action, which says nothing a release could).
     */
    @Override
    public ContextRelease release(double[] context, ReleaseContext releases) {
        requireValidContext(context);
        if (models.isEmpty()) {
            throw new ServiceErrors.NotReady("bandit " + ServiceErrors.quote(spec.id()) + " has released no model yet (CAPRI releases "
                    + "its first model when its first epoch closes; GET /bandits/" + spec.id() + " shows the epoch)");
        }
        return new ContextRelease(spec.id(), actionId(best(context)), false, 0);
    }

    private int best(double[] context) {
        int[] active = activeSet(context);
        int best = active[0];
        if (!models.isEmpty()) {
            best = Capri.greedy(active, activeSets.means(models.size() - 1, context));
        }
        if (best < 0) {
            throw new ServiceErrors.NotReady("no active action");
        }
        return best;
    }
}

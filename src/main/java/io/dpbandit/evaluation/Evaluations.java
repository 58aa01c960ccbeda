package io.dpbandit.evaluation;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.dpbandit.algorithms.Runtimes;
import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.lifecycle.RoundWork;
import io.dpbandit.privacy.BudgetSplit;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.store.EvaluationStore;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A rollout's coin, its private evaluation and its promotion (docs/launch.md).
 *
 * <p><b>The release.</b> The schedule is public: window w holds the w-th run of {@code window}
 * decisions in the evaluation (those that named a baseline), in decision order, and is released once
 * every one of their waits has passed (at the lifecycle's grid instant), for at most {@code looks}
 * windows. A window's release is, for each arm of the coin, its decisions' count (public: the coin is
 * independent of everything else) and the sum of their clipped rewards, a decision without a reward
 * in time counting the default reward, plus N(0, σ²). Sensitivity: a neighbouring world changes one
 * decision's reward and whether or when its feedback came; its decision, its arm and its time are
 * the same (none depends on its reward), so one coordinate of the whole vector of window sums moves,
 * by at most R = the clipped rewards' range. With σ = R / μ_eval the releases together are
 * μ_eval-GDP (the Gaussian mechanism, Dong, Roth &amp; Su 2019, Thm 2.7; the windows are disjoint,
 * so one decision is in one release), composed with the learning's μ_learn to exactly the spec's
 * (ε, δ) ({@link BudgetSplit}); the evaluation's ρ = μ_eval²/2 is charged at creation with reason
 * "evaluation". The intervals and the promotion rule read only releases (post-processing).
 */
@Service
public class Evaluations implements RoundWork {

    private static final Logger log = LoggerFactory.getLogger(Evaluations.class);

    private final EvaluationStore store;
    private final Runtimes runtimes;
    private final NoiseSource noise;
    private final TransactionTemplate tx;
    /** The coin's bias per bandit, read at most once a second per instance (a promotion reaches every instance within that). */
    private final Cache<String, EvaluationStore.RolloutRow> rollouts = Caffeine.newBuilder()
            .expireAfterWrite(Duration.ofSeconds(1)).maximumSize(100_000).build();
    private final Cache<String, Schedule> schedules = Caffeine.newBuilder().maximumSize(100_000).build();

    public Evaluations(EvaluationStore store, Runtimes runtimes, NoiseSource noise, TransactionTemplate tx) {
        this.store = store;
        this.runtimes = runtimes;
        this.noise = noise;
        this.tx = tx;
    }

    /**
     * A rollout's public schedule and calibration.
     *
     * @param window          decisions per release
     * @param looks           releases in the schedule
     * @param confidence      the intervals' simultaneous confidence over the schedule
     * @param evaluationShare the share of the bandit's μ² the evaluation spends
     * @param mu              μ_eval: the evaluation's Gaussian DP parameter for one decision's reward
     * @param sigma           the noise's standard deviation on each window's sum per arm: R / μ_eval
     * @param rewardLow       the clipped rewards' lower end
     * @param rewardHigh      their upper end (R = rewardHigh − rewardLow)
     * @param defaultReward   what a decision without a reward in time counts
     */
    public record Schedule(int window, int looks, double confidence, double evaluationShare, double mu, double sigma,
            double rewardLow, double rewardHigh, double defaultReward) {
    }

    /**
     * The bandit's schedule, computed once per bandit (its spec never changes; the budget split behind
     * μ_eval is a few bisections, which the worker would otherwise repeat every round).
     */
    private Schedule scheduleOf(BanditSpec spec) {
        return schedules.get(spec.id(), id -> schedule(spec));
    }

    /** The schedule of a normalised spec with a rollout. */
    public static Schedule schedule(BanditSpec spec) {
        io.dpbandit.spec.Rollout r = spec.rollout();
        double low = r.rewardRange().get(0);
        double high = r.rewardRange().get(1);
        double mu = BudgetSplit.of(spec.privacy().epsilon(), spec.privacy().delta(), r.evaluationShare()).evaluationMu();
        double fallback = spec.feedback() == null || spec.feedback().defaultReward() == null ? 0.0
                : spec.feedback().defaultReward();
        return new Schedule(r.window(), r.looks(), r.confidence(), r.evaluationShare(), mu, (high - low) / mu, low,
                high, Math.max(low, Math.min(high, fallback)));
    }

    /**
     * The planner's note on a rollout: what the evaluation costs and what lift it can tell from zero, in one
     * window (what AUTO reads) and over the decisions so far, at the spec's share. Public: the spec alone.
     */
    public static java.util.Optional<String> planNote(BanditSpec spec) {
        if (spec.rollout() == null) {
            return java.util.Optional.empty();
        }
        Schedule sc = schedule(spec);
        double share = spec.rollout().share();
        double range = sc.rewardHigh() - sc.rewardLow();
        String window = share <= 0 || share >= 1 ? "one arm only at this share: no lift"
                : String.format(java.util.Locale.ROOT, "±%.3f", LiftIntervals.liftHalfWidth(share * sc.window(),
                        (1 - share) * sc.window(), 1, sc.sigma(), range, sc.confidence(), sc.looks()));
        List<String> resolves = new ArrayList<>();
        for (double lift : new double[] {0.2, 0.1, 0.05, 0.02}) {
            double target = lift * range;
            String when = "beyond the schedule's " + (long) sc.window() * sc.looks() + " decisions";
            for (int w = 1; w <= sc.looks() && share > 0 && share < 1; w++) {
                double n = (double) w * sc.window();
                if (LiftIntervals.liftHalfWidth(share * n, (1 - share) * n, w, sc.sigma(), range, sc.confidence(),
                        sc.looks()) < target) {
                    when = "after " + (long) n + " decisions";
                    break;
                }
            }
            resolves.add(String.format(java.util.Locale.ROOT, "±%.3f %s", target, when));
        }
        return java.util.Optional.of(String.format(java.util.Locale.ROOT, "Rollout: the evaluation spends %s of the "
                + "budget's mu^2 (mu_eval %.3f, noise sigma %.3g on each window's sum per arm); the learning is "
                + "calibrated to the rest. At share %s a window of %d decisions tells a lift of %s from zero (what AUTO "
                + "promotion reads, from look %d), and the lift over the decisions so far resolves %s, at %s "
                + "confidence over the schedule's %d looks.", fmtShare(sc.evaluationShare()), sc.mu(), sc.sigma(),
                fmtShare(share), sc.window(), window, spec.rollout().firstAutoLookOrFirst(), String.join(", ", resolves),
                fmtShare(sc.confidence()), sc.looks()));
    }

    private static String fmtShare(double x) {
        return java.math.BigDecimal.valueOf(x).stripTrailingZeros().toPlainString();
    }

    /** The coin's bias now (cached for a second). */
    public double share(String banditId) {
        EvaluationStore.RolloutRow row = rollouts.get(banditId, id -> store.rollout(id).orElse(null));
        if (row == null) {
            throw new IllegalStateException("bandit " + banditId + " has no rollout row");
        }
        return row.share();
    }

    /** The rollout's first state, in the bandit's creation transaction. */
    public void create(BanditSpec spec) {
        store.create(spec.id(), spec.rollout().share());
    }

    @Override
    public void run(Instant cutoff) {
        for (String id : store.bandits()) {
            try {
                for (int i = 0; i < 1_000 && releaseNext(id, cutoff); i++) {
                    // one window per transaction
                }
            } catch (RuntimeException e) {
                log.warn("Evaluation release of bandit '{}' failed: {}", id, e.toString());
            }
        }
    }

    @Override
    public void settle(String banditId, Instant now) {
        if (store.rollout(banditId).isEmpty()) {
            return;
        }
        for (int i = 0; i < 1_000 && releaseNext(banditId, now); i++) {
            // one window per transaction
        }
    }

    /**
     * Releases the bandit's next window if it is due at {@code cutoff}; returns whether it did. One
     * transaction with the rollout's row locked (another instance at it is skipped, not waited for).
     */
    public boolean releaseNext(String banditId, Instant cutoff) {
        BanditSpec spec = runtimes.get(banditId).spec();
        if (spec.rollout() == null) {
            return false;
        }
        Schedule schedule = scheduleOf(spec);
        Boolean released = tx.execute(s -> {
            var row = store.lockRollout(banditId, true);
            if (row.isEmpty()) {
                return false;
            }
            List<WindowRelease> before = releases(banditId);
            int look = before.size() + 1;
            if (look > schedule.looks()) {
                store.beyondSchedule(banditId, 10_000);
                return false;
            }
            List<EvaluationStore.WindowDecision> window = store.nextWindow(banditId, schedule.window(), cutoff);
            if (window.size() < schedule.window()
                    || !window.stream().allMatch(EvaluationStore.WindowDecision::waited)) {
                if (store.retired(banditId) && window.stream().allMatch(EvaluationStore.WindowDecision::waited)) {
                    // A retired bandit's last window never fills: its rewards are forgotten, never released.
                    store.beyondSchedule(banditId, 10_000);
                }
                return false;
            }
            int nB = 0;
            int nA = 0;
            double sB = 0;
            double sA = 0;
            List<UUID> ids = new ArrayList<>(window.size());
            for (EvaluationStore.WindowDecision d : window) {
                // Clipped again here: what enters the sum is within [low, high] whatever was stored.
                double y = d.reward() == null ? schedule.defaultReward()
                        : Math.max(schedule.rewardLow(), Math.min(schedule.rewardHigh(), d.reward()));
                if ("BANDIT".equals(d.arm())) {
                    nB++;
                    sB += y;
                } else {
                    nA++;
                    sA += y;
                }
                ids.add(d.id());
            }
            // Σ clipped rewards + N(0, σ²), σ = R / μ_eval (the class comment: sensitivity R, μ_eval-GDP).
            WindowRelease release = new WindowRelease(look, nB, nA, sB + noise.gaussian(schedule.sigma()),
                    sA + noise.gaussian(schedule.sigma()));
            store.release(banditId, new EvaluationStore.ReleaseRow(look, nB, nA, release.banditSum(),
                    release.baselineSum()), ids, cutoff);
            if (spec.rollout().promotion() == io.dpbandit.spec.Rollout.Promotion.AUTO && "TRIAL".equals(row.get().state())) {
                List<WindowRelease> all = new ArrayList<>(before);
                all.add(release);
                List<LiftIntervals.Look> looks = LiftIntervals.looks(all, schedule.sigma(), schedule.rewardLow(),
                        schedule.rewardHigh(), schedule.confidence(), schedule.looks());
                // The window's own lift: whether the bandit wins now (the cumulative lift also carries its
                // exploration); from rollout.firstAutoLook on.
                Estimate lift = looks.get(looks.size() - 1).windowLift();
                if (look < spec.rollout().firstAutoLookOrFirst()) {
                    lift = Estimate.NONE;
                }
                if (lift.value() != null && lift.low() > 0) {
                    store.change(banditId, "PROMOTED", 1.0, "AUTO", look, lift.low(), lift.high(), cutoff);
                } else if (lift.value() != null && lift.high() < 0) {
                    store.change(banditId, "ROLLED_BACK", 0.0, "AUTO", look, lift.low(), lift.high(), cutoff);
                }
            }
            return true;
        });
        if (Boolean.TRUE.equals(released)) {
            rollouts.invalidate(banditId);
            return true;
        }
        return false;
    }

    /** Sets the share to 1 (promote) or 0 (roll back) on an admin's word; returns the promotion's view. */
    public Promotion decide(String banditId, boolean promote) {
        BanditSpec spec = runtimes.get(banditId).spec();
        if (spec.rollout() == null) {
            throw new ServiceErrors.Conflict("bandit " + ServiceErrors.quote(banditId) + " has no rollout: every decision "
                    + "is already the bandit's (a rollout is set in the spec at creation)");
        }
        tx.executeWithoutResult(s -> {
            store.lockRollout(banditId, false);
            List<LiftIntervals.Look> looks = looks(spec);
            LiftIntervals.Look last = looks.isEmpty() ? null : looks.get(looks.size() - 1);
            store.change(banditId, promote ? "PROMOTED" : "ROLLED_BACK", promote ? 1.0 : 0.0, "ADMIN",
                    last == null ? null : last.look(), last == null ? null : last.windowLift().low(),
                    last == null ? null : last.windowLift().high(), null);
        });
        rollouts.invalidate(banditId);
        return promotion(banditId, spec);
    }

    private List<LiftIntervals.Look> looks(BanditSpec spec) {
        Schedule schedule = scheduleOf(spec);
        return LiftIntervals.looks(releases(spec.id()), schedule.sigma(), schedule.rewardLow(),
                schedule.rewardHigh(), schedule.confidence(), schedule.looks());
    }

    /** One release as an analyst reads it: the window's counts and noisy sums, and the estimates so far. */
    @Schema(name = "EvaluationRelease")
    public record Release(int look, Instant releasedAt, WindowRelease window,
            @Schema(description = "Decisions each arm has served so far (the estimates' N)") Rounds rounds,
            @Schema(description = "The bandit arm's mean reward so far") Estimate bandit,
            @Schema(description = "The baseline arm's mean reward so far") Estimate baseline,
            @Schema(description = "bandit − baseline over every decision so far, with its interval") Estimate lift,
            @Schema(description = "bandit − baseline over this window's decisions alone (what the bandit does now), "
                    + "with its interval: what AUTO promotion reads") Estimate windowLift) {
    }

    /** Decisions per arm. */
    public record Rounds(long bandit, long baseline) {
    }

    /**
     * An event of the rollout: the state and share it set, its cause (CREATED, ADMIN, AUTO), and the
     * latest look then with its window's lift interval (what AUTO read; for an admin's act, what was shown).
     */
    @Schema(name = "RolloutEvent")
    public record Event(String state, double share, String cause, Integer look, Double liftLow, Double liftHigh,
            Instant createdAt) {
    }

    /** The rollout now and how it got there. */
    @Schema(name = "RolloutPromotion")
    public record Promotion(io.dpbandit.spec.Rollout.Promotion mode, String state, double share, List<Event> history) {
    }

    /** GET /bandits/{id}/evaluation. */
    @Schema(name = "Evaluation")
    public record View(String bandit, double confidence,
            @Schema(description = "How the intervals hold over the schedule: UNION_BOUND, simultaneously over all of "
                    + "the schedule's looks (Bonferroni), each look's half-width the Azuma-Hoeffding bound of the "
                    + "sampling error plus the Gaussian noise's quantile", allowableValues = {"UNION_BOUND"})
            String interval, Schedule schedule,
            List<Release> releases, Promotion promotion) {
    }

    private List<WindowRelease> releases(String banditId) {
        return store.releases(banditId).stream().map(r -> new WindowRelease(r.look(), r.banditRounds(),
                r.baselineRounds(), r.banditSum(), r.baselineSum())).toList();
    }

    /** The bandit's evaluation so far. */
    public View view(String banditId) {
        BanditSpec spec = runtimes.get(banditId).spec();
        if (spec.rollout() == null) {
            throw new ServiceErrors.NotFound("bandit " + ServiceErrors.quote(banditId) + " has no rollout, so no "
                    + "evaluation (a rollout is set in the spec at creation)");
        }
        Schedule schedule = scheduleOf(spec);
        List<WindowRelease> windows = releases(banditId);
        List<Instant> times = store.releaseTimes(banditId);
        List<LiftIntervals.Look> looks = LiftIntervals.looks(windows, schedule.sigma(), schedule.rewardLow(),
                schedule.rewardHigh(), schedule.confidence(), schedule.looks());
        List<Release> releases = new ArrayList<>();
        for (int i = 0; i < looks.size(); i++) {
            LiftIntervals.Look l = looks.get(i);
            releases.add(new Release(l.look(), times.get(i), windows.get(i), new Rounds(l.banditRounds(),
                    l.baselineRounds()), l.bandit(), l.baseline(), l.lift(), l.windowLift()));
        }
        return new View(banditId, schedule.confidence(), "UNION_BOUND", schedule, releases,
                promotion(banditId, spec));
    }

    private Promotion promotion(String banditId, BanditSpec spec) {
        return promotion(store, banditId, spec.rollout().promotion());
    }

    /** A bandit's rollout now and its history, as the status and the evaluation show it. */
    public static Promotion promotion(EvaluationStore store, String banditId, io.dpbandit.spec.Rollout.Promotion mode) {
        EvaluationStore.RolloutRow row = store.rollout(banditId).orElseThrow();
        List<Event> history = store.events(banditId).stream().map(e -> new Event(e.state(), e.share(), e.cause(),
                e.look(), e.liftLow(), e.liftHigh(), e.at())).toList();
        return new Promotion(mode, row.state(), row.share(), history);
    }
}

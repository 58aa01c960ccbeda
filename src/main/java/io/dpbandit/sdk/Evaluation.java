package io.dpbandit.sdk;

import java.time.Instant;
import java.util.List;

/**
 * GET /bandits/{id}/evaluation: a rollout's private evaluation (docs/launch.md).
 *
 * @param bandit     the bandit's id
 * @param confidence the intervals' simultaneous confidence over the schedule's looks
 * @param interval   how they hold: UNION_BOUND over the schedule's looks
 * @param schedule   the public schedule and the noise's calibration
 * @param releases   one per released window, in order, with the estimates so far
 * @param promotion  the rollout's state, share and history
 */
public record Evaluation(String bandit, double confidence, String interval, Schedule schedule,
        List<EvaluationRelease> releases, Rollout promotion) {

    public Evaluation {
        releases = releases == null ? List.of() : List.copyOf(releases);
    }

    /** The public schedule: decisions per window, how many windows, the noise per window sum and its μ. */
    public record Schedule(int window, int looks, double confidence, double evaluationShare, double mu, double sigma,
            double rewardLow, double rewardHigh, double defaultReward) {
    }

    /** An estimate with its interval; null fields until the arm (or both, for a lift) has served decisions. */
    public record Estimate(Double value, Double low, Double high) {
    }

    /** Decisions each arm served so far. */
    public record Rounds(long bandit, long baseline) {
    }

    /** What one window released: its decisions per arm (public) and each arm's noisy reward sum. */
    public record Window(int look, int banditRounds, int baselineRounds, double banditSum, double baselineSum) {
    }

    /**
     * One release: the look, when it came due, the window's release, the decisions per arm so far, each
     * arm's mean reward so far, the lift over every decision so far and the lift of this window alone
     * (what AUTO promotion reads).
     */
    public record EvaluationRelease(int look, Instant releasedAt, Window window, Rounds rounds, Estimate bandit,
            Estimate baseline, Estimate lift, Estimate windowLift) {
    }

    /** A rollout now: MANUAL or AUTO, TRIAL, PROMOTED or ROLLED_BACK, the coin's share and how it got there. */
    public record Rollout(String mode, String state, double share, List<Event> history) {

        public Rollout {
            history = history == null ? List.of() : List.copyOf(history);
        }
    }

    /** One change of a rollout: its state and share, its cause (CREATED, ADMIN, AUTO) and the window's lift it read. */
    public record Event(String state, double share, String cause, Integer look, Double liftLow, Double liftHigh,
            Instant createdAt) {
    }
}

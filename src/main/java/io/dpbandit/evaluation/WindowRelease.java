package io.dpbandit.evaluation;

/**
 * One evaluation release: a window of the public schedule, how many of its decisions each arm of
 * the coin served (public: they follow the coin) and each arm's clipped reward sum with Gaussian
 * noise added.
 *
 * @param look           the release's number in the schedule, from 1
 * @param banditRounds   decisions the bandit served in the window
 * @param baselineRounds decisions the baseline served in the window
 * @param banditSum      Σ clipped rewards of the bandit's decisions + N(0, σ²)
 * @param baselineSum    Σ clipped rewards of the baseline's decisions + N(0, σ²)
 */
public record WindowRelease(int look, int banditRounds, int baselineRounds, double banditSum, double baselineSum) {
}

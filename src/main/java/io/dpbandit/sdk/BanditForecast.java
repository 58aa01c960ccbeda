package io.dpbandit.sdk;

/**
 * GET /bandits/{id}/plan's answer: the planner's forecast for an existing bandit, computed once in
 * the background.
 *
 * @param status COMPUTING (ask again in a few seconds), READY (with {@code report}), NONE (the
 *               planner does not forecast this algorithm) or FAILED (with {@code detail})
 */
public record BanditForecast(String status, PlanReport report, String detail) {
}

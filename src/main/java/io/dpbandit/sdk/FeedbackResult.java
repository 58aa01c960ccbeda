package io.dpbandit.sdk;

/**
 * The answer to POST /feedback.
 *
 * @param status  what happened to the reward or report
 * @param clipped whether the reward was clipped to [−rewardBound, rewardBound]
 */
public record FeedbackResult(FeedbackStatus status, boolean clipped) {
}

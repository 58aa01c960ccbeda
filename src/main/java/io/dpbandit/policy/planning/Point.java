package io.dpbandit.policy.planning;

/**
 * A model's score error after {@code rounds} learning rounds, one point of a sequential model's
 * forecast curve (the analyst page draws them against the rounds its model holds).
 *
 * @param rounds     learning rounds so far
 * @param scoreError the forecast error of a score (same units as rewards)
 */
public record Point(long rounds, double scoreError) {
}

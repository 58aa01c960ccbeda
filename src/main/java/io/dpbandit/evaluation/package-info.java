/**
 * Launching a bandit next to the product's current logic: the rollout's public coin, the private
 * evaluation of both arms (noisy per-window reward sums, their means and the lift with intervals
 * valid over the public schedule of looks) and promotion or rollback (docs/launch.md). The interval
 * arithmetic ({@link io.dpbandit.evaluation.LiftIntervals}) is free of framework code.
 */
package io.dpbandit.evaluation;

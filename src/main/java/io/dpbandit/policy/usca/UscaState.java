package io.dpbandit.policy.usca;

import io.dpbandit.policy.JointPoint;
import java.util.List;

/**
 * USCA's learning state: the public plan and the weighted, clipped rewards so far, aggregated per
 * distinct joint point (private data: never released, deleted once the estimator is built).
 *
 * @param plan        the public plan
 * @param points      distinct joint points w seen so far
 * @param rewardSums  Σ ω_t y_t over the rounds at each point (ω_t: the outside-support weight)
 * @param zSums       K_{Z,W} Y = Σ_t ω_t y_t k_Z(w_t)
 * @param rounds      rounds seen
 */
public record UscaState(UscaPlan plan, List<JointPoint> points, double[] rewardSums, double[] zSums, long rounds) {

    public UscaState {
        points = List.copyOf(points);
        rewardSums = rewardSums.clone();
        zSums = zSums.clone();
        if (rewardSums.length != points.size()) {
            throw new IllegalArgumentException("one reward sum per point");
        }
    }
}

package io.dpbandit.policy.onlineucb;

import java.util.Arrays;
import java.util.List;

/**
 * The state of {@link PrivateBanditsCombiner}: one OnlineUCB state per base learner (each with its own
 * θ^i, Ṽ^i, ũ^i) and the combiner's counters. Base i is at list index i − 1 and is named i in tickets.
 *
 * @param bases       the base learners' states
 * @param counts      T(i, t): reports folded into base i
 * @param rewardSums  Σ ỹ of base i's reports (μ̂^i = rewardSums/counts)
 * @param statistics  Σ_τ (μ̂^i_{τ−1} − ỹ^i_τ), the misspecification statistic of step 6
 * @param active      I_t: bases still in play
 * @param round       reports folded over all bases
 */
public record CombinerState(List<OnlineUcbState> bases, long[] counts, double[] rewardSums, double[] statistics,
        boolean[] active, long round) {

    public CombinerState {
        bases = List.copyOf(bases);
        counts = counts.clone();
        rewardSums = rewardSums.clone();
        statistics = statistics.clone();
        active = active.clone();
        int m = bases.size();
        if (counts.length != m || rewardSums.length != m || statistics.length != m || active.length != m) {
            throw new IllegalArgumentException("every counter needs one entry per base learner");
        }
    }

    @Override
    public long[] counts() {
        return counts.clone();
    }

    @Override
    public double[] rewardSums() {
        return rewardSums.clone();
    }

    @Override
    public double[] statistics() {
        return statistics.clone();
    }

    @Override
    public boolean[] active() {
        return active.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CombinerState s && s.bases.equals(bases) && Arrays.equals(s.counts, counts)
                && Arrays.equals(s.rewardSums, rewardSums) && Arrays.equals(s.statistics, statistics)
                && Arrays.equals(s.active, active) && s.round == round;
    }

    @Override
    public int hashCode() {
        return 31 * bases.hashCode() + Long.hashCode(round);
    }

    @Override
    public String toString() {
        return "CombinerState[round=" + round + ", counts=" + Arrays.toString(counts) + ", active="
                + Arrays.toString(active) + "]";
    }
}

package io.dpbandit.policy.capri;

import java.util.List;

/**
 * The whole state of a CAPRI bandit, immutable and serialisable: the current epoch's public plan,
 * its accumulator g (sum of clipped contributions, or of noisy ones under LDP), how many rounds it
 * has, and every model released so far.
 *
 * @param plan          the current epoch's plan
 * @param accumulator   g of the current epoch (private under JDP until the close adds noise)
 * @param roundsInEpoch rounds folded into g so far
 * @param totalRounds   rounds folded over the bandit's life
 * @param models        released models μ̂_1..μ̂_{r−1}, in epoch order
 */
public record CapriState(EpochPlan plan, double[] accumulator, int roundsInEpoch, long totalRounds,
        List<ReleasedModel> models) {

    public CapriState {
        accumulator = accumulator.clone();
        models = List.copyOf(models);
        if (accumulator.length != plan.projectionSize()) {
            throw new IllegalArgumentException("accumulator must have one entry per projection point");
        }
    }

    public int epoch() {
        return plan.epoch();
    }

    /** The epoch has all T_r rounds and can close. */
    public boolean epochComplete() {
        return roundsInEpoch >= plan.length();
    }
}

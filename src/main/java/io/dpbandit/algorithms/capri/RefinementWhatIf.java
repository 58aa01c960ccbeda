package io.dpbandit.algorithms.capri;

import io.dpbandit.runtime.SpecWhatIf;
import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.sim.capri.RefinementOptions;
import io.dpbandit.spec.BanditSpec;

/**
 * {@code plan}'s CAPRI refinement options ({@link RefinementOptions}, the same section as {@code simulate}'s):
 * when any is given, the spec's refinements and reward bound are replaced by the ones they ask for.
 */
public final class RefinementWhatIf extends RefinementOptions implements SpecWhatIf {

    @Override
    public BanditSpec apply(BanditSpec b) {
        BanditSpec.Tuning t = b.tuning();
        Double rewardBound = b.rewardBound();
        var elimination = t.elimination();
        var statistical = t.statisticalWidth();
        var projection = t.projection();
        var tau = t.tauRule();
        Double offset = t.rewardOffset();
        Double floor = t.residualFloor();
        var exploit = t.exploit();
        Double exploitShare = t.exploitShare();
        if (plannedShare()) {
            // A prototype of the simulator's (and so of plan --env's): a spec's plan has no run to choose for.
            throw new IllegalArgumentException("--exploit-share auto plans only a simulated world (--env ...); "
                    + "for a spec give a share in [0, 1)");
        }
        if (given() && refinements().firstEpoch() != 0) {
            // A simulator prototype: the spec has no first epoch to carry it, so a spec's plan would drop it.
            throw new IllegalArgumentException("--capri-first-epoch plans only a simulated world (--env ...); a "
                    + "spec's CAPRI schedule is the paper's");
        }
        if (given()) {
            CapriConfig.Refinements r = refinements();
            elimination = r.elimination();
            statistical = r.statistical();
            projection = r.projection();
            tau = r.tau();
            offset = r.rewardOffset();
            floor = r.residualFloor();
            exploit = r.exploit();
            exploitShare = r.exploitShare();
            double given = rewardBound();
            if (!Double.isNaN(given)) {
                rewardBound = given;
            }
        }
        Integer cap = t.projectionCap();
        if (elimination == CapriConfig.Refinements.EliminationTest.PAIRWISE && cap != null && cap > 300) {
            // A served PAIRWISE bandit carries each release's m x m factor, so its cap is at most 300;
            // the what-if plans what such a bandit would be (PLANNED projection rarely needs more).
            cap = 300;
        }
        t = new BanditSpec.Tuning(t.mode(), t.confidenceScale(), cap, t.approximationSize(), t.clippingQuantile(),
                elimination, statistical, projection, tau, offset, floor, t.leafRounds(), exploit, exploitShare);
        return b.withRewardBound(rewardBound).withTuning(t);
    }
}

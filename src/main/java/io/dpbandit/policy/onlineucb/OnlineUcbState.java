package io.dpbandit.policy.onlineucb;

import java.util.Arrays;

/**
 * The whole state of an OnlineUCB bandit, immutable and JSON-serialisable. Everything in it is a
 * function of the users' LDP reports, so it may be stored, logged and sent to clients.
 *
 * @param round                 reports folded over the bandit's life (the ticket's {@code round})
 * @param phase                 m of Algorithm 9 (0 without the anytime restarts)
 * @param phaseStart            the round at which the current phase began (reports issued from an
 *                              earlier snapshot belong to a finished phase and are skipped)
 * @param phaseRound            reports folded in the current phase (N − 1 in Lemma 3.3)
 * @param conditioningVariance  Δ² of the current phase, sent to users as Δ with every decision
 * @param gram                  Ṽ = I + Σ x̃x̃ᵀ over the phase, row-major d×d
 * @param gramInverse           Ṽ⁻¹, updated by Sherman–Morrison and recomputed every refactorInterval
 * @param target                ũ = Σ ⟨θ_s, x̃_s⟩ x̃_s over the phase (θ_s the learner's point when report s
 *                              was folded)
 * @param maler                 Maler's state, or null when the learner is OGD
 * @param gradientDescent       OGD's state, or null when the learner is Maler
 * @param skipped               reports skipped because their phase had ended
 */
public record OnlineUcbState(long round, int phase, long phaseStart, long phaseRound, double conditioningVariance,
        double[] gram, double[] gramInverse, double[] target, MalerState maler,
        GradientDescentState gradientDescent, long skipped) {

    public OnlineUcbState {
        gram = gram.clone();
        gramInverse = gramInverse.clone();
        target = target.clone();
        int d = target.length;
        if (gram.length != d * d || gramInverse.length != d * d) {
            throw new IllegalArgumentException("gram matrices must be d x d for d = " + d);
        }
        if ((maler == null) == (gradientDescent == null)) {
            throw new IllegalArgumentException("exactly one of maler and gradientDescent must be present");
        }
    }

    /** θ_t: the learner's current point, sent to the next user with the decision. */
    public double[] learnerPoint() {
        return maler != null ? maler.point() : gradientDescent.point();
    }

    /** Δ = √Δ², the conditioning perturbation's standard deviation the next user applies. */
    public double conditioningStd() {
        return StrictMath.sqrt(conditioningVariance);
    }

    @Override
    public double[] gram() {
        return gram.clone();
    }

    @Override
    public double[] gramInverse() {
        return gramInverse.clone();
    }

    @Override
    public double[] target() {
        return target.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OnlineUcbState s && s.round == round && s.phase == phase && s.phaseStart == phaseStart
                && s.phaseRound == phaseRound && Double.compare(s.conditioningVariance, conditioningVariance) == 0
                && Arrays.equals(s.gram, gram) && Arrays.equals(s.gramInverse, gramInverse)
                && Arrays.equals(s.target, target) && java.util.Objects.equals(s.maler, maler)
                && java.util.Objects.equals(s.gradientDescent, gradientDescent) && s.skipped == skipped;
    }

    @Override
    public int hashCode() {
        return 31 * Long.hashCode(round) + Arrays.hashCode(target);
    }

    @Override
    public String toString() {
        return "OnlineUcbState[round=" + round + ", phase=" + phase + ", phaseRound=" + phaseRound
                + ", conditioningVariance=" + conditioningVariance + ", learnerPoint="
                + Arrays.toString(learnerPoint()) + "]";
    }
}

package io.dpbandit.sdk;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.dpbandit.sdk.local.RandomiserInput;
import java.util.Optional;
import java.util.UUID;

/**
 * POST /decide's answer: committed before it was sent.
 *
 * @param decisionId what the feedback names
 * @param action     the action to play
 * @param propensity the probability the policy played it with
 * @param epoch      the decision's epoch
 * @param phase      the bandit's phase
 * @param learning   whether this is one of its epoch's learning rounds (its reward, if it comes in
 *                   time, is in the next release); false: feedback is answered NOT_USED
 * @param randomiser locally private bandits' learning decisions only: the public inputs of the
 *                   user's randomiser (null otherwise)
 * @param bandit     not part of the answer: the bandit this client asked POST /decide for, set by
 *                   {@link DpbanditClient#decide(DecideRequest)} from the request (never read from, nor
 *                   written to, JSON, so a server cannot name another bandit). A locally private
 *                   device counts its reports per this id ({@link io.dpbandit.sdk.local.DeviceRandomiser})
 * @param servedBy   a decision that named a baseline only: BANDIT or BASELINE, the arm of the rollout's
 *                   public coin that served it (null otherwise); propensity is then given that arm
 * @param feedbackExpected whether the bandit uses this decision's feedback (a learning round, or a
 *                   decision in a rollout's evaluation); false: send nothing (what is sent anyway is
 *                   answered NOT_USED, and a locally private bandit stores none of it)
 */
@JsonIgnoreProperties(value = "bandit")
public record Decision(UUID decisionId, String action, double propensity, int epoch, Phase phase, boolean learning,
        RandomiserInput randomiser, String bandit, String servedBy, boolean feedbackExpected) {

    /** A decision as the service answers it, feedback expected for a learning or evaluated one. */
    public Decision(UUID decisionId, String action, double propensity, int epoch, Phase phase, boolean learning,
            RandomiserInput randomiser, String bandit, String servedBy) {
        this(decisionId, action, propensity, epoch, phase, learning, randomiser, bandit, servedBy,
                learning || servedBy != null);
    }

    /** A decision outside any rollout. */
    public Decision(UUID decisionId, String action, double propensity, int epoch, Phase phase, boolean learning,
            RandomiserInput randomiser, String bandit) {
        this(decisionId, action, propensity, epoch, phase, learning, randomiser, bandit, null);
    }

    /** A decision that names no bandit (as read from JSON); see {@link #withBandit(String)}. */
    public Decision(UUID decisionId, String action, double propensity, int epoch, Phase phase, boolean learning,
            RandomiserInput randomiser) {
        this(decisionId, action, propensity, epoch, phase, learning, randomiser, null);
    }

    /** The randomiser inputs, present exactly for a locally private bandit's learning decision. */
    public Optional<RandomiserInput> local() {
        return Optional.ofNullable(randomiser);
    }

    /** This decision for the bandit the caller asked for (the id its device counts reports under). */
    public Decision withBandit(String banditId) {
        return new Decision(decisionId, action, propensity, epoch, phase, learning, randomiser, banditId, servedBy,
                feedbackExpected);
    }
}

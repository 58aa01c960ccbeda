package io.dpbandit.sdk;

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
 */
public record Decision(UUID decisionId, String action, double propensity, int epoch, Phase phase, boolean learning,
        RandomiserInput randomiser) {

    /** The randomiser inputs, present exactly for a locally private bandit's learning decision. */
    public Optional<RandomiserInput> local() {
        return Optional.ofNullable(randomiser);
    }
}

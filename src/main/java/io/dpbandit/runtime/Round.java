package io.dpbandit.runtime;

import io.dpbandit.bandit.FeedbackState;
import java.util.UUID;

/**
 * A resolved learning round as a fold needs it: its slot, context and action, and its reward (JDP)
 * or the device's randomised report (LDP, JSON). The decision store reads it; the algorithms fold it.
 */
public record Round(UUID id, int slot, double[] context, int action, Double reward, FeedbackState feedback,
        String report) {

    /**
     * The reward this settled round counts with: its own if it was accepted, otherwise (late or
     * never sent) the bandit's default, so a late reward counts exactly like a missing one.
     */
    public double rewardOr(double defaultReward) {
        return feedback == FeedbackState.ACCEPTED && reward != null ? reward : defaultReward;
    }

    /** The device's report, if this round's report was accepted (LDP bandits); null otherwise. */
    public String acceptedReport() {
        return feedback == FeedbackState.ACCEPTED ? report : null;
    }
}

package io.dpbandit.spec;

import io.dpbandit.validation.Finite;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

/**
 * When a decision's reward must come, and what it counts when none does.
 *
 * @param waitSeconds   how long a decision waits for its reward (default 600)
 * @param defaultReward the reward a decision counts with when none arrives in time (default 0)
 */
public record Feedback(@Min(1) @Max(30 * 24 * 3600) Integer waitSeconds, @Finite Double defaultReward) {
}

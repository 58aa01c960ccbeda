package io.dpbandit.spec;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Caps on what one bandit spec may declare, so one request cannot ask for matrices or pools no
 * epoch close could handle.
 *
 * @param maxContextDimension contexts and action features have at most this many numbers (default 1000,
 *                            at most 10 000: request vectors are read into at most that many numbers)
 * @param maxActions          at most this many actions (default 1000)
 * @param maxPool             at most this many public contexts (default 100 000)
 */
@ConfigurationProperties(prefix = "dpbandit.limits")
public record SpecLimits(Integer maxContextDimension, Integer maxActions, Integer maxPool) {

    /** The longest horizon a spec may declare (learning slots are ints). */
    public static final int MAX_HORIZON = 2_000_000_000;

    /** The most learning rounds one user may contribute under privacy.unit USER. */
    public static final int MAX_ROUNDS_PER_USER = 10_000;

    /** The most rounds per tree leaf (a leaf's rounds are read and folded in one step). */
    public static final int MAX_LEAF_ROUNDS = 5_000;

    /** The default limits. */
    public static SpecLimits defaults() {
        return new SpecLimits(null, null, null);
    }

    public SpecLimits {
        maxContextDimension = maxContextDimension == null ? 1000 : maxContextDimension;
        maxActions = maxActions == null ? 1000 : maxActions;
        maxPool = maxPool == null ? 100_000 : maxPool;
        if (maxContextDimension < 1 || maxActions < 2 || maxPool < 1) {
            throw new IllegalArgumentException("dpbandit.limits must be positive (max-actions at least 2)");
        }
        if (maxContextDimension > io.dpbandit.validation.BoundedVectorDeserializer.MAX_LENGTH) {
            throw new IllegalArgumentException("dpbandit.limits.max-context-dimension must be at most "
                    + io.dpbandit.validation.BoundedVectorDeserializer.MAX_LENGTH);
        }
    }
}

package io.dpbandit.spec;

import io.dpbandit.validation.BoundedVectorDeserializer;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Caps on what one bandit spec may declare ({@code dpbandit.limits.*}), so one request cannot ask
 * for matrices or pools no epoch close could handle.
 *
 * @param maxContextDimension contexts and action features have at most this many numbers (at most
 *                            10 000: request vectors are read into at most that many numbers)
 * @param maxActions          at most this many actions (at least 2)
 * @param maxPool             at most this many public contexts
 */
@Validated
@ConfigurationProperties(prefix = "dpbandit.limits")
public record SpecLimits(
        @DefaultValue("1000") @Min(1) @Max(BoundedVectorDeserializer.MAX_LENGTH) int maxContextDimension,
        @DefaultValue("1000") @Min(2) int maxActions,
        @DefaultValue("100000") @Min(1) int maxPool) {

    /** The longest horizon a spec may declare (learning slots are ints). */
    public static final int MAX_HORIZON = 2_000_000_000;

    /** The most learning rounds one user may contribute under privacy.unit USER. */
    public static final int MAX_ROUNDS_PER_USER = 10_000;

    /** The most rounds per tree leaf (a leaf's rounds are read and folded in one step). */
    public static final int MAX_LEAF_ROUNDS = 5_000;

    /**
     * The (ε, δ) a bandit or a budget may state. Outside it the figures cannot be kept honestly in
     * doubles: at ε = 1e300 the ρ a budget converts to saturated (stricter than stated), and a
     * budget of ε = 4.9e-324 converted to ρ = 0. Within it every accountant's conversion is exact
     * to double precision (tested at both ends for every algorithm); and no guarantee outside it
     * means anything as privacy (ε above 100 permits any answer; δ above 0.1 lets one user in ten
     * be published whole).
     */
    public static final double MIN_EPSILON = 1e-3;
    public static final double MAX_EPSILON = 100.0;
    public static final double MIN_DELTA = 1e-30;
    public static final double MAX_DELTA = 0.1;

    /** The message of a figure outside the range, naming it. */
    public static String epsilonRange() {
        return "must lie between " + MIN_EPSILON + " and " + MAX_EPSILON;
    }

    public static String deltaRange() {
        return "must lie between " + MIN_DELTA + " and " + MAX_DELTA;
    }

    /** The default limits, the values the service binds when none are configured ({@code ConfigurationDefaultsTest}). */
    public static SpecLimits defaults() {
        return new SpecLimits(1000, 1000, 100_000);
    }

    /**
     * The default rounds per tree leaf: ⌈T / 256⌉ (at most {@link #MAX_LEAF_ROUNDS}), so the tree has
     * at most 256 leaves (the measurements are at SpecValidation.defaultLeafRounds).
     */
    public static int defaultLeafRounds(int horizon) {
        return (int) Math.min(MAX_LEAF_ROUNDS, Math.max(1, (horizon + 255L) / 256));
    }
}

package io.dpbandit.sim;

import java.util.Locale;

/**
 * The choices of {@code linucb-epochs} ({@link EpochLinearUcb}).
 *
 * @param firstEpoch how long epoch 1 (uniform play) is: {@code sqrt} (⌈√T⌉), {@code t/16} (⌈T/16⌉),
 *                   {@code t/8} (⌈T/8⌉) or a number of rounds; each later epoch is twice the one before
 * @param ridge      how the released Gram matrix is made invertible
 * @param combine    whether epoch e+1 plays from epoch e's release only or from the sum of all releases so far
 * @param radius     α of the optional UCB index θ_aᵀc + α‖c‖_{M_a⁻¹} (0: greedy)
 */
public record EpochLinearSettings(String firstEpoch, Ridge ridge, Combine combine, double radius) {

    /** {@code DOUBLE_UPSILON}: M = G̃ + 2Υ I. {@code FLOOR}: M = G̃ with its eigenvalues floored at Υ. */
    public enum Ridge { DOUBLE_UPSILON, FLOOR }

    /** {@code LAST}: the last release only. {@code ALL}: G̃ and ũ summed over every release so far. */
    public enum Combine { LAST, ALL }

    public EpochLinearSettings {
        if (!(radius >= 0) || Double.isInfinite(radius)) {
            throw new IllegalArgumentException("epoch radius must be >= 0, got " + radius);
        }
        firstEpochLength(firstEpoch, 1); // validates
    }

    /** ⌈√T⌉, last release only, M = G̃ + 2Υ I, greedy. */
    public static EpochLinearSettings defaults() {
        return new EpochLinearSettings("sqrt", Ridge.DOUBLE_UPSILON, Combine.LAST, 0.0);
    }

    /** T_1 for horizon T. */
    public int firstEpochLength(int horizon) {
        return firstEpochLength(firstEpoch, horizon);
    }

    static int firstEpochLength(String rule, int horizon) {
        String r = rule.trim().toLowerCase(Locale.ROOT);
        long n = switch (r) {
            case "sqrt" -> (long) Math.ceil(Math.sqrt(horizon));
            case "t/16" -> (horizon + 15L) / 16;
            case "t/8" -> (horizon + 7L) / 8;
            default -> {
                try {
                    yield Long.parseLong(r);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("first epoch must be sqrt, t/16, t/8 or a number of rounds, was '"
                            + rule + "'");
                }
            }
        };
        if (n < 1) {
            throw new IllegalArgumentException("first epoch must be >= 1 round, was " + rule);
        }
        return (int) Math.min(n, Integer.MAX_VALUE);
    }
}

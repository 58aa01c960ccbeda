package io.dpbandit.client.privacy;

/**
 * Contribution bounding: what makes a sensitivity bound hold for any input, however adversarial.
 * Rewards are clipped to [−B, B] before any use and contribution vectors to L2 norm C (sensitivity
 * 2C): the rules "deterministic sensitivity" and CAPRI's "contribution bounding" in docs/papers.md.
 *
 * <p>Non-finite inputs are rejected, never clipped: privacy must not depend on well-behaved data, and
 * a NaN would silently poison every sum it enters (NaN fails every comparison, so it would also
 * slip through a clip).
 */
public final class ContributionBounds {

    /**
     * Clipped vectors are scaled to norm ≤ C·(1 − 2^-50): the norm below is accurate to a few 2^-53
     * relative, so the exact norm of a clipped output is ≤ C, not merely its rounded value.
     */
    private static final double CLIP_TARGET = 1.0 - 0x1.0p-50;

    private ContributionBounds() {
    }

    /** y clipped to [−B, B]. */
    public static ClippedReward clipReward(double reward, double bound) {
        Checks.positiveFinite(bound, "reward bound B");
        if (!Double.isFinite(reward)) {
            throw new IllegalArgumentException("reward must be finite, got " + reward);
        }
        if (reward > bound) {
            return new ClippedReward(bound, true);
        }
        if (reward < -bound) {
            return new ClippedReward(-bound, true);
        }
        return new ClippedReward(reward, false);
    }

    /**
     * v scaled down, if needed, to L2 norm at most C. Unclipped vectors are returned as a copy
     * unchanged; clipped ones keep their direction exactly up to rounding of each coordinate.
     */
    public static ClippedVector clipToNorm(double[] vector, double maxNorm) {
        Checks.positiveFinite(maxNorm, "norm bound C");
        Checks.finite(vector, "vector");
        int exponent = scaleExponent(vector);
        double scaledNorm = scaledNorm(vector, exponent); // ‖v‖ = scaledNorm·2^exponent
        double norm = Math.scalb(scaledNorm, exponent);
        if (norm <= maxNorm) {
            return new ClippedVector(vector, false, 1.0, norm);
        }
        // Work on v·2^-exponent (coordinates ≤ 1 in magnitude, no overflow even when ‖v‖ = +∞ in
        // double), then scale by C/‖v·2^-exponent‖, nudging down until the norm is safely below C.
        double factor = maxNorm / scaledNorm;
        double target = maxNorm * CLIP_TARGET;
        double[] clipped = new double[vector.length];
        while (true) {
            for (int i = 0; i < vector.length; i++) {
                clipped[i] = Math.scalb(vector[i], -exponent) * factor;
            }
            if (l2Norm(clipped) <= target) {
                return new ClippedVector(clipped, true, Math.scalb(factor, -exponent), norm);
            }
            factor *= 1.0 - 0x1.0p-51;
        }
    }

    /**
     * A contribution vector bounded to L2 norm C, failing closed: a vector with a NaN or infinite
     * entry (which would pass any {@code norm > C} comparison, since every comparison with NaN is
     * false) is replaced by the zero vector and reported as clipped; a finite one is clipped by
     * {@link #clipToNorm}. Either way the result is finite with norm ≤ C, which is what a
     * sensitivity bound of 2C under replacement needs, whatever the input.
     */
    public static ClippedVector boundContribution(double[] vector, double maxNorm) {
        Checks.positiveFinite(maxNorm, "norm bound C");
        for (double v : vector) {
            if (!Double.isFinite(v)) {
                return new ClippedVector(new double[vector.length], true, 0.0, Double.POSITIVE_INFINITY);
            }
        }
        return clipToNorm(vector, maxNorm);
    }

    /**
     * The Euclidean norm, without overflow or underflow and accurate to a few units in the last place:
     * coordinates are scaled by a power of two (exact), squares are summed with their exact rounding
     * errors (Math.fma) and a compensated (Neumaier) sum.
     */
    public static double l2Norm(double[] vector) {
        Checks.finite(vector, "vector");
        int exponent = scaleExponent(vector);
        return Math.scalb(scaledNorm(vector, exponent), exponent);
    }

    /** An exponent e with max |v_i|·2^-e in [0.5, 1), or 0 for the zero vector. */
    private static int scaleExponent(double[] vector) {
        double max = 0.0;
        for (double v : vector) {
            max = Math.max(max, Math.abs(v));
        }
        return max == 0.0 ? 0 : Math.getExponent(max) + 1;
    }

    /** ‖v·2^-exponent‖. */
    private static double scaledNorm(double[] vector, int exponent) {
        double sum = 0.0;
        double compensation = 0.0;
        for (double v : vector) {
            double y = Math.scalb(v, -exponent);
            double square = y * y;
            compensation += Math.fma(y, y, -square); // exact rounding error of y·y
            double t = sum + square;
            compensation += Math.abs(sum) >= square ? (sum - t) + square : (square - t) + sum;
            sum = t;
        }
        return StrictMath.sqrt(sum + compensation);
    }
}

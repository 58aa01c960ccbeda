package io.dpbandit.sim;

import java.util.Arrays;

/**
 * Cumulative regret of one run sampled at checkpoints (rounds 1-based, increasing; the last one
 * is the horizon). Pseudo-regret: the sum over rounds of max_a f(c_t, a) − f(c_t, a_t).
 */
public record RegretCurve(int[] rounds, double[] cumulativeRegret) {

    public RegretCurve {
        if (rounds.length != cumulativeRegret.length || rounds.length == 0) {
            throw new IllegalArgumentException("rounds and regret must be non-empty and of equal length");
        }
        rounds = rounds.clone();
        cumulativeRegret = cumulativeRegret.clone();
    }

    public double finalRegret() {
        return cumulativeRegret[cumulativeRegret.length - 1];
    }

    public int horizon() {
        return rounds[rounds.length - 1];
    }

    /** About {@code points} checkpoints spread evenly over 1..horizon, always ending at the horizon. */
    public static int[] checkpoints(int horizon, int points) {
        int n = Math.max(1, Math.min(points, horizon));
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = (int) Math.max(1, Math.round((double) horizon * (i + 1) / n));
        }
        return Arrays.stream(out).distinct().toArray();
    }
}

package io.dpbandit.policy.onlineucb;

import java.util.Arrays;

/**
 * The state of {@link GradientDescent}.
 *
 * @param step  t, the number of the next round (1 before any gradient)
 * @param point θ_t, ‖θ_t‖ ≤ D
 */
public record GradientDescentState(long step, double[] point) {

    public GradientDescentState {
        point = point.clone();
    }

    @Override
    public double[] point() {
        return point.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GradientDescentState s && s.step == step && Arrays.equals(s.point, point);
    }

    @Override
    public int hashCode() {
        return 31 * Long.hashCode(step) + Arrays.hashCode(point);
    }

    @Override
    public String toString() {
        return "GradientDescentState[step=" + step + ", point=" + Arrays.toString(point) + "]";
    }
}

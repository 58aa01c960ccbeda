package io.dpbandit.policy;

import java.util.Arrays;

/**
 * A point w = (c, x) of the joint domain, kept as the context and the action index; its feature
 * vector is the concatenation of the context and the action's features ("Common setting" of CAPRI
 * and USCA, docs/papers.md).
 * Equality is by value, so it can key caches and deduplicate S and R.
 */
public record JointPoint(double[] context, int action) {

    public JointPoint {
        context = context.clone();
    }

    /**
     * Rejects NaN and infinite coordinates: a NaN would pass every norm comparison and poison a
     * sum, so no contribution may ever be computed from one.
     */
    public static void requireFinite(double[] context) {
        for (double v : context) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("context coordinates must be finite numbers");
            }
        }
    }

    public double[] features(double[][] actionFeatures) {
        double[] x = actionFeatures[action];
        double[] w = Arrays.copyOf(context, context.length + x.length);
        System.arraycopy(x, 0, w, context.length, x.length);
        return w;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JointPoint p && p.action == action && Arrays.equals(p.context, context);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(context) + action;
    }

    @Override
    public String toString() {
        return "JointPoint[action=" + action + ", dim=" + context.length + "]";
    }
}

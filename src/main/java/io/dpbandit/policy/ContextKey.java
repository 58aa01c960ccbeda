package io.dpbandit.policy;

import java.util.Arrays;

/**
 * A context vector with value equality, for caching per-context results (active sets, optimal
 * rewards) in hash maps. Its string form never shows the context: contexts are user data.
 */
public record ContextKey(double[] context) {

    public ContextKey {
        context = context.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ContextKey k && Arrays.equals(k.context, context);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(context);
    }

    @Override
    public String toString() {
        return "ContextKey[dim=" + context.length + "]";
    }
}

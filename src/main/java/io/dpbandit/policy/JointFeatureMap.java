package io.dpbandit.policy;

import java.util.List;

/**
 * The map φ from a context c and an action's features a to the feature vector x = φ(c, a) of a
 * linear model (Shariff &amp; Sheffet 2018, §1.1: D_t = {φ(c_t, a) : a ∈ A}). Serialisable as {@code {"kind": ...}},
 * for any linear policy (JDP-LinUCB, OnlineUCB).
 *
 * <ul>
 *   <li>{@link Kind#OUTER_PRODUCT}: x = (c ⊗ a)/‖c ⊗ a‖, flattened row-major (x[i·|a| + j] = c_i a_j),
 *       dimension |c|·|a|. Unit norm, so the ranking of actions depends on the context; the zero
 *       vector when c or a is zero.</li>
 *   <li>{@link Kind#ACTION}: x = a, the action's own features; context-free (every context ranks the
 *       actions alike).</li>
 *   <li>{@link Kind#CONTEXT_BLOCKS}: the context is a list of |a| blocks of length q = |c|/|a|
 *       (e.g. the round's decision set, one block per action) and x = Σ_i a_i·block_i(c), dimension
 *       q; with one-hot action features this selects action i's block. This is how Shariff &amp; Sheffet 2018's
 *       fresh decision sets are served through a fixed catalogue (see LinearGapEnvironment).</li>
 *   <li>{@link Kind#PER_ACTION}: one linear model per action over the context (disjoint LinUCB, Li,
 *       Chu, Langford &amp; Schapire 2010): with a one-hot action a = e_j, x = e_j ⊗ c, i.e. the context in
 *       action j's block of length |c| and zeros elsewhere (x[j·|c| + i] = a_j c_i), dimension
 *       |a|·|c|. Not normalised (‖x‖ = ‖c‖; a consuming policy clips), so the context's scale is
 *       kept. A linear model over it is one θ_j per action; a policy that knows the blocks can keep
 *       their Gram matrices apart ({@link #blocks}).</li>
 *   <li>{@link Kind#CONCATENATION}: x = c ++ a, the raw joint point, dimension |c| + |a|: for a policy
 *       with its own feature map on joint points (GP-UCB's quadrature Fourier features of a kernel
 *       on (c, a)); as a linear model's features it would rank actions alike for every context.</li>
 * </ul>
 *
 * <p>Inputs: non-finite coordinates are refused with {@link IllegalArgumentException}. Huge or tiny
 * finite inputs never overflow to a NaN: OUTER_PRODUCT normalises each factor after an exact
 * power-of-two rescaling, and CONTEXT_BLOCKS sums rescaled inputs and refuses (rather than returns)
 * a result beyond the double range. ACTION returns a copy unchanged; a consuming policy clips norms.
 *
 * @param kind which map
 */
public record JointFeatureMap(Kind kind) {

    /** The available maps. */
    public enum Kind { OUTER_PRODUCT, ACTION, CONTEXT_BLOCKS, CONCATENATION, PER_ACTION }

    public JointFeatureMap {
        if (kind == null) {
            throw new IllegalArgumentException("feature map kind must not be null");
        }
    }

    public static JointFeatureMap outerProduct() {
        return new JointFeatureMap(Kind.OUTER_PRODUCT);
    }

    public static JointFeatureMap action() {
        return new JointFeatureMap(Kind.ACTION);
    }

    public static JointFeatureMap contextBlocks() {
        return new JointFeatureMap(Kind.CONTEXT_BLOCKS);
    }

    /**
     * The dimension d of φ(c, a) for contexts of dimension |c| and action features of dimension |a|.
     *
     * @throws IllegalArgumentException if the map is undefined for these dimensions
     */
    public int dimension(int contextDimension, int actionDimension) {
        if (contextDimension < 0 || actionDimension < 1) {
            throw new IllegalArgumentException("need contextDimension >= 0 and actionDimension >= 1");
        }
        return switch (kind) {
            case OUTER_PRODUCT -> {
                if (contextDimension < 1) {
                    throw new IllegalArgumentException("OUTER_PRODUCT needs a context of dimension >= 1");
                }
                yield Math.multiplyExact(contextDimension, actionDimension);
            }
            case ACTION -> actionDimension;
            case PER_ACTION -> {
                if (contextDimension < 1) {
                    throw new IllegalArgumentException("PER_ACTION needs a context of dimension >= 1");
                }
                yield Math.multiplyExact(contextDimension, actionDimension);
            }
            case CONCATENATION -> Math.addExact(contextDimension, actionDimension);
            case CONTEXT_BLOCKS -> {
                if (contextDimension == 0 || contextDimension % actionDimension != 0) {
                    throw new IllegalArgumentException("CONTEXT_BLOCKS needs a context of " + actionDimension
                            + " equal blocks, got dimension " + contextDimension);
                }
                yield contextDimension / actionDimension;
            }
        };
    }

    /** φ(c, a). Neither input is modified. */
    public double[] features(double[] context, double[] action) {
        requireFinite(context, "context");
        requireFinite(action, "action features");
        int d = dimension(context.length, action.length);
        return switch (kind) {
            case OUTER_PRODUCT -> outer(unit(context), unit(action), d);
            case ACTION -> action.clone();
            case PER_ACTION -> perAction(context, action, d);
            case CONCATENATION -> concatenation(context, action);
            case CONTEXT_BLOCKS -> blocks(context, action, d);
        };
    }

    /** φ(c, a) for every action: the candidate matrix a linear policy's decide takes. */
    public double[][] candidates(double[] context, List<double[]> actions) {
        if (actions == null || actions.isEmpty()) {
            throw new IllegalArgumentException("need at least one action");
        }
        double[][] out = new double[actions.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = features(context, actions.get(i));
        }
        return out;
    }

    /**
     * The number of independent blocks of x: |a| for PER_ACTION (one per action, each of length
     * |c|), 1 for every other map.
     */
    public int blocks(int actionDimension) {
        return kind == Kind.PER_ACTION ? actionDimension : 1;
    }

    /** a ⊗ c, action-major: with a = e_j, the context in block j. */
    private static double[] perAction(double[] context, double[] action, int d) {
        double[] x = new double[d];
        for (int j = 0; j < action.length; j++) {
            if (action[j] == 0.0) {
                continue;
            }
            for (int i = 0; i < context.length; i++) {
                x[j * context.length + i] = action[j] * context[i] + 0.0; // + 0.0: no −0.0
            }
        }
        return x;
    }

    private static double[] concatenation(double[] context, double[] action) {
        double[] w = java.util.Arrays.copyOf(context, context.length + action.length);
        System.arraycopy(action, 0, w, context.length, action.length);
        return w;
    }

    private static double[] outer(double[] c, double[] a, int d) {
        double[] x = new double[d];
        if (isZero(c) || isZero(a)) {
            return x; // canonical +0.0 (no −0.0 from negative coordinates times zero)
        }
        for (int i = 0; i < c.length; i++) {
            for (int j = 0; j < a.length; j++) {
                x[i * a.length + j] = c[i] * a[j];
            }
        }
        return x;
    }

    /**
     * v/‖v‖, or the zero vector for v = 0. v is first scaled by the power of two 2^-e that brings its
     * largest magnitude into [0.5, 1) (exact), so ‖v‖ neither overflows nor underflows.
     */
    static double[] unit(double[] v) {
        double[] scaled = rescaled(v, exponent(v));
        double sum = 0;
        for (double s : scaled) {
            sum += s * s;
        }
        if (sum == 0) {
            return new double[v.length]; // +0.0 everywhere, also for inputs holding −0.0
        }
        double norm = Math.sqrt(sum);
        for (int i = 0; i < scaled.length; i++) {
            scaled[i] /= norm;
        }
        return scaled;
    }

    private static double[] blocks(double[] context, double[] action, int q) {
        int ec = exponent(context);
        int ea = exponent(action);
        double[] c = rescaled(context, ec);
        double[] a = rescaled(action, ea);
        double[] x = new double[q];
        for (int i = 0; i < a.length; i++) {
            if (a[i] == 0) {
                continue;
            }
            for (int j = 0; j < q; j++) {
                x[j] += a[i] * c[i * q + j]; // |terms| ≤ 1, so the sum is bounded by |a|
            }
        }
        for (int j = 0; j < q; j++) {
            x[j] = Math.scalb(x[j], ec + ea);
            if (!Double.isFinite(x[j])) {
                throw new IllegalArgumentException("CONTEXT_BLOCKS features exceed the double range; rescale the inputs");
            }
        }
        return x;
    }

    private static boolean isZero(double[] v) {
        for (double x : v) {
            if (x != 0) {
                return false;
            }
        }
        return true;
    }

    /** e with max |v_i|·2^-e in [0.5, 1), or 0 for the zero vector. */
    private static int exponent(double[] v) {
        double max = 0;
        for (double x : v) {
            max = Math.max(max, Math.abs(x));
        }
        return max == 0 ? 0 : Math.getExponent(max) + 1;
    }

    private static double[] rescaled(double[] v, int e) {
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = Math.scalb(v[i], -e);
        }
        return out;
    }

    private static void requireFinite(double[] v, String name) {
        if (v == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        for (int i = 0; i < v.length; i++) {
            if (!Double.isFinite(v[i])) {
                throw new IllegalArgumentException(name + "[" + i + "] is " + v[i] + "; only finite values are accepted");
            }
        }
    }
}

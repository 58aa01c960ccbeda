package io.dpbandit.algorithms.sequential;

import io.dpbandit.policy.CalibrationMode;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.policy.JointFeatureMap;
import io.dpbandit.policy.linucb.LinUcbConfig;
import io.dpbandit.policy.onlineucb.OnlineUcbConfig;
import io.dpbandit.privacy.NodeNoiseKind;
import io.dpbandit.runtime.OptionsSection;
import io.dpbandit.spec.BanditSpec;
import java.util.List;

/**
 * The {@code linear} section of a spec (LINUCB and ONLINEUCB): its defaults (noise for LINUCB only,
 * the learner for ONLINEUCB only), and the rule that the feature map gives 1 to 400 features.
 */
public final class LinearSection {

    /** The section as LINUCB and ONLINEUCB declare it: {@code linear}. */
    public static final OptionsSection<BanditSpec.Linear> OPTIONS = new OptionsSection<>("linear",
            BanditSpec.Linear.class, BanditSpec::linear);

    /** The largest joint feature dimension d (the model is d × d, a fold O(d³)). */
    public static final int MAX_FEATURES = 400;

    private LinearSection() {
    }

    /** The section with its defaults; problems of it added to {@code p}. */
    public static BanditSpec.Linear normalise(BanditSpec s, List<InvalidRequestException.FieldProblem> p) {
        BanditSpec.Linear l = s.linear();
        var map = l == null || l.featureMap() == null ? JointFeatureMap.Kind.OUTER_PRODUCT : l.featureMap();
        var mode = l == null || l.mode() == null ? CalibrationMode.ENGINEERED : l.mode();
        var noise = l == null || l.noise() == null ? NodeNoiseKind.GAUSSIAN : l.noise();
        var learner = l == null || l.learner() == null
                ? (mode == CalibrationMode.PAPER ? OnlineUcbConfig.Learner.MALER : OnlineUcbConfig.Learner.OGD)
                : l.learner();
        if (noise == NodeNoiseKind.NONE) {
            p.add(problem("linear.noise", "must be GAUSSIAN or WISHART: a served bandit is private"));
        }
        if (s.algorithm() == BanditSpec.Algorithm.ONLINEUCB && l != null && l.noise() != null) {
            p.add(problem("linear.noise", "applies to LINUCB only"));
        }
        if (s.algorithm() == BanditSpec.Algorithm.LINUCB && l != null && l.learner() != null) {
            p.add(problem("linear.learner", "applies to ONLINEUCB only"));
        }
        boolean linUcbOnly = s.algorithm() == BanditSpec.Algorithm.LINUCB;
        if (!linUcbOnly && l != null && l.regulariser() != null) {
            p.add(problem("linear.regulariser", "applies to LINUCB only"));
        }
        if (!linUcbOnly && l != null && l.radiusScale() != null) {
            p.add(problem("linear.radiusScale", "applies to LINUCB only"));
        }
        var actions = s.actions();
        Integer dim = s.contextDimension();
        boolean perAction = map == JointFeatureMap.Kind.PER_ACTION;
        if (perAction && actions != null && dim != null && dim >= 1) {
            try {
                int d = new JointFeatureMap(map).dimension(dim, actions.size());
                if (d > MAX_FEATURES) {
                    p.add(problem("linear.featureMap", "PER_ACTION gives contextDimension x actions = " + d
                            + " features; a linear bandit takes 1 to " + MAX_FEATURES));
                }
            } catch (IllegalArgumentException e) {
                p.add(problem("linear.featureMap", e.getMessage()));
            }
        } else if (!perAction && actions != null && !actions.isEmpty() && actions.get(0) != null
                && actions.get(0).features() != null && dim != null) {
            try {
                int d = new JointFeatureMap(map).dimension(dim, actions.get(0).features().length);
                if (d < 1 || d > MAX_FEATURES) {
                    p.add(problem("linear.featureMap", "gives " + d + " features; a linear bandit takes 1 to "
                            + MAX_FEATURES));
                }
            } catch (IllegalArgumentException e) {
                p.add(problem("linear.featureMap", e.getMessage()));
            }
        }
        // Each knob only where it applies (LINUCB's noise, ONLINEUCB's learner), as the rules above
        // require of a request: a normalised spec validates again unchanged.
        boolean linUcb = s.algorithm() == BanditSpec.Algorithm.LINUCB;
        LinUcbConfig.Release release = l == null || l.release() == null ? LinUcbConfig.Release.TREE : l.release();
        boolean epochs = release == LinUcbConfig.Release.EPOCHS;
        if (!linUcb && l != null && l.release() != null) {
            p.add(problem("linear.release", "applies to LINUCB only"));
        }
        if (linUcb && epochs) {
            if (map != JointFeatureMap.Kind.PER_ACTION) {
                p.add(problem("linear.release", "EPOCHS needs linear.featureMap PER_ACTION (one block per action)"));
            }
            if (noise != NodeNoiseKind.GAUSSIAN || mode != CalibrationMode.ENGINEERED) {
                p.add(problem("linear.release", "EPOCHS is an engineered variant with Gaussian noise: it takes no "
                        + "linear.noise WISHART and no linear.mode PAPER"));
            }
            if (l.regulariser() != null || l.radiusScale() != null) {
                p.add(problem("linear.release", "EPOCHS floors the released Gram matrix at its noise level and plays "
                        + "greedily: linear.regulariser and linear.radiusScale apply to TREE only"));
            }
        }
        // SHIFT by default in both modes: measured against FLOOR on disjoint worlds
        // (PerActionLinUcbTest: regret 0.127 vs 0.156 per round at eps = 1, T = 20 000, uniform 0.252).
        LinUcbConfig.Regulariser regulariser = l == null || l.regulariser() == null
                ? LinUcbConfig.Regulariser.SHIFT : l.regulariser();
        Double radiusScale = l == null || l.radiusScale() == null ? Double.valueOf(DEFAULT_RADIUS_SCALE) : l.radiusScale();
        boolean tree = linUcb && !epochs;
        if (!(linUcb && epochs) && l != null && l.firstEpoch() != null) {
            p.add(problem("linear.firstEpoch", "applies to LINUCB with linear.release EPOCHS only"));
        }
        Double firstEpoch = linUcb && epochs ? (l.firstEpoch() == null
                ? Double.valueOf(io.dpbandit.policy.linucb.EpochLinUcb.DEFAULT_FIRST_EPOCH) : l.firstEpoch()) : null;
        return new BanditSpec.Linear(map, mode, linUcb ? noise : null, linUcb ? null : learner,
                tree ? regulariser : null, tree ? radiusScale : null, linUcb ? release : null, firstEpoch);
    }

    /** The radius scale of a LINUCB bandit that does not choose one. */
    public static final double DEFAULT_RADIUS_SCALE = 1.0;

    /**
     * The spec's actions as the model sees them: under PER_ACTION each action i gets the one-hot
     * e_i (its block of the model), which the spec may omit; any other features are refused (they
     * would be ignored). Other maps keep the actions as sent.
     */
    public static BanditSpec withActions(BanditSpec s, BanditSpec.Linear linear) {
        if (linear.featureMap() != JointFeatureMap.Kind.PER_ACTION || s.actions() == null) {
            return s;
        }
        int k = s.actions().size();
        List<BanditSpec.Action> actions = new java.util.ArrayList<>(k);
        for (int i = 0; i < k; i++) {
            BanditSpec.Action a = s.actions().get(i);
            if (a == null) {
                return s; // reported by the action checks
            }
            actions.add(new BanditSpec.Action(a.id(), oneHot(k, i)));
        }
        return new BanditSpec(s.id(), s.algorithm(), s.privacy(), s.horizon(), s.rewardBound(), s.kernel(),
                s.regularization(), s.contextDimension(), actions, s.contextPool(), s.feedback(), s.tuning(),
                s.linear(), s.gpucb());
    }

    /** e_i of dimension k. */
    public static double[] oneHot(int k, int i) {
        double[] e = new double[k];
        e[i] = 1.0;
        return e;
    }

    /** Whether a spec's linear section asks for PER_ACTION. */
    public static boolean perAction(BanditSpec s) {
        return s.linear() != null && s.linear().featureMap() == JointFeatureMap.Kind.PER_ACTION;
    }

    private static InvalidRequestException.FieldProblem problem(String field, String message) {
        return new InvalidRequestException.FieldProblem(field, message);
    }
}

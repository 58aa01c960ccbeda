package io.dpbandit.algorithms.sequential;

import io.dpbandit.policy.CalibrationMode;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.policy.JointFeatureMap;
import io.dpbandit.runtime.OptionsSection;
import io.dpbandit.spec.BanditSpec;
import java.util.List;

/**
 * The {@code linear} section of a spec, shared by the linear bandits: the defaults of the fields they
 * all read (the feature map, the mode), the rule that the feature map gives 1 to 400 features, and
 * the actions under PER_ACTION. Each algorithm defaults the fields only it reads.
 */
public final class LinearSection {

    /** The section as the linear bandits declare it: {@code linear}. */
    public static final OptionsSection<BanditSpec.Linear> OPTIONS = new OptionsSection<>("linear",
            BanditSpec.Linear.class, BanditSpec::linear);

    /** The largest joint feature dimension d (the model is d × d, a fold O(d³)). */
    public static final int MAX_FEATURES = 400;

    private LinearSection() {
    }

    /**
     * The section with the defaults of the fields every linear bandit reads (the feature map and
     * the mode); the others are kept as sent, for the algorithm that reads them to default them
     * ({@link io.dpbandit.runtime.AlgorithmDescriptor#optionFields()}: one that sets a field its
     * algorithm does not read is refused before). Problems of it are added to {@code p}.
     */
    public static BanditSpec.Linear normalise(BanditSpec s, List<InvalidRequestException.FieldProblem> p) {
        BanditSpec.Linear l = s.linear() == null ? new BanditSpec.Linear(null, null, null, null) : s.linear();
        var map = l.featureMap() == null ? JointFeatureMap.Kind.OUTER_PRODUCT : l.featureMap();
        var mode = l.mode() != null ? l.mode()
                : s.profileOrLearn() == io.dpbandit.spec.Profile.PAPER ? CalibrationMode.PAPER : CalibrationMode.ENGINEERED;
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
        return new BanditSpec.Linear(map, mode, l.noise(), l.learner(), l.regulariser(), l.radiusScale(), l.release(),
                l.firstEpoch());
    }

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
        return s.withActions(actions);
    }

    /** e_i of dimension k. */
    public static double[] oneHot(int k, int i) {
        double[] e = new double[k];
        e[i] = 1.0;
        return e;
    }

    /** Whether every action of the spec comes without features (labels only). */
    public static boolean featureless(BanditSpec s) {
        return s.actions() != null && !s.actions().isEmpty()
                && s.actions().stream().allMatch(a -> a != null && a.features() == null);
    }

    /** Whether every action is a label: without features, or with the one-hot e_i of its position. */
    public static boolean labels(BanditSpec s) {
        if (s.actions() == null || s.actions().isEmpty()) {
            return false;
        }
        int k = s.actions().size();
        for (int i = 0; i < k; i++) {
            BanditSpec.Action a = s.actions().get(i);
            if (a == null) {
                return false;
            }
            if (a.features() != null && !java.util.Arrays.equals(a.features(), oneHot(k, i))) {
                return false;
            }
        }
        return true;
    }

    /** Whether a spec's linear section asks for PER_ACTION. */
    public static boolean perAction(BanditSpec s) {
        return s.linear() != null && s.linear().featureMap() == JointFeatureMap.Kind.PER_ACTION;
    }

    private static InvalidRequestException.FieldProblem problem(String field, String message) {
        return new InvalidRequestException.FieldProblem(field, message);
    }
}

package io.dpbandit.algorithms.sequential;

import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.policy.JointFeatureMap;
import io.dpbandit.policy.linucb.LinUcbConfig;
import io.dpbandit.policy.onlineucb.OnlineUcbConfig;
import io.dpbandit.privacy.NodeNoiseKind;
import io.dpbandit.spec.BanditSpec;
import java.util.List;

/**
 * The {@code linear} section of a spec (LINUCB and ONLINEUCB): its defaults (noise for LINUCB only,
 * the learner for ONLINEUCB only), and the rule that the feature map gives 1 to 400 features.
 */
public final class LinearSection {

    /** The largest joint feature dimension d (the model is d × d, a fold O(d³)). */
    public static final int MAX_FEATURES = 400;

    private LinearSection() {
    }

    /** The section with its defaults; problems of it added to {@code p}. */
    public static BanditSpec.Linear normalise(BanditSpec s, List<InvalidRequestException.FieldProblem> p) {
        BanditSpec.Linear l = s.linear();
        var map = l == null || l.featureMap() == null ? JointFeatureMap.Kind.OUTER_PRODUCT : l.featureMap();
        var mode = l == null || l.mode() == null ? LinUcbConfig.Mode.ENGINEERED : l.mode();
        var noise = l == null || l.noise() == null ? NodeNoiseKind.GAUSSIAN : l.noise();
        var learner = l == null || l.learner() == null
                ? (mode == LinUcbConfig.Mode.PAPER ? OnlineUcbConfig.Learner.MALER : OnlineUcbConfig.Learner.OGD)
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
        var actions = s.actions();
        Integer dim = s.contextDimension();
        if (actions != null && !actions.isEmpty() && actions.get(0) != null && actions.get(0).features() != null
                && dim != null) {
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
        return new BanditSpec.Linear(map, mode, linUcb ? noise : null, linUcb ? null : learner);
    }

    private static InvalidRequestException.FieldProblem problem(String field, String message) {
        return new InvalidRequestException.FieldProblem(field, message);
    }
}

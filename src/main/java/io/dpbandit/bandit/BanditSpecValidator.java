package io.dpbandit.bandit;

import io.dpbandit.kernel.BoxDomain;
import io.dpbandit.client.kernel.KernelType;
import io.dpbandit.policy.JointFeatureMap;
import io.dpbandit.policy.gpucb.QffOrderChoice;
import io.dpbandit.policy.linucb.LinUcbConfig;
import io.dpbandit.policy.onlineucb.OnlineUcbConfig;
import io.dpbandit.privacy.NodeNoiseKind;
import io.dpbandit.policy.capri.CapriConfig;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Checks a bandit spec completely (every problem is reported, not just the first) and fills in
 * the documented defaults. Limits keep one bandit's public sets and matrices within what a
 * single epoch close can handle.
 */
public final class BanditSpecValidator {

    static final int MAX_HORIZON = 2_000_000_000;

    private BanditSpecValidator() {
    }

    /** The spec with defaults filled in, within the default limits. */
    public static BanditSpec normalise(BanditSpec s) {
        return normalise(s, new SpecLimits(null, null, null), List.of());
    }

    /**
     * The spec with defaults filled in, or an {@link InvalidRequestException} listing every problem:
     * the field-level ones Bean Validation found ({@code fieldProblems}) and the rules checked here,
     * which span fields or depend on the configured limits. Written to run on a spec whose
     * annotations failed, so one answer lists everything.
     */
    public static BanditSpec normalise(BanditSpec s, SpecLimits limits,
            List<InvalidRequestException.FieldProblem> fieldProblems) {
        final int maxDimension = limits.maxContextDimension();
        final int maxActions = limits.maxActions();
        final int maxPool = limits.maxPool();
        if (s == null) {
            throw InvalidRequestException.of("body", "a bandit spec is required");
        }
        List<InvalidRequestException.FieldProblem> p = new ArrayList<>(fieldProblems);
        double b = s.rewardBound() == null ? 1.0 : s.rewardBound();
        double tau = s.regularization() == null ? 1.0 : s.regularization();
        BanditSpec.Privacy privacy = privacy(s, p);
        Integer dim = s.contextDimension();
        if (dim != null && dim > maxDimension) {
            p.add(problem("contextDimension", "must be at most " + maxDimension));
        }
        checkActions(s.actions(), maxActions, maxDimension, p);
        boolean linear = s.algorithm() == BanditSpec.Algorithm.LINUCB || s.algorithm() == BanditSpec.Algorithm.ONLINEUCB;
        boolean gp = s.algorithm() == BanditSpec.Algorithm.GPUCB;
        if (!gp && s.gpucb() != null) {
            p.add(problem("gpucb", "applies to GPUCB only"));
        }
        if (gp) {
            if (s.kernel() == null || s.kernel().type() != KernelType.RBF) {
                p.add(problem("kernel", "GPUCB needs an RBF kernel on the joint point, e.g. {\"type\": \"RBF\", "
                        + "\"lengthScale\": 0.5}: its quadrature Fourier features exist for squared-exponential kernels"));
            }
            if (s.linear() != null) {
                p.add(problem("linear", "applies to LINUCB and ONLINEUCB only"));
            }
            if (s.contextPool() != null) {
                checkPool(s.contextPool(), dim, maxPool, p);
            }
        } else if (!linear) {
            if (s.kernel() == null) {
                p.add(problem("kernel", "is required for CAPRI and USCA, e.g. {\"type\": \"RBF\", \"lengthScale\": 0.3}"));
            }
            if (s.contextPool() == null) {
                p.add(problem("contextPool", "is required for CAPRI and USCA: the public contexts"));
            }
            checkPool(s.contextPool(), dim, maxPool, p);
            if (s.linear() != null) {
                p.add(problem("linear", "applies to LINUCB and ONLINEUCB only"));
            }
        } else if (s.contextPool() != null) {
            checkPool(s.contextPool(), dim, maxPool, p);
        }
        BanditSpec.Linear linearSettings = linear ? linear(s, maxDimension, p) : null;
        BanditSpec.GpUcb gpSettings = gp ? gpucb(s, p) : null;
        BanditSpec.Tuning tuning = tuning(s.tuning());
        BanditSpec.Feedback feedback = feedback(s.feedback(), b, tuning.rewardOffset(), p);
        if (privacy != null && "LDP".equals(privacy.model()) && feedback.defaultReward() != 0.0) {
            p.add(problem("feedback.defaultReward", "must be 0 for a locally private bandit: the server keeps no "
                    + "context, so a round without a report contributes nothing"));
        }
        refinements(s, privacy, tuning, p);
        if (!p.isEmpty()) {
            throw new InvalidRequestException(p.stream().sorted(java.util.Comparator.comparing(
                    InvalidRequestException.FieldProblem::field)).toList());
        }
        return new BanditSpec(s.id(), s.algorithm(), privacy, s.horizon(), b, s.kernel(), tau, dim, s.actions(),
                s.contextPool(), feedback, tuning, linearSettings, gpSettings);
    }

    private static BanditSpec.Privacy privacy(BanditSpec s, List<InvalidRequestException.FieldProblem> p) {
        BanditSpec.Privacy privacy = s.privacy();
        if (privacy == null) {
            return null; // @NotNull reports it
        }
        boolean onlyLocal = s.algorithm() == BanditSpec.Algorithm.ONLINEUCB;
        boolean mayBeLocal = onlyLocal || s.algorithm() == BanditSpec.Algorithm.CAPRI
                || s.algorithm() == BanditSpec.Algorithm.GPUCB;
        String model = privacy.model() == null ? (onlyLocal ? "LDP" : "JDP") : privacy.model().toUpperCase(Locale.ROOT);
        if (!model.equals("JDP") && !model.equals("LDP")) {
            p.add(problem("privacy.model", "must be JDP or LDP"));
        } else if (onlyLocal && !model.equals("LDP")) {
            p.add(problem("privacy.model", "ONLINEUCB is locally private: LDP"));
        } else if (model.equals("LDP") && !mayBeLocal) {
            p.add(problem("privacy.model", s.algorithm() + " is JDP only; LDP (a randomiser on the user's device) "
                    + "is served by CAPRI, ONLINEUCB and GPUCB"));
        }
        Double eps = privacy.epsilon();
        Double delta = privacy.delta();
        boolean capri = s.algorithm() == BanditSpec.Algorithm.CAPRI;
        boolean needsDelta = s.algorithm() != BanditSpec.Algorithm.USCA;
        if (needsDelta && (delta == null || !(delta > 0 && delta < 1))) {
            p.add(problem("privacy.delta", "must lie strictly between 0 and 1 for " + s.algorithm()));
        }
        if (!needsDelta && delta != null && !(delta >= 0 && delta < 1)) {
            p.add(problem("privacy.delta", "must lie in [0, 1)"));
        }
        Double total = privacy.totalEpsilon();
        if (total != null && eps != null && total < eps) {
            p.add(problem("privacy.totalEpsilon", "must be at least epsilon"));
        }
        if (needsDelta && total != null) {
            p.add(problem("privacy.totalEpsilon", "applies to USCA only; " + s.algorithm()
                    + "'s epsilon is already its total"));
        }
        CapriConfig.EpochComposition composition = privacy.composition() == null
                ? CapriConfig.EpochComposition.SEQUENTIAL : privacy.composition();
        if (!capri && composition != CapriConfig.EpochComposition.SEQUENTIAL) {
            p.add(problem("privacy.composition", "applies to CAPRI only; " + s.algorithm()
                    + " composes sequentially"));
        }
        double budget = total != null ? total : eps == null ? 0 : eps;
        return new BanditSpec.Privacy(model, eps, needsDelta ? delta : Double.valueOf(0.0), budget, composition);
    }

    /** The linear settings with their defaults, and the feature map's dimension within the limit. */
    private static BanditSpec.Linear linear(BanditSpec s, int maxDimension,
            List<InvalidRequestException.FieldProblem> p) {
        BanditSpec.Linear l = s.linear();
        var map = l == null || l.featureMap() == null ? JointFeatureMap.Kind.OUTER_PRODUCT
                : l.featureMap();
        var mode = l == null || l.mode() == null ? LinUcbConfig.Mode.ENGINEERED : l.mode();
        var noise = l == null || l.noise() == null ? NodeNoiseKind.GAUSSIAN : l.noise();
        var learner = l == null || l.learner() == null
                ? (mode == LinUcbConfig.Mode.PAPER
                        ? OnlineUcbConfig.Learner.MALER
                        : OnlineUcbConfig.Learner.OGD)
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
                if (d < 1 || d > 400) {
                    p.add(problem("linear.featureMap", "gives " + d + " features; a linear bandit takes 1 to 400"));
                }
            } catch (IllegalArgumentException e) {
                p.add(problem("linear.featureMap", e.getMessage()));
            }
        }
        return new BanditSpec.Linear(map, mode, noise, learner);
    }

    /** Largest feature dimension M = 2 m̄^d a GPUCB bandit may have (its model is M × M, a fold O(M³)). */
    static final int MAX_QFF_FEATURES = 512;

    /**
     * GP-UCB's settings with their defaults: m̄ from the spec or the smallest meeting the 1/T² error
     * bound on [0, 1]^d within M ≤ {@value #MAX_QFF_FEATURES}; d = contextDimension + action dimension.
     */
    private static BanditSpec.GpUcb gpucb(BanditSpec s, List<InvalidRequestException.FieldProblem> p) {
        BanditSpec.GpUcb g = s.gpucb();
        var mode = g == null || g.mode() == null ? LinUcbConfig.Mode.ENGINEERED : g.mode();
        Integer dim = s.contextDimension();
        var actions = s.actions();
        if (dim == null || actions == null || actions.isEmpty() || actions.get(0) == null
                || actions.get(0).features() == null || s.kernel() == null || s.kernel().type() != KernelType.RBF
                || s.horizon() == null || s.horizon() < 1) {
            return new BanditSpec.GpUcb(g == null ? null : g.nodesPerDimension(), mode); // reported elsewhere
        }
        int d = dim + actions.get(0).features().length;
        if (dim < 0 || d < 1) {
            if (d < 1 && dim >= 0) {
                p.add(problem("contextDimension", "GPUCB needs a joint point (context and action features) of at "
                        + "least one number"));
            }
            return new BanditSpec.GpUcb(null, mode); // a negative dimension is reported by its annotation
        }
        int maxNodes = 0;
        while (maxNodes < 64 && features(maxNodes + 1, d) <= MAX_QFF_FEATURES) {
            maxNodes++;
        }
        if (maxNodes < 2) { // one node per dimension is a constant feature map
            p.add(problem("gpucb", "GPUCB's quadrature features grow as 2 * nodes^d: the joint point (context and "
                    + "action features, d = " + d + ") must have at most 8 numbers"));
            return new BanditSpec.GpUcb(null, mode);
        }
        Integer nodes = g == null ? null : g.nodesPerDimension();
        if (nodes == null) {
            int wanted = QffOrderChoice.errorBelowInverseSquareHorizon(s.horizon(), BoxDomain.unitCube(d),
                    s.kernel().lengthScale());
            nodes = Math.max(2, Math.min(wanted, maxNodes));
        } else if (features(nodes, d) > MAX_QFF_FEATURES) {
            p.add(problem("gpucb.nodesPerDimension", "gives " + features(nodes, d) + " features; at most "
                    + MAX_QFF_FEATURES + " (nodesPerDimension <= " + maxNodes + " for d = " + d + ")"));
        }
        return new BanditSpec.GpUcb(nodes, mode);
    }

    private static long features(int nodes, int d) {
        double m = 2 * Math.pow(nodes, d);
        return m > Long.MAX_VALUE / 2 ? Long.MAX_VALUE : (long) m;
    }

    private static void checkActions(List<BanditSpec.Action> actions, int maxActions, int maxDimension,
            List<InvalidRequestException.FieldProblem> p) {
        if (actions == null) {
            return; // @NotNull reports it
        }
        if (actions.size() < 2 || actions.size() > maxActions) {
            p.add(problem("actions", "must list 2 to " + maxActions + " actions"));
            return;
        }
        Set<String> ids = new HashSet<>();
        int dim = -1;
        for (int i = 0; i < actions.size(); i++) {
            BanditSpec.Action a = actions.get(i);
            String f = "actions[" + i + "]";
            if (a == null) {
                p.add(problem(f, "must not be null"));
                continue;
            }
            if (a.id() == null || a.features() == null || !finite(a.features())) {
                continue; // the annotations report these
            }
            if (!ids.add(a.id())) {
                p.add(problem(f + ".id", "duplicates the id '" + a.id() + "'"));
            }
            if (a.features().length > maxDimension) {
                p.add(problem(f + ".features", "must hold at most " + maxDimension + " numbers"));
            } else if (dim >= 0 && a.features().length != dim) {
                p.add(problem(f + ".features", "must have the same length as the first action's (" + dim + ")"));
            } else {
                dim = a.features().length;
            }
        }
    }

    private static void checkPool(List<double[]> pool, Integer dim, int maxPool,
            List<InvalidRequestException.FieldProblem> p) {
        if (pool == null) {
            return; // @NotNull reports it
        }
        if (pool.isEmpty() || pool.size() > maxPool) {
            p.add(problem("contextPool", "must hold 1 to " + maxPool + " public contexts"));
            return;
        }
        for (int i = 0; i < pool.size(); i++) {
            double[] c = pool.get(i);
            if (c == null) {
                p.add(problem("contextPool[" + i + "]", "must not be null"));
                return;
            }
            if (dim != null && c.length != dim) {
                p.add(problem("contextPool[" + i + "]", "must hold " + dim + " numbers (contextDimension)"));
                return;
            }
        }
    }

    private static BanditSpec.Feedback feedback(BanditSpec.Feedback f, double b, double offset,
            List<InvalidRequestException.FieldProblem> p) {
        int wait = f == null || f.waitSeconds() == null ? 600 : f.waitSeconds();
        double fallback = f == null || f.defaultReward() == null ? 0.0 : f.defaultReward();
        if (Double.isFinite(fallback) && Math.abs(fallback - offset) > b) {
            p.add(problem("feedback.defaultReward", offset == 0.0 ? "must lie within [-rewardBound, rewardBound]"
                    : "must lie within [rewardOffset - rewardBound, rewardOffset + rewardBound]"));
        }
        return new BanditSpec.Feedback(wait, fallback);
    }

    /**
     * CAPRI's refinements apply to CAPRI only; PAIRWISE elimination keeps each release's m × m factor,
     * so it needs a small projection cap; a reward offset needs JDP (a CAPRI-LDP device clips to
     * [−B, B] itself). USCA holds Z as distinct points with counts, so n_Z may exceed 5 000 only where
     * the support (pool × actions) is at most 5 000 points.
     */
    private static void refinements(BanditSpec s, BanditSpec.Privacy privacy, BanditSpec.Tuning t,
            List<InvalidRequestException.FieldProblem> p) {
        var paper = CapriConfig.Refinements.paper();
        boolean refined = t.elimination() != paper.elimination() || t.statisticalWidth() != paper.statistical()
                || t.projection() != paper.projection() || t.tauRule() != paper.tau() || t.rewardOffset() != 0.0;
        if (s.algorithm() != BanditSpec.Algorithm.CAPRI) {
            if (refined) {
                p.add(problem("tuning", "elimination, statisticalWidth, projection, tauRule and rewardOffset apply to "
                        + "CAPRI only"));
            }
        } else {
            if (t.elimination() == CapriConfig.Refinements.EliminationTest.PAIRWISE && t.projectionCap() > 300) {
                p.add(problem("tuning.projectionCap", "must be at most 300 with PAIRWISE elimination (each release "
                        + "carries its m x m factor); PLANNED projection usually needs far fewer points"));
            }
            if (t.rewardOffset() != 0.0 && privacy != null && "LDP".equals(privacy.model())) {
                p.add(problem("tuning.rewardOffset", "needs JDP: a CAPRI-LDP device clips its reward to [-B, B]"));
            }
        }
        if (s.algorithm() == BanditSpec.Algorithm.USCA && s.contextPool() != null && s.actions() != null) {
            long support = (long) s.contextPool().size() * s.actions().size();
            if (Math.min(t.approximationSize(), support) > 5000) {
                p.add(problem("tuning.approximationSize", "above 5000 needs a support (contextPool x actions) of at "
                        + "most 5000 points: Z is held as its distinct points"));
            }
        }
    }

    /** Defaults; the ranges are the annotations' (and PAPER mode's statistical scale defaults to 1). */
    private static BanditSpec.Tuning tuning(BanditSpec.Tuning t) {
        String mode = t == null || t.mode() == null ? "ENGINEERED" : t.mode().toUpperCase(Locale.ROOT);
        double scale = t == null || t.confidenceScale() == null ? (mode.equals("PAPER") ? 1.0 : 3e-4)
                : t.confidenceScale();
        int cap = t == null || t.projectionCap() == null ? 1000 : t.projectionCap();
        int nz = t == null || t.approximationSize() == null ? 1000 : t.approximationSize();
        double q = t == null || t.clippingQuantile() == null ? 1.0 : t.clippingQuantile();
        var paper = io.dpbandit.policy.capri.CapriConfig.Refinements.paper();
        return new BanditSpec.Tuning(mode, scale, cap, nz, q,
                t == null || t.elimination() == null ? paper.elimination() : t.elimination(),
                t == null || t.statisticalWidth() == null ? paper.statistical() : t.statisticalWidth(),
                t == null || t.projection() == null ? paper.projection() : t.projection(),
                t == null || t.tauRule() == null ? paper.tau() : t.tauRule(),
                t == null || t.rewardOffset() == null ? 0.0 : t.rewardOffset());
    }

    private static boolean finite(double[] v) {
        for (double x : v) {
            if (!Double.isFinite(x)) {
                return false;
            }
        }
        return true;
    }

    private static InvalidRequestException.FieldProblem problem(String field, String message) {
        return new InvalidRequestException.FieldProblem(field, message);
    }
}

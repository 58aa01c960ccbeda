package io.dpbandit.bandit;

import io.dpbandit.kernel.KernelSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Checks a bandit spec completely (every problem is reported, not just the first) and fills in
 * the documented defaults. Limits keep one bandit's public sets and matrices within what a
 * single epoch close can handle.
 */
public final class BanditSpecValidator {

    static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    static final int MAX_HORIZON = 100_000_000;

    private BanditSpecValidator() {
    }

    /** The spec with defaults filled in, within the default limits. */
    public static BanditSpec normalise(BanditSpec s) {
        return normalise(s, new SpecLimits(null, null, null));
    }

    /** The spec with defaults filled in, or an {@link InvalidRequestException} listing every problem. */
    public static BanditSpec normalise(BanditSpec s, SpecLimits limits) {
        final int maxDimension = limits.maxContextDimension();
        final int maxActions = limits.maxActions();
        final int maxPool = limits.maxPool();
        List<InvalidRequestException.FieldProblem> p = new ArrayList<>();
        if (s == null) {
            throw InvalidRequestException.of("body", "a bandit spec is required");
        }
        if (s.id() == null || !ID.matcher(s.id()).matches()) {
            p.add(problem("id", "must be 1-64 characters: letters, digits, '.', '_' or '-', starting with a letter or digit"));
        }
        if (s.algorithm() == null) {
            p.add(problem("algorithm", "must be CAPRI or USCA"));
        }
        Integer horizon = s.horizon();
        if (horizon == null || horizon < 1 || horizon > MAX_HORIZON) {
            p.add(problem("horizon", "must be a whole number from 1 to " + MAX_HORIZON));
        }
        double b = s.rewardBound() == null ? 1.0 : s.rewardBound();
        if (!(b > 0) || !Double.isFinite(b)) {
            p.add(problem("rewardBound", "must be a positive finite number"));
        }
        double tau = s.regularization() == null ? 1.0 : s.regularization();
        if (!(tau > 0) || !Double.isFinite(tau)) {
            p.add(problem("regularization", "must be a positive finite number"));
        }
        BanditSpec.Privacy privacy = privacy(s, p);
        KernelSpec kernel = s.kernel();
        if (kernel == null) {
            p.add(problem("kernel", "is required, e.g. {\"type\": \"RBF\", \"lengthScale\": 0.3}"));
        }
        Integer dim = s.contextDimension();
        if (dim == null || dim < 0 || dim > maxDimension) {
            p.add(problem("contextDimension", "must be a whole number from 0 to " + maxDimension));
        }
        checkActions(s.actions(), maxActions, maxDimension, p);
        checkPool(s.contextPool(), dim, maxPool, p);
        BanditSpec.Feedback feedback = feedback(s.feedback(), b, p);
        BanditSpec.Tuning tuning = tuning(s.tuning(), p);
        if (!p.isEmpty()) {
            throw new InvalidRequestException(p);
        }
        return new BanditSpec(s.id(), s.algorithm(), privacy, horizon, b, kernel, tau, dim, s.actions(),
                s.contextPool(), feedback, tuning);
    }

    private static BanditSpec.Privacy privacy(BanditSpec s, List<InvalidRequestException.FieldProblem> p) {
        BanditSpec.Privacy privacy = s.privacy();
        if (privacy == null) {
            p.add(problem("privacy", "is required, e.g. {\"model\": \"JDP\", \"epsilon\": 1.0, \"delta\": 1e-5}"));
            return null;
        }
        String model = privacy.model() == null ? "JDP" : privacy.model().toUpperCase(Locale.ROOT);
        if (model.equals("LDP")) {
            p.add(problem("privacy.model", "LDP bandits need a client-side randomiser, which this service does "
                    + "not offer yet; use JDP"));
        } else if (!model.equals("JDP")) {
            p.add(problem("privacy.model", "must be JDP"));
        }
        Double eps = privacy.epsilon();
        if (eps == null || !(eps > 0) || !Double.isFinite(eps)) {
            p.add(problem("privacy.epsilon", "must be a positive finite number"));
        }
        Double delta = privacy.delta();
        boolean capri = s.algorithm() == BanditSpec.Algorithm.CAPRI;
        if (capri && (delta == null || !(delta > 0 && delta < 1))) {
            p.add(problem("privacy.delta", "must lie strictly between 0 and 1 for CAPRI"));
        }
        if (!capri && delta != null && !(delta >= 0 && delta < 1)) {
            p.add(problem("privacy.delta", "must lie in [0, 1)"));
        }
        Double total = privacy.totalEpsilon();
        if (total != null && (!(total > 0) || !Double.isFinite(total) || (eps != null && total < eps))) {
            p.add(problem("privacy.totalEpsilon", "must be a finite number at least epsilon"));
        }
        if (capri && total != null) {
            p.add(problem("privacy.totalEpsilon", "applies to USCA only; CAPRI's epsilon is already its total"));
        }
        double budget = total != null ? total : eps == null ? 0 : eps;
        return new BanditSpec.Privacy(model, eps, capri ? delta : 0.0, budget);
    }

    private static void checkActions(List<BanditSpec.Action> actions, int maxActions, int maxDimension,
            List<InvalidRequestException.FieldProblem> p) {
        if (actions == null || actions.size() < 2 || actions.size() > maxActions) {
            p.add(problem("actions", "must list 2 to " + maxActions + " actions"));
            return;
        }
        Set<String> ids = new HashSet<>();
        int dim = -1;
        for (int i = 0; i < actions.size(); i++) {
            BanditSpec.Action a = actions.get(i);
            String f = "actions[" + i + "]";
            if (a == null || a.id() == null || !ID.matcher(a.id()).matches()) {
                p.add(problem(f + ".id", "must be 1-64 characters: letters, digits, '.', '_' or '-'"));
                continue;
            }
            if (!ids.add(a.id())) {
                p.add(problem(f + ".id", "duplicates the id '" + a.id() + "'"));
            }
            if (a.features() == null || a.features().length > maxDimension || !finite(a.features())) {
                p.add(problem(f + ".features", "must be an array of at most " + maxDimension + " finite numbers"));
            } else if (dim >= 0 && a.features().length != dim) {
                p.add(problem(f + ".features", "must have the same length as the first action's (" + dim + ")"));
            } else {
                dim = a.features().length;
            }
        }
    }

    private static void checkPool(List<double[]> pool, Integer dim, int maxPool,
            List<InvalidRequestException.FieldProblem> p) {
        if (pool == null || pool.isEmpty() || pool.size() > maxPool) {
            p.add(problem("contextPool", "must hold 1 to " + maxPool + " public contexts"));
            return;
        }
        for (int i = 0; i < pool.size(); i++) {
            double[] c = pool.get(i);
            if (c == null || !finite(c) || (dim != null && c.length != dim)) {
                p.add(problem("contextPool[" + i + "]", "must be " + dim + " finite numbers"));
                return;
            }
        }
    }

    private static BanditSpec.Feedback feedback(BanditSpec.Feedback f, double b,
            List<InvalidRequestException.FieldProblem> p) {
        int wait = f == null || f.waitSeconds() == null ? 600 : f.waitSeconds();
        double fallback = f == null || f.defaultReward() == null ? 0.0 : f.defaultReward();
        if (wait < 1 || wait > 30 * 24 * 3600) {
            p.add(problem("feedback.waitSeconds", "must be from 1 second to 30 days"));
        }
        if (!Double.isFinite(fallback) || Math.abs(fallback) > b) {
            p.add(problem("feedback.defaultReward", "must be a finite number within [-rewardBound, rewardBound]"));
        }
        return new BanditSpec.Feedback(wait, fallback);
    }

    private static BanditSpec.Tuning tuning(BanditSpec.Tuning t, List<InvalidRequestException.FieldProblem> p) {
        String mode = t == null || t.mode() == null ? "ENGINEERED" : t.mode().toUpperCase(Locale.ROOT);
        if (!mode.equals("ENGINEERED") && !mode.equals("PAPER")) {
            p.add(problem("tuning.mode", "must be ENGINEERED or PAPER"));
        }
        double scale = t == null || t.confidenceScale() == null ? (mode.equals("PAPER") ? 1.0 : 3e-4)
                : t.confidenceScale();
        if (!(scale > 0) || !Double.isFinite(scale)) {
            p.add(problem("tuning.confidenceScale", "must be a positive finite number"));
        }
        int cap = t == null || t.projectionCap() == null ? 1000 : t.projectionCap();
        if (cap < 10 || cap > 2000) {
            p.add(problem("tuning.projectionCap", "must be from 10 to 2000"));
        }
        int nz = t == null || t.approximationSize() == null ? 1000 : t.approximationSize();
        if (nz < 10 || nz > 5000) {
            p.add(problem("tuning.approximationSize", "must be from 10 to 5000"));
        }
        double q = t == null || t.clippingQuantile() == null ? 1.0 : t.clippingQuantile();
        if (!(q > 0 && q <= 1)) {
            p.add(problem("tuning.clippingQuantile", "must lie in (0, 1]"));
        }
        return new BanditSpec.Tuning(mode, scale, cap, nz, q);
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

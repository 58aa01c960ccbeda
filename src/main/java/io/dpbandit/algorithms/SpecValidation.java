package io.dpbandit.algorithms;

import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.algorithms.sequential.LinearSection;
import io.dpbandit.runtime.AlgorithmDescriptor;
import io.dpbandit.runtime.OptionsSection;
import io.dpbandit.runtime.SpecSection;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.privacy.Accountant;
import io.dpbandit.spec.PrivacyModel;
import io.dpbandit.spec.PrivacyUnit;
import io.dpbandit.spec.SpecLimits;
import io.dpbandit.spec.TuningMode;
import io.dpbandit.spec.Profile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks a bandit spec completely (every problem is reported, not just the first) and fills in the
 * documented defaults: the rules every spec follows (privacy model and budget, actions, pool,
 * feedback, tuning), the ownership of the optional sections (a section only the algorithms in the
 * registry that read it may set), then the algorithm's own rules ({@link AlgorithmDescriptor#normalise}).
 * Limits keep one bandit's public sets and matrices within what a single epoch close can handle.
 */
public final class SpecValidation {

    private SpecValidation() {
    }

    /** The spec with defaults filled in, within the default limits. */
    public static BanditSpec normalise(BanditSpec s) {
        return normalise(s, SpecLimits.defaults(), List.of());
    }

    /**
     * The spec with defaults filled in, or an {@link InvalidRequestException} listing every problem:
     * the field-level ones Bean Validation found ({@code fieldProblems}) and the rules checked here.
     * Written to run on a spec whose annotations failed, so one answer lists everything.
     */
    public static BanditSpec normalise(BanditSpec s, SpecLimits limits,
            List<InvalidRequestException.FieldProblem> fieldProblems) {
        if (s != null && s.profile() == Profile.LEGACY) {
            List<InvalidRequestException.FieldProblem> p = new ArrayList<>(fieldProblems);
            p.add(problem("profile", "must be LEARN or PAPER"));
            throw new InvalidRequestException(p);
        }
        return normaliseUnder(s, limits, fieldProblems);
    }

    /**
     * The spec as a bandit created before profiles existed was normalised (the defaults of then: no
     * choices, no profile written), to recognise such a bandit's own spec sent again after an upgrade.
     */
    public static BanditSpec normaliseAsBeforeProfiles(BanditSpec s, SpecLimits limits,
            List<InvalidRequestException.FieldProblem> fieldProblems) {
        return normaliseUnder(s.withProfile(Profile.LEGACY), limits, fieldProblems).withProfile(null)
                .withChoices(null);
    }

    private static BanditSpec normaliseUnder(BanditSpec s, SpecLimits limits,
            List<InvalidRequestException.FieldProblem> fieldProblems) {
        if (s == null) {
            throw InvalidRequestException.of("body", "a bandit spec is required");
        }
        List<InvalidRequestException.FieldProblem> p = new ArrayList<>(fieldProblems);
        AlgorithmDescriptor algorithm = s.algorithm() == null ? null : Algorithms.of(s.algorithm());
        double b = s.rewardBound() == null ? 1.0 : s.rewardBound();
        // τ left out stays null through the algorithm's normalise (which may choose it under LEARN), then 1.
        Double tau = s.regularization();
        Integer dim = s.contextDimension();
        if (dim != null && dim > limits.maxContextDimension()) {
            p.add(problem("contextDimension", "must be at most " + limits.maxContextDimension()));
        }
        // A linear bandit with PER_ACTION features takes actions without features (one model block each).
        boolean perAction = algorithm != null && algorithm.actionsMayOmitFeatures(s);
        checkActions(s.actions(), limits, perAction, p);
        if (s.contextPool() != null) {
            checkPool(s.contextPool(), dim, limits.maxPool(), p);
        }
        BanditSpec.Privacy privacy = algorithm == null ? s.privacy() : privacy(s, algorithm, p);
        Profile profile = s.profileOrLearn();
        BanditSpec.Tuning tuning = tuning(s.tuning(), profile);
        if (profile == Profile.LEARN && (s.tuning() == null || s.tuning().exploit() == null)) {
            tuning = tuning.withExploit(null, tuning.exploitShare()); // the algorithm's to choose; NONE after
        }
        io.dpbandit.spec.Feedback feedback = feedback(s.feedback(), b, tuning.rewardOffset(), p);
        if (privacy != null && privacy.model() == PrivacyModel.LDP && feedback.defaultReward() != 0.0) {
            p.add(problem("feedback.defaultReward", "must be 0 for a locally private bandit: the server keeps no "
                    + "context, so a round without a report contributes nothing"));
        }
        boolean leafGrid = algorithm != null && algorithm.sections().contains(SpecSection.LEAF_GRID)
                && privacy != null && privacy.model() == PrivacyModel.JDP;
        if (!leafGrid && tuning.leafRounds() != null) {
            p.add(problem("tuning.leafRounds", "applies to the tree-based JDP bandits only ("
                    + Algorithms.owners(SpecSection.LEAF_GRID) + " with JDP)"));
        } else if (leafGrid && tuning.leafRounds() == null && s.horizon() != null && s.horizon() >= 1) {
            tuning = tuning.withLeafRounds(defaultLeafRounds(s.horizon()));
        }
        // The choices are the service's to write: this normalisation's own, never a request's (a stored,
        // normalised spec sent back chooses nothing and lists nothing; the registry compares specs
        // without them).
        BanditSpec normalised = s.withPrivacy(privacy).withRewardBound(b).withRegularization(tau)
                .withContextDimension(dim).withFeedback(feedback).withTuning(tuning).withProfile(profile)
                .withChoices(List.of());
        if (algorithm != null) {
            sections(s, algorithm, p);
            // The rollout's defaults first (its evaluation share sets the learning's ε, which LEARN plans
            // with); its rules are checked once the accountant is known, below.
            normalised = rollout(normalised, algorithm, new ArrayList<>(), true);
            normalised = algorithm.normalise(normalised, limits, p);
            if (normalised.regularization() == null) {
                normalised = normalised.withRegularization(1.0);
            }
            if (normalised.tuning().exploit() == null) {
                normalised = normalised.withTuning(normalised.tuning().withPaperRefinements());
            }
            if (normalised.privacy() != null && normalised.privacy().composition() == null) {
                normalised = normalised.withPrivacy(normalised.privacy().withComposition(
                        normalised.privacy().compositionOrSequential()));
            }
            normalised = accountant(normalised, algorithm, p);
            normalised = rollout(normalised, algorithm, p, false);
        }
        if (normalised.regularization() == null) {
            normalised = normalised.withRegularization(1.0);
        }

        if (!p.isEmpty()) {
            throw new InvalidRequestException(p.stream().distinct()
                    .sorted(Comparator.comparing(InvalidRequestException.FieldProblem::field)).toList());
        }
        return normalised;
    }

    /** Each optional section is set only where the algorithm reads it; required ones are present. */
    private static void sections(BanditSpec s, AlgorithmDescriptor a, List<InvalidRequestException.FieldProblem> p) {
        Set<SpecSection> reads = a.sections();
        if (reads.contains(SpecSection.KERNEL) && s.kernel() == null && !a.choosesKernel(s)) {
            p.add(problem("kernel", "is required for " + Algorithms.owners(SpecSection.KERNEL)
                    + ", e.g. {\"type\": \"RBF\", \"lengthScale\": 0.3}"));
        }
        if (reads.contains(SpecSection.CONTEXT_POOL) && s.contextPool() == null) {
            p.add(problem("contextPool", "is required for " + Algorithms.owners(SpecSection.CONTEXT_POOL)
                    + ": the public contexts"));
        }
        // An algorithm's own sections: one set that its algorithm does not declare is refused, whichever it is.
        for (OptionsSection<?> section : Algorithms.options()) {
            if (!a.options().contains(section) && section.setIn(s)) {
                p.add(problem(section.key(), "applies to " + Algorithms.owners(section) + " only"));
            }
        }
        // And within a shared section, a field its algorithm does not read.
        for (OptionsSection<?> section : a.options()) {
            for (String field : section.setFields(s)) {
                if (!a.optionFields().contains(field)) {
                    p.add(problem(field, "applies to " + Algorithms.names(d -> d.optionFields().contains(field))
                            + " only"));
                }
            }
        }
        BanditSpec.Tuning t = tuning(s.tuning(), s.profileOrLearn());
        if (!reads.contains(SpecSection.REFINEMENTS) && t.refined()) {
            p.add(problem("tuning", "elimination, statisticalWidth, projection, tauRule, rewardOffset, residualFloor, "
                    + "exploit and exploitShare apply to " + Algorithms.owners(SpecSection.REFINEMENTS) + " only"));
        }
    }

    private static BanditSpec.Privacy privacy(BanditSpec s, AlgorithmDescriptor a,
            List<InvalidRequestException.FieldProblem> p) {
        BanditSpec.Privacy privacy = s.privacy();
        if (privacy == null) {
            return null; // @NotNull reports it
        }
        PrivacyModel model = privacy.model() == null ? a.privacyModels().get(0) : privacy.model();
        if (!a.privacyModels().contains(model)) {
            p.add(problem("privacy.model", a.privacyModels().size() == 1 && a.privacyModels().get(0) == PrivacyModel.LDP
                    ? a.algorithm() + " is locally private: LDP"
                    : a.algorithm() + " is JDP only; LDP (a randomiser on the user's device) is served by "
                            + Algorithms.names(d -> d.privacyModels().contains(PrivacyModel.LDP))));
        }
        Double eps = privacy.epsilon();
        Double delta = privacy.delta();
        boolean needsDelta = !a.pureDp();
        if (eps != null && !(eps >= SpecLimits.MIN_EPSILON && eps <= SpecLimits.MAX_EPSILON)) {
            p.add(problem("privacy.epsilon", SpecLimits.epsilonRange()));
        }
        if (needsDelta && (delta == null || !(delta >= SpecLimits.MIN_DELTA && delta <= SpecLimits.MAX_DELTA))) {
            p.add(problem("privacy.delta", SpecLimits.deltaRange() + " for " + a.algorithm()));
        }
        if (!needsDelta && delta != null && delta != 0.0) {
            // Refused rather than dropped: a caller who sends a delta believes it buys something.
            p.add(problem("privacy.delta", "must be 0 or absent for " + a.algorithm() + ": its mechanism is pure "
                    + "epsilon-DP and uses no delta (the ledger charges delta = 0)"));
        }
        Double total = privacy.totalEpsilon();
        if (total != null && !(total >= SpecLimits.MIN_EPSILON && total <= SpecLimits.MAX_EPSILON)) {
            p.add(problem("privacy.totalEpsilon", SpecLimits.epsilonRange()));
        }
        if (total != null && eps != null && total < eps) {
            p.add(problem("privacy.totalEpsilon", "must be at least epsilon"));
        }
        if (!a.sections().contains(SpecSection.TOTAL_EPSILON) && total != null) {
            p.add(problem("privacy.totalEpsilon", "applies to " + Algorithms.owners(SpecSection.TOTAL_EPSILON)
                    + " only; " + a.algorithm() + "'s epsilon is already its total"));
        }
        // Left unset for an algorithm whose epochs compose (its descriptor chooses under the profile);
        // SEQUENTIAL for every other and under PAPER.
        var composition = privacy.composition() == null && a.sections().contains(SpecSection.EPOCH_COMPOSITION)
                && s.profileOrLearn() == Profile.LEARN ? null : privacy.compositionOrSequential();
        if (!a.sections().contains(SpecSection.EPOCH_COMPOSITION) && privacy.parallel()) {
            p.add(problem("privacy.composition", "applies to " + Algorithms.owners(SpecSection.EPOCH_COMPOSITION)
                    + " only; " + a.algorithm() + " composes sequentially"));
        }
        PrivacyUnit unit = privacy.unit() == null ? PrivacyUnit.ROUND : privacy.unit();
        Integer k = privacy.maxRoundsPerUser();
        if (unit == PrivacyUnit.ROUND && k != null) {
            p.add(problem("privacy.maxRoundsPerUser", "applies to privacy.unit USER only (a ROUND bandit protects "
                    + "each round on its own)"));
        }
        Integer rounds = unit == PrivacyUnit.USER ? (k == null ? Integer.valueOf(1) : k) : null;
        // Normalised, a budget spent release by release always states its total; the others have none
        // (their epsilon is the total), so a normalised spec validates again unchanged.
        Double budget = !a.sections().contains(SpecSection.TOTAL_EPSILON) ? null
                : total != null ? total : eps == null ? Double.valueOf(0) : eps;
        return new BanditSpec.Privacy(model, eps, needsDelta ? delta : Double.valueOf(0.0), budget, composition, unit,
                rounds, privacy.budget(), privacy.accountant());
    }

    /**
     * The accountant, once the algorithm's sections are normalised: EXACT by default (Gaussian
     * releases as Gaussian DP, pure-ε ones through their privacy loss distributions) unless the
     * tuning is PAPER (the papers' own accounting, BASIC); ZCDP, kept for comparison, needs every
     * release of the bandit to be Gaussian ({@link AlgorithmDescriptor#gaussianReleases}), and so
     * does EXACT for Wishart noise (which has no exact curve here: BASIC). PARALLEL epochs with
     * several rounds per user compose only as Gaussians (a user may be in up to k epochs).
     */
    /**
     * A rollout's defaults, and the bandits it applies to: JDP (the evaluation needs each reward on
     * the server, which a locally private bandit never has), round-level (a user-level evaluation
     * would have to bound each user's decisions across both arms, not yet built) and Gaussian
     * accounting with δ &gt; 0 (the evaluation is a Gaussian release whose μ² is split from the
     * budget's, BudgetSplit).
     */
    private static BanditSpec rollout(BanditSpec s, AlgorithmDescriptor a,
            List<InvalidRequestException.FieldProblem> p, boolean early) {
        io.dpbandit.spec.Rollout r = s.rollout();
        if (r == null) {
            return s;
        }
        BanditSpec.Privacy privacy = s.privacy();
        if (privacy != null) {
            if (privacy.model() == PrivacyModel.LDP) {
                p.add(problem("rollout", "applies to JDP bandits only: its evaluation sums the rewards on the server, "
                        + "which never sees a locally private bandit's rewards"));
            }
            if (privacy.unit() == PrivacyUnit.USER) {
                p.add(problem("rollout", "applies to privacy.unit ROUND bandits only for now: a user-level evaluation "
                        + "must bound each user's decisions across both arms"));
            }
            if (privacy.accountant() != null && !privacy.accountant().composesGaussians()) {
                p.add(problem("rollout", "needs a Gaussian accountant (EXACT or ZCDP): the evaluation is a Gaussian "
                        + "release whose share of the budget is split by μ²"));
            }
            if (a.pureDp()) {
                p.add(problem("rollout", "does not apply to " + a.algorithm() + ": its budget is pure epsilon-DP, and "
                        + "the evaluation is a Gaussian release"));
            }
        }
        int looks = r.looks() == null ? 20 : r.looks();
        Integer window = r.window();
        if (window == null && s.horizon() != null && s.horizon() >= 1) {
            window = Math.max(2, (int) Math.ceil(s.horizon() / (double) looks));
        }
        List<Double> range = r.rewardRange();
        if (range == null && s.rewardBound() != null) {
            double offset = s.tuning() == null || s.tuning().rewardOffset() == null ? 0.0 : s.tuning().rewardOffset();
            range = List.of(offset - s.rewardBound(), offset + s.rewardBound());
        } else if (range != null && range.size() == 2 && range.get(0) != null && range.get(1) != null
                && !(range.get(0) < range.get(1))) {
            p.add(problem("rollout.rewardRange", "must be [low, high] with low < high"));
        }
        double share = r.share() == null ? 0.5 : r.share();
        Integer firstAuto = r.firstAutoLook();
        String firstAutoReason = null;
        if (firstAuto == null && !early && window != null && s.horizon() != null) {
            // AUTO judges windows where the bandit plays what it learnt, not its first, uniform epoch: a bandit
            // exploring is worse than any baseline better than uniform play, and would be rolled back for it.
            Double firstEpoch = s.linear() == null ? null : s.linear().firstEpoch();
            if (firstEpoch != null && share > 0) {
                double decisions = firstEpoch * s.horizon() / share;
                firstAuto = (int) Math.ceil(decisions / window) + 1;
                firstAutoReason = "the bandit's first epoch (linear.firstEpoch " + firstEpoch + " of the horizon's "
                        + "learning rounds, about " + Math.round(decisions) + " decisions at share " + share + ") is "
                        + "uniform play: AUTO judges the windows after it";
            } else {
                firstAuto = looks / 4 + 1;
                firstAutoReason = "AUTO judges the windows after the schedule's first quarter, where a bandit still "
                        + "explores";
            }
            firstAuto = Math.max(1, Math.min(looks, firstAuto));
        }
        BanditSpec out = s.withRollout(new io.dpbandit.spec.Rollout(share,
                r.promotion() == null ? io.dpbandit.spec.Rollout.Promotion.MANUAL : r.promotion(),
                r.evaluationShare() == null ? 0.05 : r.evaluationShare(), looks, window,
                r.confidence() == null ? 0.95 : r.confidence(), range, firstAuto));
        return firstAutoReason == null ? out : out.withChoice("rollout.firstAutoLook", firstAuto, firstAutoReason);
    }

    private static BanditSpec accountant(BanditSpec s, AlgorithmDescriptor a,
            List<InvalidRequestException.FieldProblem> p) {
        BanditSpec.Privacy privacy = s.privacy();
        if (privacy == null) {
            return s;
        }
        boolean gaussian = a.gaussianReleases(s);
        boolean pure = a.pureDp();
        Accountant chosen = privacy.accountant();
        if (chosen == Accountant.ZCDP && !gaussian) {
            p.add(problem("privacy.accountant", "ZCDP composes Gaussian releases; " + a.algorithm() + "'s "
                    + a.nonGaussianReleases(s) + (pure ? " is composed EXACT (or BASIC)" : " is accounted BASIC")));
        }
        if (chosen == Accountant.EXACT && !gaussian && !pure) {
            p.add(problem("privacy.accountant", "EXACT composes Gaussian and pure-epsilon releases; "
                    + a.algorithm() + "'s " + a.nonGaussianReleases(s) + " is accounted BASIC"
                    + (a.gaussianChoice() == null ? "" : " (or " + a.gaussianChoice() + ")")));
        }
        Accountant accountant = chosen != null ? chosen
                : Accountant.defaultFor(gaussian || pure, s.tuning() != null && s.tuning().mode() == TuningMode.PAPER);
        if (accountant == Accountant.BASIC && privacy.groupSize() > 1
                && privacy.parallel()) {
            p.add(problem("privacy.composition", "PARALLEL with maxRoundsPerUser > 1 needs a Gaussian accountant "
                    + "(EXACT or ZCDP): a user may be in up to k epochs, and only Gaussian releases compose without "
                    + "paying k times"));
        }
        if (privacy.budget() != null && privacy.unit() != io.dpbandit.spec.PrivacyUnit.USER) {
            p.add(problem("privacy.budget", "a shared budget bounds what all its bandits learn about one user, so a "
                    + "bandit on it must protect users (privacy.unit USER with maxRoundsPerUser): a ROUND bandit's "
                    + "charges cover one round of a user, not all of them"));
        }
        if (privacy.budget() != null && !gaussian && !pure) {
            p.add(problem("privacy.budget", "a shared budget composes Gaussian and exponential mechanisms; "
                    + a.algorithm() + "'s " + a.nonGaussianReleases(s) + " has no cost it can measure"
                    + (a.gaussianChoice() == null ? "" : " (" + a.gaussianChoice() + ")")));
        }
        return s.withPrivacy(new BanditSpec.Privacy(privacy.model(), privacy.epsilon(), privacy.delta(),
                privacy.totalEpsilon(), privacy.composition(), privacy.unit(), privacy.maxRoundsPerUser(),
                privacy.budget(), accountant));
    }

    private static void checkActions(List<BanditSpec.Action> actions, SpecLimits limits, boolean perAction,
            List<InvalidRequestException.FieldProblem> p) {
        if (actions == null) {
            return; // @NotNull reports it
        }
        if (actions.size() < 2 || actions.size() > limits.maxActions()) {
            p.add(problem("actions", "must list 2 to " + limits.maxActions() + " actions"));
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
            if (a.id() != null && !ids.add(a.id())) {
                p.add(problem(f + ".id", "duplicates the id " + ServiceErrors.quote(a.id())));
            }
            if (a.features() == null) {
                if (!perAction) {
                    p.add(problem(f + ".features", "is required (only a linear bandit with linear.featureMap "
                            + "PER_ACTION takes actions without features)"));
                }
                continue;
            }
            if (perAction) {
                if (!java.util.Arrays.equals(a.features(), io.dpbandit.algorithms.sequential.LinearSection
                        .oneHot(actions.size(), i))) {
                    p.add(problem(f + ".features", "must be omitted under linear.featureMap PER_ACTION: the model "
                            + "has one block per action over the context, so action features would be ignored"));
                }
                continue;
            }
            if (a.id() == null || !finite(a.features())) {
                continue; // the annotations report these
            }
            if (a.features().length > limits.maxContextDimension()) {
                p.add(problem(f + ".features", "must hold at most " + limits.maxContextDimension() + " numbers"));
            } else if (dim >= 0 && a.features().length != dim) {
                p.add(problem(f + ".features", "must have the same length as the first action's (" + dim + ")"));
            } else {
                dim = a.features().length;
            }
        }
    }

    private static void checkPool(List<double[]> pool, Integer dim, int maxPool,
            List<InvalidRequestException.FieldProblem> p) {
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

    private static io.dpbandit.spec.Feedback feedback(io.dpbandit.spec.Feedback f, double b, double offset,
            List<InvalidRequestException.FieldProblem> p) {
        int wait = f == null || f.waitSeconds() == null ? 600 : f.waitSeconds();
        double fallback = f == null || f.defaultReward() == null ? 0.0 : f.defaultReward();
        if (Double.isFinite(fallback) && Math.abs(fallback - offset) > b) {
            p.add(problem("feedback.defaultReward", offset == 0.0 ? "must lie within [-rewardBound, rewardBound]"
                    : "must lie within [rewardOffset - rewardBound, rewardOffset + rewardBound]"));
        }
        return new io.dpbandit.spec.Feedback(wait, fallback);
    }

    /** Defaults; the ranges are the annotations' (and PAPER mode's statistical scale defaults to 1). */
    /** The tuning with its defaults; its mode is PAPER under the PAPER profile unless set. */
    static BanditSpec.Tuning tuning(BanditSpec.Tuning t, Profile profile) {
        TuningMode mode = t != null && t.mode() != null ? t.mode()
                : profile == Profile.PAPER ? TuningMode.PAPER : TuningMode.ENGINEERED;
        double scale = t == null || t.confidenceScale() == null ? (mode == TuningMode.PAPER ? 1.0 : 3e-4)
                : t.confidenceScale();
        int cap = t == null || t.projectionCap() == null ? 1000 : t.projectionCap();
        int nz = t == null || t.approximationSize() == null ? 1000 : t.approximationSize();
        double q = t == null || t.clippingQuantile() == null ? 1.0 : t.clippingQuantile();
        return (t == null ? new BanditSpec.Tuning(mode, scale, cap, nz, q)
                : new BanditSpec.Tuning(mode, scale, cap, nz, q, t.elimination(), t.statisticalWidth(), t.projection(),
                        t.tauRule(), t.rewardOffset(), t.residualFloor(), t.leafRounds(), t.exploit(), t.exploitShare()))
                .withPaperRefinements();
    }

    /**
     * The default rounds per tree leaf: ⌈T / 256⌉ (at most {@link SpecLimits#MAX_LEAF_ROUNDS}), so
     * the tree has at most 256 leaves and m ≤ 9 levels up to T = 1.28·10⁶. Measured
     * (docs/benchmarks-linear.md §6, T = 20 000, ε = 1): JDP-LinUCB's regret falls by 40 % (JDP
     * paper's world) and 20 % (LDP paper's world) against a leaf per round, for a learning delay that
     * costs non-private LinUCB 39 and 42 of regret; a finer grid (⌈T/1024⌉) saves less, a coarser one
     * (⌈T/64⌉) starts losing to its delay in the first world.
     */
    public static int defaultLeafRounds(int horizon) {
        return SpecLimits.defaultLeafRounds(horizon);
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

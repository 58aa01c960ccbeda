package io.dpbandit.algorithms.linucb;

import io.dpbandit.sim.SimulatedAlgorithm;
import io.dpbandit.sim.SimulatedPolicy;
import io.dpbandit.sim.SimulationSettings;
import io.dpbandit.sim.linucb.LinUcbOptions;
import io.dpbandit.sim.linucb.LinUcbPolicies;
import io.dpbandit.sim.linucb.LinUcbSettings;
import io.dpbandit.policy.CalibrationMode;
import io.dpbandit.algorithms.sequential.LinearSection;
import io.dpbandit.algorithms.sequential.SequentialAlgorithm;
import io.dpbandit.algorithms.sequential.SequentialModel;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.policy.JointFeatureMap;
import io.dpbandit.policy.linucb.LinUcb;
import io.dpbandit.policy.linucb.LinUcbConfig;
import io.dpbandit.policy.linucb.LinearForecast;
import io.dpbandit.privacy.NodeNoiseKind;
import io.dpbandit.privacy.PrivacyAmounts;
import io.dpbandit.privacy.TreeCalibrationMethod;
import io.dpbandit.runtime.ForecastView;
import io.dpbandit.runtime.Forecaster;
import io.dpbandit.runtime.OptionsSection;
import io.dpbandit.runtime.SpecSection;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.spec.PrivacyModel;
import io.dpbandit.spec.Profile;
import io.dpbandit.policy.linucb.LinearDefaults;
import io.dpbandit.spec.SpecLimits;
import io.dpbandit.runtime.MechanismDescription;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Private LinUCB with joint DP through the tree-based mechanism on the augmented Gram matrix
 * Σ[x; y][x; y]ᵀ (Shariff &amp; Sheffet 2018), node noise Gaussian or Wishart, charged once at
 * creation for the whole horizon.
 */
public final class LinUcbAlgorithm extends SequentialAlgorithm implements SimulatedAlgorithm {

    /** Shariff &amp; Sheffet 2018's accuracy parameter α (the confidence bounds hold with probability 1 − α). */
    static final double ALPHA = 0.05;

    @Override
    public BanditSpec.Algorithm algorithm() {
        return BanditSpec.Algorithm.LINUCB;
    }

    @Override
    public List<MechanismDescription> mechanisms(BanditSpec spec) {
        int k = spec.privacy().groupSize();
        if (spec.linear() != null && spec.linear().release() == LinUcbConfig.Release.EPOCHS) {
            return List.of(MechanismDescription.server("Gaussian mechanism, once per epoch",
                    "each action's sum [x; y][x; y]ᵀ over one epoch's rounds (epochs of doubling length on the "
                            + "public leaf grid, the first linear.firstEpoch of the horizon), with symmetrised Gaussian "
                            + "noise; decisions "
                            + "are greedy on the sum of all releases so far",
                    (k > 1 ? k + " " : "") + "L̃² in whitened Frobenius norm for " + MechanismDescription.unit(spec)
                            + " (a row [x; y] clipped to norm L̃ in its action's block)",
                    "analytic Gaussian (Balle & Wang 2018, Thm 8) at the whole (ε, δ): every round is in "
                            + "one epoch, so the epochs compose in parallel and the run is charged once, at creation. "
                            + MechanismDescription.accountant(spec),
                    "engineering (docs/benchmarks-real.md, doubling epochs): disjoint LinUCB (Li et al. 2010) on "
                            + "private epoch releases; the papers do not cover it"));
        }
        boolean wishart = spec.linear() != null && spec.linear().noise() == io.dpbandit.privacy.NodeNoiseKind.WISHART;
        return List.of(MechanismDescription.server("Tree-based mechanism",
                "noisy prefix sums of the augmented Gram matrix sum [x; y][x; y]ᵀ over a public leaf grid "
                        + "(tuning.leafRounds rounds per leaf); each node's noise is drawn once and kept, and every "
                        + "action and /release model is post-processing of the released nodes",
                "L̃² in Frobenius norm per round ([x; y] clipped to norm L̃), in at most m nodes, one per level"
                        + (k > 1 ? "; " + k + " L̃² per node for " + MechanismDescription.unit(spec) : ""),
                (wishart ? "Wishart W(L̃² I, k) per node (Shariff & Sheffet 2018, Eq. 4), composed over m levels "
                        + "by advanced composition"
                        : "symmetrised Gaussian per node, σ from (ε, δ) over the m levels a row touches "
                                + "(analytic: (√m Δ/σ)-GDP, Dong, Roth & Su 2022, Cor 3.3; PAPER: the "
                                + "paper's σ² = 16 m L̃⁴ ln(4/δ)²/ε²)")
                        + "; the whole tree is charged once, when the bandit is created. "
                        + MechanismDescription.accountant(spec),
                "Shariff & Sheffet 2018, Algorithm 1 with the tree-based mechanism of their Section 4"));
    }

    /** The model's noise and the learning rounds it needs for the options' gap ({@link LinearForecast}). */
    @Override
    public Optional<Forecaster> forecaster() {
        return Optional.of(Forecaster.of(LinearForecast.KEY, LinearForecast.class,
                ForecastView.curve(LinearForecast.KEY, "scoreError", "score error",
                        new ForecastView.Series("scoreError", "score error", "score")),
                (spec, options) -> (spec.linear().release() == LinUcbConfig.Release.EPOCHS
                        ? LinearForecast.planEpochs(((EpochLinUcbModel) model(spec)).policy(), options.gap())
                        : LinearForecast.plan(((LinUcbModel) model(spec)).policy(), options.gap()))
                        .withNote(io.dpbandit.algorithms.sequential.ContextScale.note(spec, featureMap(spec),
                                spec.actions().stream().map(BanditSpec.Action::features).toArray(double[][]::new)))));
    }

    /**
     * The tree's model holds every folded round; one with epoch releases only the rounds of the epochs
     * it has released (the epoch that is filling is in no release yet).
     */
    @Override
    public long modelRounds(Supplier<BanditSpec> spec, long closed, long folded) {
        BanditSpec s = spec.get();
        if (s.linear() != null && s.linear().release() == LinUcbConfig.Release.EPOCHS) {
            return ((EpochLinUcbModel) model(s)).policy().releasedRounds(closed + folded);
        }
        return super.modelRounds(spec, closed, folded);
    }

    @Override
    public List<PrivacyModel> privacyModels() {
        return List.of(PrivacyModel.JDP);
    }

    /** The tree mechanism's model, or with linear.release EPOCHS the epochs' releases. */
    @Override
    public List<Class<?>> releasedModels() {
        return List.of(LinUcbModel.PublicLinUcb.class, EpochLinUcbModel.PublicEpochLinUcb.class);
    }

    @Override
    public Set<SpecSection> sections() {
        return Set.of(SpecSection.LEAF_GRID, SpecSection.DECISION_SETS);
    }

    @Override
    public List<OptionsSection<?>> options() {
        return List.of(LinearSection.OPTIONS);
    }

    /** Every field of {@code linear} but ONLINEUCB's learner. */
    @Override
    public Set<String> optionFields() {
        return LinearSection.OPTIONS.fields("featureMap", "mode", "noise", "regulariser", "radiusScale", "release",
                "firstEpoch");
    }

    /** The radius scale of a bandit that does not choose one. */
    public static final double DEFAULT_RADIUS_SCALE = 1.0;

    @Override
    public BanditSpec normalise(BanditSpec s, SpecLimits limits, List<InvalidRequestException.FieldProblem> p) {
        BanditSpec learn = p.isEmpty() ? learnDefaults(s) : s; // choices only for a spec with no problem yet
        BanditSpec.Linear linear = linear(LinearSection.normalise(learn, p), p);
        return withLinear(LinearSection.withActions(learn, linear), linear);
    }

    /** Under LEARN, actions without features are labels this bandit takes (as PER_ACTION, {@link #learnDefaults}). */
    @Override
    public boolean actionsMayOmitFeatures(BanditSpec s) {
        return LinearSection.perAction(s) || (s.profileOrLearn() == Profile.LEARN
                && (s.linear() == null || s.linear().featureMap() == null) && LinearSection.featureless(s)
                && s.contextDimension() != null && s.contextDimension() >= 1);
    }

    /**
     * Under the LEARN profile, the options a spec leaves out that the planner chooses
     * ({@link LinearDefaults}, measured on two real data sets in docs/benchmarks-real.md, "Learn by
     * default"): actions that are labels (no features, or one-hot ones) take the PER_ACTION map
     * (disjoint LinUCB, the same model as OUTER_PRODUCT of one-hot actions without its unit scaling)
     * and the EPOCHS release, with the first epoch the forecast ranks best over the horizon. Any
     * option the spec sets wins, and a spec that sets one the EPOCHS release does not take (noise
     * WISHART, mode PAPER, a regulariser or a radius scale) keeps the tree. Each choice is listed in
     * the spec's choices with its reason. Public inputs only: no privacy cost.
     */
    private static BanditSpec learnDefaults(BanditSpec s) {
        if (s.profileOrLearn() != Profile.LEARN || s.privacy() == null || s.horizon() == null || s.horizon() < 1
                || s.contextDimension() == null || s.contextDimension() < 1 || s.actions() == null
                || s.actions().size() < 2 || s.privacy().epsilon() == null || s.privacy().delta() == null) {
            return s; // the spec's own problems are reported by the rules that follow
        }
        BanditSpec.Linear l = s.linear() == null ? new BanditSpec.Linear(null, null, null, null) : s.linear();
        BanditSpec out = s;
        JointFeatureMap.Kind map = l.featureMap();
        if (map == null && LinearSection.labels(s)) {
            map = JointFeatureMap.Kind.PER_ACTION;
            out = out.withChoice("linear.featureMap", map, "the actions are labels (no features, or one-hot ones): "
                    + "one model block per action (disjoint LinUCB)");
        }
        boolean epochsFit = map == JointFeatureMap.Kind.PER_ACTION && l.noise() != NodeNoiseKind.WISHART
                && l.mode() != CalibrationMode.PAPER && l.regulariser() == null && l.radiusScale() == null;
        LinUcbConfig.Release release = l.release();
        if (release == null && epochsFit) {
            release = LinUcbConfig.Release.EPOCHS;
        }
        Double firstEpoch = l.firstEpoch();
        if (release == LinUcbConfig.Release.EPOCHS) {
            int k = s.actions().size();
            long leaf = s.tuning() != null && s.tuning().leafRounds() != null ? s.tuning().leafRounds()
                    : SpecLimits.defaultLeafRounds(s.horizon());
            LinearDefaults.Choice c;
            try {
                c = LinearDefaults.choose(s.horizon(), k, s.contextDimension(), true,
                        PrivacyAmounts.calibrationValue(io.dpbandit.spec.LearningBudget.privacy(s).epsilon()),
                        PrivacyAmounts.calibrationValue(s.privacy().delta()), s.privacy().groupSize(), leaf);
            } catch (IllegalArgumentException e) {
                return s; // a budget or grid the policy refuses: the rules that follow report it
            }
            if (l.release() == null) {
                out = out.withChoice("linear.release", release, String.format(java.util.Locale.ROOT,
                        "one release per doubling epoch learned more than the tree in every measured cell of two "
                        + "labelled real data sets (docs/benchmarks-real.md, Learn by default); forecast learned share "
                        + "%.3f over the horizon with the planned first epoch", c.forecastShare()));
            }
            if (firstEpoch == null) {
                firstEpoch = c.firstEpoch();
                out = out.withChoice("linear.firstEpoch", firstEpoch, c.reason());
            }
        } else if (l.release() == null) {
            out = out.withChoice("linear.release", LinUcbConfig.Release.TREE, map == JointFeatureMap.Kind.PER_ACTION
                    ? "the spec sets an option only the tree takes (noise WISHART, mode PAPER, a regulariser or a "
                            + "radius scale)"
                    : "the actions carry features: the epoch release needs one block per action (PER_ACTION)");
            release = LinUcbConfig.Release.TREE;
        }
        return out.withLinear(new BanditSpec.Linear(map, l.mode(), l.noise(), l.learner(), l.regulariser(),
                l.radiusScale(), release, firstEpoch));
    }

    /**
     * LINUCB's fields of the section with their defaults: Gaussian node noise, the TREE release with
     * the SHIFT regulariser and radius scale 1, or the EPOCHS release with its first epoch's share.
     * Each knob only where it applies, as the rules require of a request, so a normalised spec
     * validates again unchanged.
     */
    private static BanditSpec.Linear linear(BanditSpec.Linear l, List<InvalidRequestException.FieldProblem> p) {
        var noise = l.noise() == null ? NodeNoiseKind.GAUSSIAN : l.noise();
        if (noise == NodeNoiseKind.NONE) {
            p.add(new InvalidRequestException.FieldProblem("linear.noise",
                    "must be GAUSSIAN or WISHART: a served bandit is private"));
        }
        LinUcbConfig.Release release = l.release() == null ? LinUcbConfig.Release.TREE : l.release();
        boolean epochs = release == LinUcbConfig.Release.EPOCHS;
        if (epochs) {
            if (l.featureMap() != JointFeatureMap.Kind.PER_ACTION) {
                p.add(new InvalidRequestException.FieldProblem("linear.release",
                        "EPOCHS needs linear.featureMap PER_ACTION (one block per action)"));
            }
            if (noise != NodeNoiseKind.GAUSSIAN || l.mode() != CalibrationMode.ENGINEERED) {
                p.add(new InvalidRequestException.FieldProblem("linear.release", "EPOCHS is an engineered variant "
                        + "with Gaussian noise: it takes no linear.noise WISHART and no linear.mode PAPER"));
            }
            if (l.regulariser() != null || l.radiusScale() != null) {
                p.add(new InvalidRequestException.FieldProblem("linear.release", "EPOCHS floors the released Gram "
                        + "matrix at its noise level and plays greedily: linear.regulariser and linear.radiusScale "
                        + "apply to TREE only"));
            }
        } else if (l.firstEpoch() != null) {
            p.add(new InvalidRequestException.FieldProblem("linear.firstEpoch",
                    "applies to LINUCB with linear.release EPOCHS only"));
        }
        // SHIFT by default in both modes: measured against FLOOR on disjoint worlds
        // (PerActionLinUcbTest: regret 0.127 vs 0.156 per round at eps = 1, T = 20 000, uniform 0.252).
        LinUcbConfig.Regulariser regulariser = l.regulariser() == null ? LinUcbConfig.Regulariser.SHIFT
                : l.regulariser();
        Double radiusScale = l.radiusScale() == null ? Double.valueOf(DEFAULT_RADIUS_SCALE) : l.radiusScale();
        Double firstEpoch = epochs ? (l.firstEpoch() == null ? Double.valueOf(io.dpbandit.policy.linucb.EpochLinUcb.DEFAULT_FIRST_EPOCH)
                : l.firstEpoch()) : null;
        return new BanditSpec.Linear(l.featureMap(), l.mode(), noise, null, epochs ? null : regulariser,
                epochs ? null : radiusScale, release, firstEpoch);
    }

    static BanditSpec withLinear(BanditSpec s, BanditSpec.Linear linear) {
        return s.withLinear(linear);
    }

    /** Gaussian node noise is a Gaussian mechanism; Wishart node noise is not. */
    @Override
    public boolean gaussianReleases(BanditSpec spec) {
        return spec.linear() == null || spec.linear().noise() != io.dpbandit.privacy.NodeNoiseKind.WISHART;
    }

    @Override
    public String nonGaussianReleases(BanditSpec spec) {
        return "Wishart noise";
    }

    @Override
    public String gaussianChoice() {
        return "choose GAUSSIAN noise";
    }

    @Override
    protected JointFeatureMap featureMap(BanditSpec spec) {
        return new JointFeatureMap(spec.linear().featureMap());
    }

    /**
     * Calibrated at the doubles that do not exceed the spec's (ε, δ), which the creation charge
     * records (PrivacyAmounts): the ledger never understates what the mechanism spends.
     */
    @Override
    protected SequentialModel<?> model(BanditSpec spec) {
        int d = dimension(spec);
        double epsilon = PrivacyAmounts.calibrationValue(io.dpbandit.spec.LearningBudget.privacy(spec).epsilon());
        double delta = PrivacyAmounts.calibrationValue(spec.privacy().delta());
        if (spec.linear().release() == LinUcbConfig.Release.EPOCHS) {
            int k = spec.actions().size();
            return new EpochLinUcbModel(new io.dpbandit.policy.linucb.EpochLinUcb(spec.horizon(), k, d / k, epsilon,
                    delta, spec.privacy().groupSize(), spec.tuning().leafRounds(), spec.linear().firstEpoch()));
        }
        NodeNoiseKind noise = spec.linear().noise();
        LinUcbConfig config;
        if (spec.linear().mode() == CalibrationMode.PAPER) {
            config = LinUcbConfig.paper(spec.horizon(), d, epsilon, delta, ALPHA, noise);
        } else {
            LinUcbConfig base = LinUcbConfig.engineered(spec.horizon(), d, epsilon, delta, ALPHA);
            // Wishart noise is calibrated the paper's way only (its k comes from Shariff & Sheffet 2018, Prop. 9).
            TreeCalibrationMethod calibration = noise == NodeNoiseKind.WISHART ? TreeCalibrationMethod.PAPER
                    : base.calibration();
            config = new LinUcbConfig(base.horizon(), base.dimension(), base.epsilonDp(), base.deltaDp(),
                    base.alphaConf(), base.featureBound(), base.rewardBound(), base.thetaBound(), base.rewardNoise(),
                    noise, calibration, base.tuning(), base.ridge());
        }
        // The regulariser and the radius scale: a bandit created before they were choices has neither
        // in its spec and keeps the shift and radius it was created with.
        BanditSpec.Linear l = spec.linear();
        LinUcbConfig.Tuning tuning = config.tuning();
        if (l.regulariser() != null) {
            tuning = tuning.withRegulariser(l.regulariser());
        }
        if (l.radiusScale() != null) {
            tuning = tuning.withRadiusScale(l.radiusScale());
        }
        config = config.withTuning(tuning).withBlocks(featureMap(spec).blocks(spec.actions().size()));
        // A bandit created before the leaf grid has no leafRounds: it keeps a leaf per fold (0), as created.
        Integer leaf = spec.tuning() == null ? null : spec.tuning().leafRounds();
        LinUcbConfig users = config.withGroupSize(spec.privacy().groupSize());
        return new LinUcbModel(new LinUcb(leaf == null ? users : users.withLeafRounds(leaf)),
                leaf == null ? 0 : leaf);
    }

    /** The simulator's LinUCB policies ({@code sim.linucb}). */
    @Override
    public List<SimulatedPolicy> simulatedPolicies() {
        return LinUcbPolicies.all();
    }

    /** LINUCB's section: the served release's first epoch ({@code --first-epoch}). */
    @Override
    public SimulationSettings configure(SimulationSettings settings, Map<String, String> options) {
        return settings.with(LinUcbSettings.parse(options));
    }

    @Override
    public List<Object> simulateOptions() {
        return List.of(new LinUcbOptions());
    }
}

package io.dpbandit.algorithms.gpucb;

import io.dpbandit.sim.SimulatedAlgorithm;
import io.dpbandit.sim.SimulatedPolicy;
import io.dpbandit.sim.SimulationSettings;
import io.dpbandit.sim.gpucb.GpUcbOptions;
import io.dpbandit.sim.gpucb.GpUcbPolicy;
import java.util.Map;
import io.dpbandit.policy.CalibrationMode;
import io.dpbandit.algorithms.sequential.SequentialAlgorithm;
import io.dpbandit.algorithms.sequential.ReportBudget;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.algorithms.sequential.SequentialModel;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.client.gpucb.GpUcbReport;
import io.dpbandit.client.kernel.KernelType;
import io.dpbandit.kernel.BoxDomain;
import io.dpbandit.policy.JointFeatureMap;
import io.dpbandit.policy.gpucb.GpUcb;
import io.dpbandit.policy.gpucb.GpUcbConfig;
import io.dpbandit.policy.gpucb.LocalGpUcb;
import io.dpbandit.policy.gpucb.QffOrderChoice;
import io.dpbandit.privacy.PrivacyAmounts;
import io.dpbandit.runtime.ForecastView;
import io.dpbandit.runtime.Forecaster;
import io.dpbandit.runtime.OptionsSection;
import io.dpbandit.runtime.SpecSection;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.spec.PrivacyModel;
import io.dpbandit.spec.SpecLimits;
import io.dpbandit.runtime.MechanismDescription;
import io.dpbandit.policy.gpucb.GpUcbForecast;
import io.dpbandit.policy.planning.PlanReport;
import io.dpbandit.policy.planning.PlannerOptions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Private GP-UCB with quadrature Fourier features (Dubey 2021): an RBF kernel on the joint point
 * w = context ++ action features, approximated by M = 2 m̄^d features, and UCB on a private linear
 * model in that space; joint DP through the tree mechanism (charged once at creation) or local JDP
 * (each device noises its own increments).
 */
public final class GpUcbAlgorithm extends SequentialAlgorithm implements SimulatedAlgorithm {

    /** Dubey 2021's confidence failure probability ζ. */
    static final double ZETA = 0.1;
    /**
     * ENGINEERED: the UCB bonus is this times the theoretical radius (utility only); 0.1 tied 0.01 and
     * beat 1 (the theory) by far on the same measurement.
     */
    static final double RADIUS_SCALE = 0.1;
    /**
     * ENGINEERED's regulariser when the spec names none (PAPER: the paper's SHIFT). SHIFT by measurement
     * (docs/benchmarks-gpucb.md §9: on the three test functions at ε = 1 and 10, 5 seeds, on the served leaf
     * grid, FLOOR was lower on 20 of 30 paired seeds but within 1.4 standard errors everywhere, with single
     * seeds swinging by hundreds either way, and costs an eigendecomposition per fold).
     */
    static final GpUcbConfig.Regulariser ENGINEERED_REGULARISER = GpUcbConfig.Regulariser.SHIFT;
    /** Largest feature dimension M = 2 m̄^d (the model is M × M, a fold O(M³)). */
    static final int MAX_QFF_FEATURES = 512;

    @Override
    public BanditSpec.Algorithm algorithm() {
        return BanditSpec.Algorithm.GPUCB;
    }

    @Override
    public List<MechanismDescription> mechanisms(BanditSpec spec) {
        int k = spec.privacy().groupSize();
        if (spec.privacy().model() == PrivacyModel.LDP) {
            return List.of(MechanismDescription.device("Gaussian mechanism on each device",
                    "each learning round's Φ(w) Φ(w)ᵀ and y Φ(w) (M quadrature Fourier features) plus Gaussian "
                            + "noise, made on the user's device with dpbandit-client's GpUcbRandomiser; the server sums "
                            + "the reports",
                    "per report: the features have norm 1 and |y| ≤ Y, so one report moves the pair by a public bound"
                            + "; " + MechanismDescription.separateReports(k),
                    "each report at the per-report (ε′, δ′)" + (k > 1 ? " that k of them compose to" : "")
                            + ". " + MechanismDescription.accountant(spec),
                    "Dubey 2021, Alg. 3 (local JDP)"));
        }
        return List.of(MechanismDescription.server("Tree-based mechanism",
                "noisy prefix sums of the (M+1)² matrix of quadrature Fourier features and rewards over a public leaf "
                        + "grid; actions and /release models are post-processing of the released nodes",
                "one round's (M+1)² outer product, bounded by (1 + Y²) in Frobenius norm, in at most m nodes"
                        + (k > 1 ? "; k times that for " + MechanismDescription.unit(spec) : ""),
                "symmetrised Gaussian per node over the m levels a row touches; the whole tree is charged once, when "
                        + "the bandit is created. " + MechanismDescription.accountant(spec),
                "Dubey 2021, Alg. 2 with the tree-based mechanism of Shariff & Sheffet 2018"));
    }

    @Override
    public List<PrivacyModel> privacyModels() {
        return List.of(PrivacyModel.JDP, PrivacyModel.LDP);
    }

    /** The kernel is required (RBF); the pool is optional. */
    @Override
    public Set<SpecSection> sections() {
        return Set.of(SpecSection.KERNEL, SpecSection.LEAF_GRID, SpecSection.DECISION_SETS);
    }

    /** {@code gpucb}: the quadrature order and the variant. */
    static final OptionsSection<BanditSpec.GpUcb> OPTIONS = new OptionsSection<>("gpucb", BanditSpec.GpUcb.class,
            BanditSpec::gpucb);

    @Override
    public List<OptionsSection<?>> options() {
        return List.of(OPTIONS);
    }

    @Override
    protected boolean boundedCoordinates() {
        return true;
    }

    @Override
    protected JointFeatureMap featureMap(BanditSpec spec) {
        return featureMapOf();
    }

    /**
     * An RBF kernel (quadrature Fourier features exist for squared-exponential kernels); m̄ from the
     * spec or the smallest meeting the 1/T² error bound on [0, 1]^d within M ≤ 512;
     * d = contextDimension + action dimension.
     */
    @Override
    public BanditSpec normalise(BanditSpec s, SpecLimits limits, List<InvalidRequestException.FieldProblem> p) {
        if (s.kernel() != null && s.kernel().type() != KernelType.RBF) {
            p.add(problem("kernel", "GPUCB needs an RBF kernel on the joint point, e.g. {\"type\": \"RBF\", "
                    + "\"lengthScale\": 0.5}: its quadrature Fourier features exist for squared-exponential kernels"));
        }
        BanditSpec.GpUcb g = s.gpucb();
        var mode = g != null && g.mode() != null ? g.mode()
                : s.profileOrLearn() == io.dpbandit.spec.Profile.PAPER ? CalibrationMode.PAPER : CalibrationMode.ENGINEERED;
        Integer nodes = g == null ? null : g.nodesPerDimension();
        Integer dim = s.contextDimension();
        var actions = s.actions();
        if (dim != null && actions != null && !actions.isEmpty() && actions.get(0) != null
                && actions.get(0).features() != null && s.kernel() != null && s.kernel().type() == KernelType.RBF
                && s.horizon() != null && s.horizon() >= 1 && dim >= 0) {
            nodes = nodes(s, dim + actions.get(0).features().length, nodes, p);
        }
        boolean paper = mode == CalibrationMode.PAPER;
        var regulariser = g == null || g.regulariser() == null
                ? (paper ? GpUcbConfig.Regulariser.SHIFT : ENGINEERED_REGULARISER) : g.regulariser();
        Double radiusScale = g == null || g.radiusScale() == null ? Double.valueOf(paper ? 1.0 : RADIUS_SCALE)
                : g.radiusScale();
        return s.withGpucb(new BanditSpec.GpUcb(nodes, mode, regulariser, radiusScale));
    }

    private static Integer nodes(BanditSpec s, int d, Integer nodes, List<InvalidRequestException.FieldProblem> p) {
        if (d < 1) {
            p.add(problem("contextDimension", "GPUCB needs a joint point (context and action features) of at least "
                    + "one number"));
            return null;
        }
        int maxNodes = 0;
        while (maxNodes < 64 && features(maxNodes + 1, d) <= MAX_QFF_FEATURES) {
            maxNodes++;
        }
        if (maxNodes < 2) { // one node per dimension is a constant feature map
            p.add(problem("gpucb", "GPUCB's quadrature features grow as 2 * nodes^d: the joint point (context and "
                    + "action features, d = " + d + ") must have at most 8 numbers"));
            return null;
        }
        if (nodes == null) {
            int wanted = QffOrderChoice.errorBelowInverseSquareHorizon(s.horizon(), BoxDomain.unitCube(d),
                    s.kernel().lengthScale());
            return Math.max(2, Math.min(wanted, maxNodes));
        }
        if (features(nodes, d) > MAX_QFF_FEATURES) {
            p.add(problem("gpucb.nodesPerDimension", "gives " + features(nodes, d) + " features; at most "
                    + MAX_QFF_FEATURES + " (nodesPerDimension <= " + maxNodes + " for d = " + d + ")"));
        }
        return nodes;
    }

    private static long features(int nodes, int d) {
        double m = 2 * Math.pow(nodes, d);
        return m > Long.MAX_VALUE / 2 ? Long.MAX_VALUE : (long) m;
    }

    private static InvalidRequestException.FieldProblem problem(String field, String message) {
        return new InvalidRequestException.FieldProblem(field, message);
    }

    /**
     * GP-UCB on the joint point w ∈ R^d, features' error bound stated on [0, 1]^d. Rewards are
     * clipped to [−B, B] (Y = B: deterministic sensitivity by clipping, docs/papers.md); ρ = B/2 (a
     * reward in [−B, B] is B-sub-Gaussian around its mean, B/2 for [0, B]: the experiments'
     * Bernoulli scale), λ = ρ², ‖f‖_k ≤ B. Calibrated at the doubles that do not exceed the spec's
     * (ε, δ), which the creation charge records.
     */
    @Override
    protected SequentialModel<?> model(BanditSpec spec) {
        int d = dimension(spec);
        boolean local = spec.privacy().model() == PrivacyModel.LDP;
        // LDP: one report's share of the user's budget; JDP: the whole budget, with k in the sensitivity.
        PrivacyCost budget = local ? ReportBudget.perReport(spec)
                : new PrivacyCost(PrivacyAmounts.calibrationValue(io.dpbandit.spec.LearningBudget.privacy(spec).epsilon()),
                        PrivacyAmounts.calibrationValue(spec.privacy().delta()));
        double epsilon = budget.epsilon();
        double delta = budget.delta();
        BanditSpec.GpUcb g = spec.gpucb();
        double y = spec.rewardBound();
        double rho = y / 2;
        var domain = BoxDomain.unitCube(d);
        var privacy = local ? GpUcbConfig.Privacy.localJdp(epsilon, delta) : GpUcbConfig.Privacy.jdp(epsilon, delta);
        boolean paper = g.mode() == CalibrationMode.PAPER;
        GpUcbConfig config = paper
                ? GpUcbConfig.paper(g.nodesPerDimension(), spec.kernel().lengthScale(), domain, spec.horizon(), privacy,
                        rho * rho, rho, y, ZETA, y)
                : GpUcbConfig.engineered(g.nodesPerDimension(), spec.kernel().lengthScale(), domain, spec.horizon(),
                        privacy, rho * rho, rho, y, ZETA, y, 1.0, RADIUS_SCALE);
        // A spec stored before these were choices has neither: it keeps the SHIFT and radius it was created with.
        config = config.withTuning(config.tuning()
                .withRegulariser(g.regulariser() == null ? GpUcbConfig.Regulariser.SHIFT : g.regulariser())
                .withRadiusScale(g.radiusScale() == null ? (paper ? 1.0 : RADIUS_SCALE) : g.radiusScale()));
        if (local) {
            return new LocalGpUcbModel(new LocalGpUcb(config));
        }
        // A bandit created before the leaf grid has no leafRounds: it keeps a leaf per fold (0), as created.
        Integer leaf = spec.tuning() == null ? null : spec.tuning().leafRounds();
        GpUcbConfig jdp = config.withGroupSize(spec.privacy().groupSize());
        return new GpUcbModel(new GpUcb(leaf == null ? jdp : jdp.withLeafRounds(leaf)), leaf == null ? 0 : leaf);
    }

    /**
     * The model's noise and the learning rounds it needs for the options' gap ({@link GpUcbForecast}),
     * JDP or local JDP. The spectrum of the features is taken over a public sample of joint points:
     * up to {@code options.contexts()} contexts (the pool's, drawn with the options' seed, or uniform on
     * [0, 1]^dc without a pool: the box the features' error bound is stated on) times every action.
     */
    @Override
    public Optional<Forecaster> forecaster() {
        return Optional.of(Forecaster.of(GpUcbForecast.KEY, GpUcbForecast.class,
                ForecastView.curve(GpUcbForecast.KEY, "scoreError", "score error",
                        new ForecastView.Series("scoreError", "score error of a difference between two actions",
                                "score")),
                this::forecast));
    }

    private PlanReport forecast(BanditSpec spec, PlannerOptions options) {
        List<List<double[]>> sample = publicSample(spec, options);
        SequentialModel<?> model = model(spec);
        if (model instanceof LocalGpUcbModel local) {
            return GpUcbForecast.planLocal(local.policy(), sample, options.gap(), options);
        }
        return GpUcbForecast.plan(((GpUcbModel) model).policy(), sample, options.gap(), options);
    }

    /** Contexts (the pool's or uniform ones, public draws), each with every action, as joint points. */
    static List<List<double[]>> publicSample(BanditSpec spec, PlannerOptions options) {
        int dc = spec.contextDimension();
        SplittableRandom rng = new SplittableRandom(options.seed());
        List<double[]> contexts = new ArrayList<>();
        List<double[]> pool = spec.contextPool();
        if (dc == 0) {
            contexts.add(new double[0]);
        } else if (pool != null && !pool.isEmpty()) {
            List<double[]> copy = new ArrayList<>(pool);
            Collections.shuffle(copy, new Random(options.seed()));
            contexts.addAll(copy.subList(0, Math.min(copy.size(), options.contexts())));
        } else {
            for (int i = 0; i < options.contexts(); i++) {
                double[] c = new double[dc];
                for (int j = 0; j < dc; j++) {
                    c[j] = rng.nextDouble();
                }
                contexts.add(c);
            }
        }
        JointFeatureMap map = featureMapOf();
        List<double[]> actions = spec.actions().stream().map(BanditSpec.Action::features).toList();
        List<List<double[]>> sample = new ArrayList<>(contexts.size());
        for (double[] c : contexts) {
            sample.add(actions.stream().map(a -> map.features(c, a)).toList());
        }
        return sample;
    }

    private static JointFeatureMap featureMapOf() {
        return new JointFeatureMap(JointFeatureMap.Kind.CONCATENATION);
    }

    /** JDP: the tree mechanism's model; LDP: the devices' reports summed. */
    @Override
    public List<Class<?>> releasedModels() {
        return List.of(GpUcbModel.PublicGpUcb.class, LocalGpUcbModel.PublicLocalGpUcb.class);
    }

    @Override
    public List<Class<?>> randomiserInputs() {
        return List.of(GpUcbInput.class);
    }

    @Override
    public List<Class<?>> reports() {
        return List.of(GpUcbReport.class);
    }

    /** The simulator's GP-UCB policies ({@code sim.gpucb}). */
    @Override
    public List<SimulatedPolicy> simulatedPolicies() {
        return GpUcbPolicy.all();
    }

    @Override
    public SimulationSettings configure(SimulationSettings settings, Map<String, String> options) {
        return settings.with(GpUcbOptions.parse(options));
    }

    @Override
    public List<Object> simulateOptions() {
        return List.of(new GpUcbOptions());
    }
}

package io.dpbandit.algorithms.onlineucb;

import io.dpbandit.sim.SimulatedAlgorithm;
import io.dpbandit.sim.SimulatedPolicy;
import io.dpbandit.sim.onlineucb.OnlineUcbPolicies;
import io.dpbandit.policy.CalibrationMode;
import io.dpbandit.algorithms.sequential.LinearSection;
import io.dpbandit.algorithms.sequential.SequentialAlgorithm;
import io.dpbandit.algorithms.sequential.SequentialModel;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.client.onlineucb.OnlineUcbReport;
import io.dpbandit.policy.JointFeatureMap;
import io.dpbandit.policy.onlineucb.OnlineUcb;
import io.dpbandit.policy.onlineucb.OnlineUcbConfig;
import io.dpbandit.policy.onlineucb.OnlineUcbForecast;
import io.dpbandit.algorithms.sequential.ReportBudget;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.runtime.ForecastView;
import io.dpbandit.runtime.Forecaster;
import io.dpbandit.runtime.OptionsSection;
import io.dpbandit.runtime.SpecSection;
import io.dpbandit.runtime.WireDoc;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.spec.PrivacyModel;
import io.dpbandit.spec.SpecLimits;
import io.dpbandit.runtime.MechanismDescription;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * OnlineUCB with local DP ("Improved rate for Locally Differentially Private Linear Bandits"): each
 * user randomises their own round on their device and sends only the report; the server never
 * receives a reward.
 */
public final class OnlineUcbAlgorithm extends SequentialAlgorithm implements SimulatedAlgorithm {

    @Override
    public BanditSpec.Algorithm algorithm() {
        return BanditSpec.Algorithm.ONLINEUCB;
    }

    @Override
    public List<MechanismDescription> mechanisms(BanditSpec spec) {
        int k = spec.privacy().groupSize();
        return List.of(MechanismDescription.device("Gaussian mechanism on each device",
                "each learning round's x̃ = clip(x) + N(0, σₓ² I) + ζ and ỹ = clip(y) + N(0, σ_y²), made "
                        + "on the user's device with dpbandit-client's OnlineUcbRandomiser; the gradient it sends is "
                        + "computed from x̃ and ỹ only (post-processing)",
                "2 Bₓ for x and 2 B_y for y per report (clipped to norm Bₓ and to [−B_y, B_y] on the device)"
                        + "; " + MechanismDescription.separateReports(k),
                "JOINT_VECTOR: one Gaussian on (x, y) at the per-report (ε′, δ′); PAPER_SEPARATE: two, "
                        + "(2 ε′, 2 δ′) together" + (k > 1 ? "; (ε′, δ′) is what k reports compose "
                                + "to the bandit's (ε, δ)" : "") + ". " + MechanismDescription.accountant(spec),
                "OnlineUCB (LDP linear bandits via online-to-confidence-set conversion), the user's step"));
    }

    /**
     * The model's noise and the learning rounds it needs for the options' gap ({@link OnlineUcbForecast}):
     * from the devices' public parameters, the per-report budget under {@code privacy.unit USER}
     * included.
     */
    @Override
    public Optional<Forecaster> forecaster() {
        return Optional.of(Forecaster.of(OnlineUcbForecast.KEY, OnlineUcbForecast.class,
                ForecastView.curve(OnlineUcbForecast.KEY, "decisionError", "decision error",
                        new ForecastView.Series("scoreError", "score error", "score"),
                        new ForecastView.Series("bonusSpread", "confidence bonus spread", "bonus"),
                        new ForecastView.Series("decisionError", "decision error (both together)", "decision")),
                (spec, options) -> OnlineUcbForecast.plan(((OnlineUcbModel) model(spec)).policy(),
                        spec.privacy().groupSize(), options.gap())
                        .withNote(io.dpbandit.algorithms.sequential.ContextScale.note(spec, featureMap(spec),
                                spec.actions().stream().map(BanditSpec.Action::features).toArray(double[][]::new)))));
    }

    @Override
    public List<PrivacyModel> privacyModels() {
        return List.of(PrivacyModel.LDP);
    }

    @Override
    public Set<SpecSection> sections() {
        return Set.of(SpecSection.DECISION_SETS);
    }

    @Override
    public List<OptionsSection<?>> options() {
        return List.of(LinearSection.OPTIONS);
    }

    /** The section's common fields and the server's learner. */
    @Override
    public Set<String> optionFields() {
        return LinearSection.OPTIONS.fields("featureMap", "mode", "learner");
    }

    /** PER_ACTION, or under LEARN actions without features: labels this bandit takes as PER_ACTION. */
    @Override
    public boolean actionsMayOmitFeatures(BanditSpec s) {
        return LinearSection.perAction(s) || (s.profileOrLearn() == io.dpbandit.spec.Profile.LEARN
                && (s.linear() == null || s.linear().featureMap() == null) && LinearSection.featureless(s)
                && s.contextDimension() != null && s.contextDimension() >= 1);
    }

    /**
     * The learner by default: OGD (engineered), or the paper's MALER under mode PAPER. Under the LEARN profile
     * actions without features (labels) take the PER_ACTION map, as LINUCB's do: one model block per action
     * over the context, what the label bandits of docs/benchmarks-real.md measured (FEATUREMAP_REASON); any
     * map the spec sets wins. Actions with one-hot features keep the default map, OUTER_PRODUCT: such a spec
     * was served before this rule, and its re-post must stay the same bandit. Public inputs only.
     */
    @Override
    public BanditSpec normalise(BanditSpec s, SpecLimits limits, List<InvalidRequestException.FieldProblem> p) {
        if (p.isEmpty() && s.profileOrLearn() == io.dpbandit.spec.Profile.LEARN
                && (s.linear() == null || s.linear().featureMap() == null) && LinearSection.featureless(s)
                && s.contextDimension() != null && s.contextDimension() >= 1) {
            BanditSpec.Linear l = s.linear() == null ? new BanditSpec.Linear(null, null, null, null) : s.linear();
            s = s.withLinear(new BanditSpec.Linear(JointFeatureMap.Kind.PER_ACTION, l.mode(), l.noise(), l.learner(),
                    l.regulariser(), l.radiusScale(), l.release(), l.firstEpoch()))
                    .withChoice("linear.featureMap", JointFeatureMap.Kind.PER_ACTION, FEATUREMAP_REASON);
        }
        BanditSpec.Linear common = LinearSection.normalise(s, p);
        OnlineUcbConfig.Learner learner = common.learner() != null ? common.learner()
                : common.mode() == CalibrationMode.PAPER ? OnlineUcbConfig.Learner.MALER : OnlineUcbConfig.Learner.OGD;
        BanditSpec.Linear l = new BanditSpec.Linear(common.featureMap(), common.mode(), null, learner, null, null,
                null, null);
        BanditSpec withActions = LinearSection.withActions(s, l);
        return s.withActions(withActions.actions()).withLinear(l);
    }

    static final String FEATUREMAP_REASON = "the actions are labels (no features): one model block "
            + "per action over the context, which learned more than OUTER_PRODUCT of one-hot labels on both real data "
            + "sets at every measured privacy level (wine, T = 20 000: 0.40 against 0.29 right at epsilon 1, 0.70 "
            + "against 0.39 at 4; docs/benchmarks-real.md, Learn by default)";

    @Override
    protected JointFeatureMap featureMap(BanditSpec spec) {
        return new JointFeatureMap(spec.linear().featureMap());
    }

    /**
     * The paper's two separate releases compose to (2ε', 2δ') per user (the joint calibration of the
     * two LDP releases, docs/papers.md), so paper mode runs them at (ε/2, δ/2): the report is
     * (ε, δ)-LDP, what the spec declares. Calibrated at the doubles that do not exceed the spec's.
     */
    @Override
    protected SequentialModel<?> model(BanditSpec spec) {
        int d = dimension(spec);
        // One report's share of the user's budget (the whole of it under round-level privacy).
        PrivacyCost report = ReportBudget.perReport(spec);
        double epsilon = report.epsilon();
        double delta = report.delta();
        OnlineUcbConfig config = spec.linear().mode() == CalibrationMode.PAPER
                ? OnlineUcbConfig.paper(d, epsilon / 2, delta / 2, spec.horizon())
                : OnlineUcbConfig.engineered(d, epsilon, delta, spec.horizon());
        if (spec.linear().learner() != null) {
            config = config.withLearner(spec.linear().learner());
        }
        return new OnlineUcbModel(new OnlineUcb(config));
    }

    @Override
    public List<Class<?>> releasedModels() {
        return List.of(OnlineUcbModel.PublicOnlineUcb.class);
    }

    @Override
    public List<Class<?>> randomiserInputs() {
        return List.of(OnlineUcbInput.class);
    }

    @Override
    public List<Class<?>> reports() {
        return List.of(OnlineUcbReport.class);
    }

    /** The API document's prose for the report (from OnlineUcbReport's Javadoc). */
    @Override
    public List<WireDoc> wireDocs() {
        return List.of(new WireDoc("OnlineUcbReport", "One user's OnlineUCB report, made on the user's device by "
                + "dpbandit-client's OnlineUcbRandomiser; (ε, δ)-LDP with respect to the user's (x, y).", Map.ofEntries(
                Map.entry("base", "the ticket's base, echoed"),
                Map.entry("round", "the ticket's round, echoed"),
                Map.entry("noisyFeatures", "x̃ = clip(x) + N(0, σ_x² I) + ζ: the played action's features after "
                        + "clipping to ‖x‖ ≤ B_x, privacy noise and the conditioning perturbation ζ ~ N(0, Δ² I)"),
                Map.entry("noisyReward", "ỹ = clip(y) + N(0, σ_y²): the reward after clipping to [−B_y, B_y] and noise"),
                Map.entry("gradient", "g = 2x̃(⟨x̃, θ⟩ − ỹ) − 2σ_x²θ at the ticket's θ, clipped to ‖g‖ ≤ G"),
                Map.entry("epsilon", "ε of the report's LDP guarantee (must be the bandit's)"),
                Map.entry("delta", "δ of the report's LDP guarantee (must be the bandit's)"),
                Map.entry("featureSigma", "σ_x the device used (derived by the device from the parameters)"),
                Map.entry("rewardSigma", "σ_y the device used"),
                Map.entry("conditioningStd", "Δ used (the ticket's)"),
                Map.entry("release", "JOINT_VECTOR or PAPER_SEPARATE (must be the bandit's)"),
                Map.entry("calibration", "ANALYTIC or CLASSICAL (must be the bandit's)"))));
    }

    /** The simulator's OnlineUCB policies and its paper's LDP-LinUCB baseline ({@code sim.onlineucb}). */
    @Override
    public List<SimulatedPolicy> simulatedPolicies() {
        return OnlineUcbPolicies.all();
    }
}

package io.dpbandit.algorithms.capri;

import io.dpbandit.runtime.SpecWhatIf;
import io.dpbandit.sim.SimulatedAlgorithm;
import io.dpbandit.sim.SimulatedPolicy;
import io.dpbandit.sim.SimulationSettings;
import io.dpbandit.sim.capri.CapriPolicy;
import io.dpbandit.sim.capri.CapriSettings;
import io.dpbandit.sim.capri.RefinementOptions;
import java.util.Map;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.client.capri.CapriReport;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.policy.ContextGenerator;
import io.dpbandit.policy.PublicPoolGenerator;
import io.dpbandit.policy.capri.Capri;
import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.policy.capri.ReleasedModel;
import io.dpbandit.policy.capri.CapriForecast;
import io.dpbandit.policy.capri.CapriForecasting;
import io.dpbandit.runtime.AlgorithmDescriptor;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.runtime.BanditVersion;
import io.dpbandit.runtime.ForecastView;
import io.dpbandit.runtime.Forecaster;
import io.dpbandit.runtime.RuntimeServices;
import io.dpbandit.runtime.SpecSection;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.spec.PrivacyModel;
import io.dpbandit.spec.SpecLimits;
import io.dpbandit.spec.TuningMode;
import io.dpbandit.runtime.MechanismDescription;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * CAPRI (Pavlovic, Salgia &amp; Zhao: epoch elimination with private projected kernel regression),
 * joint or local DP. Epochs of T_1 = ⌈√T⌉ rounds doubling; each is planned in the background,
 * folded as its rewards settle and released once at its close, charged then.
 */
public final class CapriAlgorithm implements AlgorithmDescriptor, SimulatedAlgorithm, SpecWhatIf.Offered {

    @Override
    public BanditSpec.Algorithm algorithm() {
        return BanditSpec.Algorithm.CAPRI;
    }

    @Override
    public List<MechanismDescription> mechanisms(BanditSpec spec) {
        boolean local = spec.privacy().model() == PrivacyModel.LDP;
        boolean parallel = spec.privacy().composition() == CapriConfig.EpochComposition.PARALLEL;
        boolean gaussian = spec.privacy().accountantOrBasic().composesGaussians();
        int k = spec.privacy().groupSize();
        String split;
        if (gaussian) {
            split = "every epoch's release at the whole μ on the group sensitivity: a user with jᵣ of their k "
                    + "rounds in epoch r costs √(Σᵣ (jᵣ/k)²) μ ≤ μ in all (Gaussian DP composition, Dong, "
                    + "Roth & Su 2019, Cor 3.3; with k = 1 a round is in one epoch), charged at the first release";
        } else {
            split = parallel ? "(ε, δ) per epoch (parallel composition: each round enters one epoch)"
                    : "(ε/L, δ/L) per releasing epoch, L = max(1, ln T, R) (the paper's split); a user's "
                            + "rounds reach at most min(k, R) epochs, so only the first min(k, R) releases are charged";
        }
        CapriConfig.Refinements refinements = spec.tuning().refinements();
        String decisions = refinements.exploits()
                ? " Decisions (tuning.exploit ARGMAX, exploitShare "
                        + MechanismDescription.number(refinements.exploitShare()) + "): a public coin, "
                        + "independent of contexts and rewards, makes that share of the learning epochs' decisions, "
                        + "and every decision after the last release, play the latest release's argmax inside "
                        + "Xᵣ(c); such a decision takes no learning round and its reward enters no sum. This is "
                        + "post-processing of the releases (no privacy cost); not in the paper, whose Algorithm 1 "
                        + "plays uniformly over Xᵣ(c)."
                : "";
        String engineering = refinements.exploits()
                ? "; decisions: tuning.exploit ARGMAX, engineering the paper does not cover" : "";
        if (local) {
            return List.of(MechanismDescription.device("Gaussian mechanism on each device",
                    "each learning round's own term yₜ Aᵣ⁻¹ᐟ² k_S(cₜ, xₜ) plus N(0, σ² I), made on the "
                            + "user's device with dpbandit-client's CapriRandomiser; the server sums the reports at the "
                            + "epoch's end." + decisions,
                    "2 Cᵣ in L2 per report (the term is clipped to norm Cᵣ on the device); a user sends at most "
                            + "k = " + k + " report" + (k == 1 ? "" : "s") + " in all, whatever the epochs",
                    (gaussian ? "σ = 2 Cᵣ / μ_report, μ_report = μ / √k: the user's k reports compose as "
                            + "Gaussians to μ" : "each report at (ε/k, δ/k): the user's k reports add up to "
                            + "(ε, δ)") + "; the whole is charged at the first release. "
                            + MechanismDescription.accountant(spec),
                    "Pavlovic, Salgia & Zhao, CAPRI with local DP (Algorithm 1, the LDP variant)" + engineering));
        }
        String calibration = spec.tuning().mode() == TuningMode.PAPER
                ? "the paper's σ₀ = 4 B σ̃_max √(ln(1.25/δ′))/ε′ at each epoch's (ε′, "
                        + "δ′) = " + split
                : "σᵣ = Δᵣ / μᵣ by Balle & Wang's analytic Gaussian (2018, Thm 8), " + split;
        return List.of(MechanismDescription.server("Gaussian mechanism, once per epoch",
                "the epoch's projected sum gᵣ = Σₜ yₜ Aᵣ⁻¹ᐟ² k_S(cₜ, xₜ) plus N(0, σᵣ² I) when the "
                        + "epoch closes; the next epoch's active sets, the decisions they serve and the /release model "
                        + "are post-processing of it." + decisions,
                "Δᵣ = 2 " + (k > 1 ? "× " + k + " " : "") + "Cᵣ in L2 for " + MechanismDescription.unit(spec)
                        + ": each round's term is clipped to norm Cᵣ, a public bound of the epoch's plan",
                calibration + ". " + MechanismDescription.accountant(spec),
                "Pavlovic, Salgia & Zhao, CAPRI (Algorithm 1: private projected kernel regression)" + engineering));
    }

    @Override
    public List<PrivacyModel> privacyModels() {
        return List.of(PrivacyModel.JDP, PrivacyModel.LDP);
    }

    @Override
    public Set<SpecSection> sections() {
        return Set.of(SpecSection.KERNEL, SpecSection.CONTEXT_POOL, SpecSection.REFINEMENTS,
                SpecSection.EPOCH_COMPOSITION);
    }

    /**
     * PAIRWISE elimination keeps each release's m × m factor, so it needs a small projection cap; a
     * reward offset needs JDP (a CAPRI-LDP device clips to [−B, B] itself).
     */
    @Override
    public BanditSpec normalise(BanditSpec s, SpecLimits limits, List<InvalidRequestException.FieldProblem> p) {
        BanditSpec.Tuning t = s.tuning();
        if (t != null && t.elimination() == CapriConfig.Refinements.EliminationTest.PAIRWISE
                && t.projectionCap() != null && t.projectionCap() > 300) {
            p.add(new InvalidRequestException.FieldProblem("tuning.projectionCap", "must be at most 300 with PAIRWISE "
                    + "elimination (each release carries its m x m factor); PLANNED projection usually needs far "
                    + "fewer points"));
        }
        if (t != null && t.exploit() != CapriConfig.Refinements.Exploit.ARGMAX && t.exploitShare() != null
                && t.exploitShare() != 0.0) {
            p.add(new InvalidRequestException.FieldProblem("tuning.exploitShare", "needs tuning.exploit ARGMAX: "
                    + "the paper's decisions (exploit NONE) never exploit"));
        }
        if (t != null && t.rewardOffset() != null && t.rewardOffset() != 0.0 && s.privacy() != null
                && s.privacy().model() == PrivacyModel.LDP) {
            p.add(new InvalidRequestException.FieldProblem("tuning.rewardOffset",
                    "needs JDP: a CAPRI-LDP device clips its reward to [-B, B]"));
        }
        return p.isEmpty() ? CapriLearnDefaults.apply(s, p) : s;
    }

    /** Under LEARN a spec with a pool may leave the kernel out: the median rule sets RBF's length scale. */
    @Override
    public boolean choosesKernel(BanditSpec s) {
        return CapriLearnDefaults.choosesKernel(s);
    }

    @Override
    public Creation create(BanditSpec spec, NoiseSource noise) {
        Capri capri = policy(spec);
        capri.checkNoiseCalibration();
        return new Creation(capri.schedule().plannedLength(1),
                new PrivacyCost(spec.privacy().epsilon(), spec.privacy().delta()), null, null,
                io.dpbandit.privacy.Commitment.gaussian(capri.committedRho()));
    }

    @Override
    public BanditRuntime runtime(BanditSpec spec, BanditVersion version, RuntimeServices services) {
        List<ReleasedModel> models = services.releasedModels(spec.id()).stream()
                .map(m -> services.json().read(m, ReleasedModel.class)).toList();
        return new CapriRuntime(spec, policy(spec), version, models, services,
                () -> resolvableGaps.of(spec, forecaster()));
    }

    /** The planner's resolvable gaps of a bandit (public: from its spec and pool), once per bandit. */
    private final io.dpbandit.runtime.ForecastPoints resolvableGaps = new io.dpbandit.runtime.ForecastPoints();

    /** Per releasing epoch the noise, the charge and the smallest gap it resolves ({@link CapriForecasting}). */
    @Override
    public Optional<Forecaster> forecaster() {
        return Optional.of(Forecaster.of(CapriForecast.KEY, CapriForecast.class,
                ForecastView.of(CapriForecast.KEY, ForecastView.Chart.EPOCH_GAPS),
                (spec, options) -> CapriForecasting.plan(config(spec), contexts(spec), options)));
    }

    @Override
    public boolean plansEpochs() {
        return true;
    }

    @Override
    public Class<CapriRelease> releaseType() {
        return CapriRelease.class;
    }

    /** With LDP, each epoch's randomiser plan ({@link CapriLocalReports#epochPlan}). */
    @Override
    public List<Class<?>> epochPlans() {
        return List.of(io.dpbandit.client.capri.CapriRandomiserPlan.class);
    }

    @Override
    public List<Class<?>> randomiserInputs() {
        return List.of(CapriLocalInput.class);
    }

    @Override
    public List<Class<?>> reports() {
        return List.of(CapriReport.class);
    }

    @Override
    public List<String> panels() {
        return List.of("timeline", "budget", "epoch-statistics", "forecast", "recommendations", "privacy");
    }

    /** The public context pool as the policy draws from it. */
    public static ContextGenerator contexts(BanditSpec spec) {
        return new PublicPoolGenerator(spec.contextPool());
    }

    /** CAPRI's configuration for a validated, normalised spec. */
    public static CapriConfig config(BanditSpec spec) {
        var model = spec.privacy().model() == PrivacyModel.LDP ? CapriConfig.Model.LDP : CapriConfig.Model.JDP;
        var privacy = new CapriConfig.Privacy(model, io.dpbandit.spec.LearningBudget.privacy(spec).epsilon(), spec.privacy().delta(),
                spec.privacy().accountantOrBasic(), spec.privacy().groupSize());
        List<double[]> actionFeatures = spec.actions().stream().map(BanditSpec.Action::features).toList();
        boolean paper = spec.tuning().mode() == TuningMode.PAPER;
        int horizon = learningHorizon(spec);
        CapriConfig base = paper
                ? CapriConfig.paper(horizon, actionFeatures, spec.kernel(), spec.regularization(),
                        spec.rewardBound(), privacy)
                : CapriConfig.engineered(horizon, actionFeatures, spec.kernel(), spec.regularization(),
                        spec.rewardBound(), privacy, spec.tuning().confidenceScale(), spec.tuning().clippingQuantile());
        CapriConfig.Width width = paper
                ? new CapriConfig.Width(spec.tuning().confidenceScale(), CapriConfig.Width.PrivacyTerm.THEORY, 1.0)
                : base.width();
        return base.withWidth(width).withProjectionCap(spec.tuning().projectionCap())
                .withComposition(spec.privacy().composition()).withRefinements(spec.tuning().refinements());
    }

    /**
     * The rounds CAPRI learns over. A spec normalised with a profile counts {@code horizon} in
     * decisions (users): with {@code exploit ARGMAX} and a share s &gt; 0 about (1 − s) of them learn,
     * so the epochs are scheduled over ⌊(1 − s) · horizon⌋ learning rounds, as a deployment expecting
     * {@code horizon} users needs (the simulator's rule, sim.capri.CapriPolicy). A spec stored before
     * profiles (none) counted learning rounds and keeps its schedule.
     */
    public static int learningHorizon(BanditSpec spec) {
        CapriConfig.Refinements r = spec.tuning().refinements();
        if (spec.profile() == null || !r.exploits() || r.exploitShare() == 0) {
            return spec.horizon();
        }
        return Math.max(1, (int) Math.floor((1 - r.exploitShare()) * spec.horizon()));
    }

    public static Capri policy(BanditSpec spec) {
        return new Capri(config(spec), contexts(spec));
    }

    /** The simulator's CAPRI policies ({@code sim.capri}). */
    @Override
    public List<SimulatedPolicy> simulatedPolicies() {
        return CapriPolicy.all();
    }

    /** CAPRI's section, and the reward bound its refinement options may set for every policy. */
    @Override
    public SimulationSettings configure(SimulationSettings settings, Map<String, String> options) {
        return settings.with(CapriSettings.parse(options)).withRewardBound(RefinementOptions.rewardBound(options));
    }

    @Override
    public List<Object> simulateOptions() {
        return List.of(new io.dpbandit.sim.capri.CapriOptions(), new RefinementOptions());
    }

    /** {@code plan}'s what-ifs: the epochs' composition and the refinements. */
    @Override
    public List<SpecWhatIf> planWhatIfs() {
        return List.of(new CompositionWhatIf(), new RefinementWhatIf());
    }

    /**
     * Each epoch's release is charged when the epoch closes. Under LDP the devices spend earlier, when
     * they randomise their reports, so what the ledger shows lags them by at most the open epoch's
     * charge; the sentence says so (committed, the plan, bounds both).
     */
    @Override
    public io.dpbandit.runtime.Spending spending(BanditSpec spec, io.dpbandit.runtime.Spending.Progress progress) {
        String sentence = spec.privacy().model() == PrivacyModel.LDP
                ? "Each user's device spends when it randomises its report; the ledger charges an epoch's cost when "
                        + "the epoch closes, so spent here lags the devices by at most the open epoch's charge, and "
                        + "committed (the plan for every epoch) bounds both."
                : "Each epoch's release is charged to the ledger in the transaction that closes the epoch, so spent is "
                        + "what the ledger has charged; committed is what the plan's epochs spend by the horizon.";
        return new io.dpbandit.runtime.Spending(io.dpbandit.runtime.Spending.Charging.PER_RELEASE, 1.0, sentence);
    }
}

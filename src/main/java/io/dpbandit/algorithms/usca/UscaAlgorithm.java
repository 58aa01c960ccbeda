package io.dpbandit.algorithms.usca;

import io.dpbandit.runtime.SpecWhatIf;
import io.dpbandit.sim.SimulatedAlgorithm;
import io.dpbandit.sim.SimulatedPolicy;
import io.dpbandit.sim.SimulationSettings;
import io.dpbandit.sim.usca.UscaPolicy;
import io.dpbandit.sim.usca.UscaSettings;
import java.util.Map;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.bandit.Phase;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.privacy.ZcdpAccounting;
import io.dpbandit.policy.PublicPoolGenerator;
import io.dpbandit.policy.usca.Usca;
import io.dpbandit.policy.usca.UscaCompactEstimator;
import io.dpbandit.policy.usca.UscaConfig;
import io.dpbandit.policy.usca.UscaForecast;
import io.dpbandit.policy.usca.UscaForecasting;
import io.dpbandit.privacy.PrivacyAmounts;
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
import io.dpbandit.runtime.MechanismDescription;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * USCA: uniform exploration for T rounds, then ε-DP per-context releases with the exponential
 * mechanism (pure DP), each charged ε up to {@code privacy.totalEpsilon}.
 */
public final class UscaAlgorithm implements AlgorithmDescriptor, SimulatedAlgorithm, SpecWhatIf.Offered {

    @Override
    public BanditSpec.Algorithm algorithm() {
        return BanditSpec.Algorithm.USCA;
    }

    @Override
    public List<MechanismDescription> mechanisms(BanditSpec spec) {
        int k = spec.privacy().groupSize();
        return List.of(MechanismDescription.server("Exponential mechanism, once per context",
                "the recommended action for a context (POST /release), drawn with probability proportional to "
                        + "exp(ε′ μ_T(c, x) / (2 m)), μ_T the covariance-approximated estimate of the learning "
                        + "phase; the same context is answered again from the stored draw at no cost",
                "m = 2 B sup σ² for one round (USCA paper, Lemma 4.2: sup σ² is public, fixed by Z, the "
                        + "kernel and the support)" + (k > 1 ? "; a user's k = " + k + " rounds move μ_T by k m" : ""),
                "ε′ = ε" + (k > 1 ? " / k (pure DP's group privacy is exact)" : "")
                        + " per context release, pure DP; the releases add up to totalEpsilon"
                        + (spec.privacy().budget() == null ? "" : "; on the shared budget each costs ρ = ε²/2 "
                                + "(Bun & Steinke 2016, Prop 1.4)"),
                "USCA paper, Algorithm 1 and the exponential mechanism of its Def. 3.2"));
    }

    @Override
    public List<PrivacyModel> privacyModels() {
        return List.of(PrivacyModel.JDP);
    }

    @Override
    public boolean pureDp() {
        return true;
    }

    /** The exponential mechanism is pure ε-DP, not Gaussian: accounted BASIC. */
    @Override
    public boolean gaussianReleases(BanditSpec spec) {
        return false;
    }

    @Override
    public Set<SpecSection> sections() {
        return Set.of(SpecSection.KERNEL, SpecSection.CONTEXT_POOL, SpecSection.TOTAL_EPSILON);
    }

    /**
     * USCA holds Z as distinct points with counts, so n_Z may exceed 5 000 only where the support
     * (pool × actions) is at most 5 000 points.
     */
    @Override
    public BanditSpec normalise(BanditSpec s, SpecLimits limits, List<InvalidRequestException.FieldProblem> p) {
        if (s.contextPool() != null && s.actions() != null && s.tuning() != null
                && s.tuning().approximationSize() != null) {
            long support = (long) s.contextPool().size() * s.actions().size();
            if (Math.min(s.tuning().approximationSize(), support) > 5000) {
                p.add(new InvalidRequestException.FieldProblem("tuning.approximationSize", "above 5000 needs a "
                        + "support (contextPool x actions) of at most 5000 points: Z is held as its distinct points"));
            }
        }
        return s;
    }

    @Override
    public Creation create(BanditSpec spec, NoiseSource noise) {
        policy(spec);
        // At most ⌊totalEpsilon / ε⌋ releases, counted exactly in decimals as the ledger counts them,
        // each the exponential mechanism at ε: what a shared budget reserves (BudgetFilter measures
        // one as ε-DP under GDP, as ε-bounded-range, ε²/8-zCDP, under ZCDP).
        long releases = PrivacyAmounts.of(spec.privacy().totalEpsilon())
                .divide(PrivacyAmounts.of(spec.privacy().epsilon()), 0, java.math.RoundingMode.FLOOR).longValueExact();
        return new Creation(spec.horizon(), PrivacyCost.pure(spec.privacy().totalEpsilon()), null, null,
                io.dpbandit.privacy.Commitment.exponential(releases, spec.privacy().epsilon()));
    }

    @Override
    public BanditRuntime runtime(BanditSpec spec, BanditVersion version, RuntimeServices services) {
        UscaCompactEstimator estimator = version.phase() == Phase.RELEASE
                ? services.policyState(spec.id()).map(b -> services.binary().decode(b, UscaCompactEstimator.class))
                        .orElse(null)
                : null;
        return new UscaRuntime(spec, policy(spec), version, estimator, services);
    }

    /** The exponential mechanism's sharpness at the horizon ({@link UscaForecasting}). */
    @Override
    public Optional<Forecaster> forecaster() {
        return Optional.of(Forecaster.of(UscaForecast.KEY, UscaForecast.class,
                ForecastView.of(UscaForecast.KEY, ForecastView.Chart.RELEASE_ODDS),
                (spec, options) -> UscaForecasting.plan(config(spec), new PublicPoolGenerator(spec.contextPool()),
                        options)));
    }

    @Override
    public boolean plansEpochs() {
        return true;
    }

    @Override
    public Class<UscaRelease> releaseType() {
        return UscaRelease.class;
    }

    @Override
    public List<String> panels() {
        return List.of("timeline", "budget", "forecast", "releases", "privacy");
    }

    /**
     * The service keeps the COMPACT estimator: one number per point of Z and no user context. Z is
     * held COUNTED (its distinct points with their counts: the same estimator at a cost set by the
     * support), so n_Z can be several times the support and cover it. The exponential mechanism is
     * calibrated at the double that does not exceed the ε each release is charged (PrivacyAmounts).
     */
    public static UscaConfig config(BanditSpec spec) {
        // privacy.unit USER: replacing a user's k rounds moves μ_T by at most k times one round's
        // bound (μ_T is a sum of per-round terms, each bounded as in Lemma 4.2), so the exponential
        // mechanism runs at ε/k on one round's sensitivity, which is the same distribution as ε on
        // k times it: each release is ε-DP for the user (group privacy of pure DP is exact).
        int k = spec.privacy().groupSize();
        double epsilon = PrivacyAmounts.calibrationValue(spec.privacy().epsilon());
        return new UscaConfig(spec.horizon(), spec.actions().stream().map(BanditSpec.Action::features).toList(),
                spec.kernel(), spec.regularization(), spec.rewardBound(),
                k == 1 ? epsilon : PrivacyAmounts.share(epsilon, k, k), spec.tuning().approximationSize(), 5000,
                UscaConfig.Estimator.COMPACT, UscaConfig.ApproximatingSet.COUNTED);
    }

    public static Usca policy(BanditSpec spec) {
        return new Usca(config(spec), new PublicPoolGenerator(spec.contextPool()));
    }

    /** The simulator's USCA policy ({@code sim.usca}). */
    @Override
    public List<SimulatedPolicy> simulatedPolicies() {
        return List.of(new UscaPolicy());
    }

    @Override
    public SimulationSettings configure(SimulationSettings settings, Map<String, String> options) {
        return settings.with(UscaSettings.parse(options));
    }

    @Override
    public List<Object> simulateOptions() {
        return List.of(new io.dpbandit.sim.usca.UscaOptions());
    }

    /** {@code plan}'s what-if: the approximating set's size n_Z. */
    @Override
    public List<SpecWhatIf> planWhatIfs() {
        return List.of(new ApproximationSizeWhatIf());
    }

    /** Each exponential-mechanism selection is charged when made; committed is every selection the budget allows. */
    @Override
    public io.dpbandit.runtime.Spending spending(BanditSpec spec, io.dpbandit.runtime.Spending.Progress progress) {
        return new io.dpbandit.runtime.Spending(io.dpbandit.runtime.Spending.Charging.PER_RELEASE, 1.0,
                "Each private selection (POST /release for a new context) is charged ε = " + spec.privacy().epsilon()
                        + " when it is made, so spent is what the ledger has charged; committed is every selection "
                        + "privacy.totalEpsilon allows.");
    }
}

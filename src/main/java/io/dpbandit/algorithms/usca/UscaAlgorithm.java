package io.dpbandit.algorithms.usca;

import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.bandit.Phase;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.policy.PublicPoolGenerator;
import io.dpbandit.policy.planning.PlanReport;
import io.dpbandit.policy.planning.PlannerOptions;
import io.dpbandit.policy.planning.UtilityPlanner;
import io.dpbandit.policy.usca.Usca;
import io.dpbandit.policy.usca.UscaCompactEstimator;
import io.dpbandit.policy.usca.UscaConfig;
import io.dpbandit.privacy.PrivacyAmounts;
import io.dpbandit.runtime.AlgorithmDescriptor;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.runtime.RuntimeServices;
import io.dpbandit.runtime.SpecSection;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.spec.PrivacyModel;
import io.dpbandit.spec.SpecLimits;
import io.dpbandit.store.BanditStateStore;
import java.util.List;
import java.util.Set;

/**
 * USCA: uniform exploration for T rounds, then ε-DP per-context releases with the exponential
 * mechanism (pure DP), each charged ε up to {@code privacy.totalEpsilon}.
 */
public final class UscaAlgorithm implements AlgorithmDescriptor {

    @Override
    public BanditSpec.Algorithm algorithm() {
        return BanditSpec.Algorithm.USCA;
    }

    @Override
    public List<PrivacyModel> privacyModels() {
        return List.of(PrivacyModel.JDP);
    }

    @Override
    public boolean pureDp() {
        return true;
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
        return new Creation(spec.horizon(), PrivacyCost.pure(spec.privacy().totalEpsilon()), null, null);
    }

    @Override
    public BanditRuntime runtime(BanditSpec spec, BanditStateStore.Version version, RuntimeServices services) {
        UscaCompactEstimator estimator = version.phase() == Phase.RELEASE
                ? services.policyState(spec.id()).map(b -> services.binary().decode(b, UscaCompactEstimator.class))
                        .orElse(null)
                : null;
        return new UscaRuntime(spec, policy(spec), version, estimator, services);
    }

    @Override
    public boolean forecasts() {
        return true;
    }

    @Override
    public PlanReport forecast(BanditSpec spec, PlannerOptions options) {
        return UtilityPlanner.plan(config(spec), new PublicPoolGenerator(spec.contextPool()), options);
    }

    @Override
    public boolean plansEpochs() {
        return true;
    }

    @Override
    public List<String> panels() {
        return List.of("timeline", "budget", "forecast", "recommendations");
    }

    /**
     * The service keeps the COMPACT estimator: one number per point of Z and no user context. Z is
     * held COUNTED (its distinct points with their counts: the same estimator at a cost set by the
     * support), so n_Z can be several times the support and cover it. The exponential mechanism is
     * calibrated at the double that does not exceed the ε each release is charged (PrivacyAmounts).
     */
    public static UscaConfig config(BanditSpec spec) {
        return new UscaConfig(spec.horizon(), spec.actions().stream().map(BanditSpec.Action::features).toList(),
                spec.kernel(), spec.regularization(), spec.rewardBound(),
                PrivacyAmounts.calibrationValue(spec.privacy().epsilon()), spec.tuning().approximationSize(), 5000,
                UscaConfig.Estimator.COMPACT, UscaConfig.ApproximatingSet.COUNTED);
    }

    public static Usca policy(BanditSpec spec) {
        return new Usca(config(spec), new PublicPoolGenerator(spec.contextPool()));
    }
}

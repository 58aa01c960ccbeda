package io.dpbandit.algorithms.usca;

import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.privacy.ReleaseMechanism;
import io.dpbandit.privacy.ZcdpAccounting;
import io.dpbandit.policy.usca.Usca;
import io.dpbandit.policy.usca.UscaCompactEstimator;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.runtime.BanditVersion;
import io.dpbandit.runtime.ContextRelease;
import io.dpbandit.runtime.EpochProcess;
import io.dpbandit.runtime.ReleaseContext;
import io.dpbandit.runtime.RuntimeServices;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.spec.PrivacyModel;
import java.util.random.RandomGenerator;

/**
 * USCA (Algorithm 1 of the USCA paper, docs/papers.md) as served: T uniform learning rounds (epoch 1
 * of length T), then ε-DP releases of a recommended action per context with the exponential
 * mechanism, from the compact estimator its epoch process builds.
 */
final class UscaRuntime implements BanditRuntime {

    private final BanditSpec spec;
    private final Usca usca;
    private final BanditVersion version;
    private final RuntimeServices services;
    /** The estimator releases are made from; null while learning. */
    private final UscaCompactEstimator estimator;

    UscaRuntime(BanditSpec spec, Usca usca, BanditVersion version, UscaCompactEstimator estimator,
            RuntimeServices services) {
        this.spec = spec;
        this.usca = usca;
        this.version = version;
        this.estimator = estimator;
        this.services = services;
    }

    @Override
    public BanditSpec spec() {
        return spec;
    }

    @Override
    public BanditVersion version() {
        return version;
    }

    /** Step 1: uniform over X, independent of all data (propensity 1/|X|), in every phase. */
    @Override
    public Served decide(double[] context, int[] candidates, RandomGenerator rng) {
        return new Served(usca.learningAction(rng), 1.0 / spec.actions().size());
    }

    @Override
    public EpochProcess<?> process() {
        return new UscaProcess(spec, usca, services);
    }

    /** The releases so far: actions and the ledger entries that paid for them, never a context key. */
    @Override
    public UscaRelease latestRelease(ReleaseContext releases) {
        return new UscaRelease(version.phase(), releases.releases(spec.id()).stream()
                .map(r -> new UscaRelease.Released(actionId(r.actionIndex()), r.ledgerId(), r.createdAt()))
                .toList(), new UscaRelease.Privacy(PrivacyModel.JDP, "SEQUENTIAL",
                        "exponential mechanism per context, on the compact estimator", spec.privacy().epsilon()));
    }

    /**
     * Step 4: one exponential-mechanism decision per context, charged ε once; the same context is
     * served again from the stored release for free. The charge and the release commit together,
     * under the bandit's row lock.
     */
    @Override
    public ContextRelease release(double[] context, ReleaseContext releases) {
        requireValidContext(context);
        if (estimator == null) {
            throw new ServiceErrors.NotReady("bandit " + ServiceErrors.quote(spec.id()) + " is still learning (USCA releases after "
                    + spec.horizon() + " rounds)");
        }
        String key = releases.keyOf(context);
        var known = releases.find(spec.id(), key, context);
        if (known.isPresent()) {
            return new ContextRelease(spec.id(), actionId(known.get().actionIndex()), false, 0);
        }
        double eps = spec.privacy().epsilon();
        return releases.charged(spec.id(), () -> {
            var again = releases.find(spec.id(), key, context);
            if (again.isPresent()) {
                return new ContextRelease(spec.id(), actionId(again.get().actionIndex()), false, 0);
            }
            // ε-DP, hence (ε²/2)-zCDP (Bun & Steinke 2016, Prop 1.4): what a shared budget counts.
            long ledgerId = releases.charge(spec.id(), new EpochProcess.Charge(PrivacyCost.pure(eps),
                    new PrivacyCost(spec.privacy().totalEpsilon(), 0), "USCA context release", null, "SEQUENTIAL",
                    ZcdpAccounting.pureRho(eps), spec.privacy().accountantOrBasic(), spec.privacy().budget(),
                    ReleaseMechanism.EXPONENTIAL));
            int action = usca.release(estimator, context, releases.noise()).action();
            releases.store(spec.id(), key, action, ledgerId);
            return new ContextRelease(spec.id(), actionId(action), true, eps);
        });
    }
}

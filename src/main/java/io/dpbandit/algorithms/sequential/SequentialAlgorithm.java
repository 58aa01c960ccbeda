package io.dpbandit.algorithms.sequential;

import io.dpbandit.privacy.Commitment;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.privacy.PrivacyAmounts;
import io.dpbandit.policy.JointFeatureMap;
import io.dpbandit.runtime.AlgorithmDescriptor;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.runtime.BanditVersion;
import io.dpbandit.runtime.EpochProcess;
import io.dpbandit.runtime.RuntimeServices;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.codec.BinaryCodec;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * What the sequential algorithms (LinUCB, OnlineUCB, GP-UCB) share as descriptors: a bandit starts
 * with its model's initial state and, under joint DP through the tree mechanism, pays its whole
 * horizon at creation (continual observation); its one learning epoch is the horizon; its runtime is
 * {@link SequentialRuntime} over the algorithm's {@link SequentialModel}, built once per bandit (a
 * function of the immutable spec).
 */
public abstract class SequentialAlgorithm implements AlgorithmDescriptor {

    private static final BinaryCodec CODEC = new BinaryCodec();
    private final Map<String, SequentialModel<?>> models = new ConcurrentHashMap<>();

    /** The algorithm's model for a validated, normalised spec. */
    protected abstract SequentialModel<?> model(BanditSpec spec);

    /** The joint feature map its model is over. */
    protected abstract JointFeatureMap featureMap(BanditSpec spec);

    /** Whether contexts must have bounded coordinates (GP-UCB's quadrature phases). */
    protected boolean boundedCoordinates() {
        return false;
    }

    @Override
    public Creation create(BanditSpec spec, NoiseSource noise) {
        SequentialModel<?> model = model(spec);
        byte[] initial = CODEC.encode(model.start(noise));
        PrivacyCost budget = new PrivacyCost(spec.privacy().epsilon(), spec.privacy().delta());
        // The whole horizon is charged at once; a Gaussian model's charge carries its ρ (at most the
        // ρ of the Gaussian exactly (ε, δ)-DP, EpochProcess.Charge.gaussianRho), Wishart's none.
        // A locally private model's cost is one report's: a user sends up to k of them, each its own
        // release, so the user's charge is k times it ((kε', kδ') by basic composition; ρ adds up).
        int reports = model.local().isPresent() ? spec.privacy().groupSize() : 1;
        EpochProcess.Charge charge = model.cost().map(cost -> EpochProcess.Charge.of(spec,
                new PrivacyCost(PrivacyAmounts.timesRoundedUp(cost.epsilon(), reports),
                        PrivacyAmounts.timesRoundedUp(cost.delta(), reports)),
                gaussianReleases(spec) ? reports * EpochProcess.Charge.gaussianRho(cost) : null, model.costReason(),
                null, "SEQUENTIAL")).orElse(null);
        return new Creation(spec.horizon(), budget, initial, charge, charge == null ? Commitment.gaussian(0.0)
                : new Commitment(charge.rho(), 0, null));
    }

    @Override
    public BanditRuntime runtime(BanditSpec spec, BanditVersion version, RuntimeServices services) {
        SequentialModel<?> model = models.computeIfAbsent(spec.id(), id -> model(spec));
        return new SequentialRuntime<>(spec, model, featureMap(spec), version, services, boundedCoordinates(),
                () -> scoreErrors.of(spec, forecaster()));
    }

    /** The planner's forecast score errors of a bandit (public: from its spec), once per bandit. */
    private final io.dpbandit.runtime.ForecastPoints scoreErrors = new io.dpbandit.runtime.ForecastPoints();

    @Override
    public boolean plansEpochs() {
        return false;
    }

    /** The joint feature map and the public model ({@link #releasedModels}: each variant's record). */
    @Override
    public Class<LinearRelease> releaseType() {
        return LinearRelease.class;
    }

    @Override
    public List<String> panels() {
        return List.of("timeline", "budget", "model", "recommendations", "privacy");
    }

    /** Every folded round is in the model: it folds continuously, in decision order. */
    @Override
    public long modelRounds(Supplier<BanditSpec> spec, long closed, long folded) {
        return closed + folded;
    }

    /**
     * A locally private model spends on the device: a user's reports are randomised before they
     * leave it, so any user served may have spent the per-user cost charged at creation. A jointly
     * private model spends as its releases go ({@link SequentialModel#spentShare}).
     */
    @Override
    public io.dpbandit.runtime.Spending spending(BanditSpec spec, io.dpbandit.runtime.Spending.Progress progress) {
        SequentialModel<?> model = models.computeIfAbsent(spec.id(), id -> model(spec));
        if (model.cost().isEmpty()) {
            return AlgorithmDescriptor.super.spending(spec, progress);
        }
        if (model.local().isPresent()) {
            return new io.dpbandit.runtime.Spending(io.dpbandit.runtime.Spending.Charging.ON_DEVICE,
                    progress.decisions() > 0 ? 1.0 : 0.0, "Each user's device spends when it randomises a report (at "
                    + "most k = " + spec.privacy().groupSize() + " per user, each its own mechanism); the per-user "
                    + "cost was charged once, at creation, and the server cannot see which user reported, so from "
                    + "the first decision spent is the whole per-user cost (an upper bound).");
        }
        return new io.dpbandit.runtime.Spending(io.dpbandit.runtime.Spending.Charging.AT_CREATION,
                model.spentShare(progress.folded()), model.spending(),
                model.releasesRho().isPresent() ? model.releasesRho().getAsDouble() : null);
    }

    /** d: the dimension of the joint feature vectors. */
    public int dimension(BanditSpec spec) {
        return featureMap(spec).dimension(spec.contextDimension(), spec.actions().get(0).features().length);
    }
}

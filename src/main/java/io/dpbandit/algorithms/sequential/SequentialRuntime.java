package io.dpbandit.algorithms.sequential;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.policy.JointFeatureMap;
import io.dpbandit.policy.SequentialPolicy;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.runtime.BanditVersion;
import io.dpbandit.runtime.ContextRelease;
import io.dpbandit.runtime.EpochProcess;
import io.dpbandit.runtime.LocalReports;
import io.dpbandit.runtime.PublicModel;
import io.dpbandit.runtime.ReleaseContext;
import io.dpbandit.runtime.RuntimeServices;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.spec.PrivacyModel;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * A sequential policy (private LinUCB, OnlineUCB, private GP-UCB) as served: the model changes with
 * every batch of rewards, not once per epoch. Decisions read the latest private snapshot and never
 * wait for a fold. The learning rounds are the bandit's first T decisions (epoch 1 of length T);
 * {@link SequentialProcess} folds settled rounds into the model in decision order. After the horizon
 * the bandit keeps serving from its last model (EXPLOIT).
 *
 * <p>A decision's candidates are the joint feature vectors of the catalogue's actions (or of the
 * subset the request names: Shariff &amp; Sheffet 2018's decision set D_t) under the bandit's joint
 * feature map.
 *
 * @param <S> the policy's state
 */
public final class SequentialRuntime<S> implements BanditRuntime, PublicModel {

    /**
     * GP-UCB's quadrature features need finite phases ω·x: a coordinate beyond ±{@value #MAX_COORDINATE}
     * (a million times any sensible kernel domain) is refused with 400 rather than overflowing.
     */
    static final double MAX_COORDINATE = 1e12;

    private final BanditSpec spec;
    private final SequentialModel<S> model;
    private final JointFeatureMap featureMap;
    private final BanditVersion version;
    private final S state;
    private final RuntimeServices services;
    private final boolean boundedCoordinates;
    private final double[][] actionFeatures;
    private final java.util.function.Supplier<java.util.List<io.dpbandit.policy.planning.Point>> scoreErrors;

    public SequentialRuntime(BanditSpec spec, SequentialModel<S> model, JointFeatureMap featureMap,
            BanditVersion version, RuntimeServices services, boolean boundedCoordinates,
            java.util.function.Supplier<java.util.List<io.dpbandit.policy.planning.Point>> scoreErrors) {
        this.scoreErrors = scoreErrors;
        this.spec = spec;
        this.model = model;
        this.featureMap = featureMap;
        this.version = version;
        this.services = services;
        this.boundedCoordinates = boundedCoordinates;
        this.state = services.binary().decode(services.policyState(spec.id()).orElseThrow(
                () -> new IllegalStateException("bandit " + ServiceErrors.quote(spec.id()) + " has no model state")), model.stateType());
        this.actionFeatures = spec.actions().stream().map(BanditSpec.Action::features).toArray(double[][]::new);
    }

    @Override
    public BanditSpec spec() {
        return spec;
    }

    @Override
    public BanditVersion version() {
        return version;
    }

    /** The joint feature vector of action {@code a} under {@code context}. */
    double[] features(double[] context, int a) {
        return featureMap.features(context, actionFeatures[a]);
    }

    @Override
    public void requireValidContext(double[] context) {
        BanditRuntime.super.requireValidContext(context);
        if (boundedCoordinates) {
            for (double v : context) {
                if (Math.abs(v) > MAX_COORDINATE) {
                    throw InvalidRequestException.of("context", spec.algorithm() + " contexts must have coordinates within ±1e12 "
                            + "(quadrature features need finite phases)");
                }
            }
        }
    }

    @Override
    public Served decide(double[] context, int[] candidates, RandomGenerator rng) {
        int[] indices = candidates;
        if (indices == null) {
            indices = new int[actionFeatures.length];
            for (int i = 0; i < indices.length; i++) {
                indices[i] = i;
            }
        }
        double[][] x = new double[indices.length][];
        for (int i = 0; i < indices.length; i++) {
            x[i] = features(context, indices[i]);
        }
        SequentialPolicy.Choice choice = model.decide(state, x, rng);
        // The propensity the policy chose with (1/m among m exact ties, as before any round is in the model):
        // what a caller's off-policy estimate weighs the decision by, so never a flat 1.
        return new Served(indices[choice.index()], choice.propensity(),
                model.local().map(device -> device.randomiserInput(state, x[choice.index()])).orElse(null));
    }

    @Override
    public EpochProcess<?> process() {
        return new SequentialProcess<>(spec, model, state, version, this::features, services);
    }

    @Override
    public Optional<LocalReports> local() {
        return model.local().map(device -> new LocalReports() {
            @Override
            public Object randomiserFor(double[] context, int action) {
                return device.randomiserInput(state, features(context, action));
            }

            @Override
            public String check(JsonNode report, int epoch) {
                return device.check(state, report);
            }
        });
    }

    @Override
    public Optional<PublicModel> publicModel() {
        return Optional.of(this);
    }

    @Override
    public LinearRelease latestRelease(ReleaseContext releases) {
        boolean local = model.local().isPresent();
        return new LinearRelease(version.phase(), featureMap.kind(), spec.actions(), spec.contextDimension(),
                model.publicModel(state), new LinearRelease.Privacy(local ? PrivacyModel.LDP : PrivacyModel.JDP,
                        "CONTINUAL_OBSERVATION", local
                                ? "each user's report randomised on the user's side (dpbandit-client)"
                                : "tree-based mechanism over the rounds, charged once for the whole horizon"));
    }

    /** Not before the first round is in the model (the first release, for a LINUCB with epoch releases). */
    @Override
    public boolean recommends() {
        return model.released(state);
    }

    @Override
    public Recommendation recommend(double[] context) {
        requireValidContext(context);
        int best = best(context);
        double[][] x = new double[actionFeatures.length][];
        for (int a = 0; a < x.length; a++) {
            x[a] = features(context, a);
        }
        var scores = model.meanScores(state, x);
        if (scores.isEmpty()) {
            return new Recommendation(actionId(best), spec.actions().size(), false, null);
        }
        double margin = SequentialScores.margin(scores.get(), best);
        double error = SequentialScores.errorAt(scoreErrors.get(), model.modelRounds(state));
        return new Recommendation(actionId(best), spec.actions().size(), SequentialScores.resolved(margin, error),
                margin);
    }

    @Override
    public java.util.Optional<Long> roundsToResolve(double margin) {
        return SequentialScores.roundsToResolve(scoreErrors.get(), margin);
    }

    /**
     * The public model's best action for a context: post-processing, free. 409 not-ready while the
     * model holds no round yet (before the first fold; before the first epoch's release for a
     * LINUCB with epoch releases): it would be the prior's choice, not a release.
     */
    @Override
    public ContextRelease release(double[] context, ReleaseContext releases) {
        requireValidContext(context);
        if (!model.released(state)) {
            throw new ServiceErrors.NotReady("bandit " + ServiceErrors.quote(spec.id()) + " has no private model yet: no learning round "
                    + "is in it (rounds enter once their feedback window has passed)");
        }
        return new ContextRelease(spec.id(), actionId(best(context)), false, 0);
    }

    private int best(double[] context) {
        return decide(context, null, new SplittableRandom(0)).action();
    }
}

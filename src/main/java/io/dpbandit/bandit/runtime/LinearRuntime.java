package io.dpbandit.bandit.runtime;

import io.dpbandit.bandit.BanditSpec;
import io.dpbandit.bandit.EpochStatus;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.bandit.Phase;
import io.dpbandit.bandit.store.DecisionStore;
import io.dpbandit.bandit.store.LifecycleStore;
import io.dpbandit.policy.JointFeatureMap;
import io.dpbandit.policy.SequentialPolicy;
import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.client.onlineucb.OnlineUcbReport;
import io.dpbandit.policy.onlineucb.OnlineUcbState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.random.RandomGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A sequential policy (private LinUCB, OnlineUCB; DESIGN "sequential policies") as a runtime: the
 * model changes with every batch of rewards, not once per epoch. Decisions read the latest private
 * snapshot and never wait for a fold. The learning rounds are the bandit's first T decisions
 * (epoch 1 of length T); in the background the leader folds settled rounds into the model in
 * decision order, one batch at a time, and commits the new state with a compare-and-set on the
 * bandit's version, together with the rounds' folded marks. After the horizon the bandit keeps
 * serving from its last model (EXPLOIT).
 *
 * <p>A decision's candidates are the joint feature vectors of the catalogue's actions (or of the
 * subset the request names: paper 001's decision set D_t) under the bandit's joint feature map.
 *
 * @param <S> the policy's state
 */
public final class LinearRuntime<S> implements BanditRuntime {

    private static final Logger log = LoggerFactory.getLogger(LinearRuntime.class);
    static final int FOLD_BATCH = 500;

    private final BanditSpec spec;
    private final LinearModel<S> model;
    private final JointFeatureMap featureMap;
    private final LifecycleStore.Version version;
    private final S state;
    private final double[][] actionFeatures;
    private final Map<String, Integer> actionIndex = new java.util.HashMap<>();

    public LinearRuntime(BanditSpec spec, LinearModel<S> model, JointFeatureMap featureMap,
            LifecycleStore.Version version, S state) {
        this.spec = spec;
        this.model = model;
        this.featureMap = featureMap;
        this.version = version;
        this.state = state;
        this.actionFeatures = spec.actions().stream().map(BanditSpec.Action::features).toArray(double[][]::new);
        for (int i = 0; i < spec.actions().size(); i++) {
            actionIndex.put(spec.actions().get(i).id(), i);
        }
    }

    @Override
    public BanditSpec spec() {
        return spec;
    }

    @Override
    public LifecycleStore.Version version() {
        return version;
    }

    public LinearModel<S> model() {
        return model;
    }

    public S state() {
        return state;
    }

    /** The joint feature vector of action {@code a} under {@code context}. */
    public double[] features(double[] context, int a) {
        return featureMap.features(context, actionFeatures[a]);
    }

    @Override
    public Served decide(double[] context, List<String> candidates, RandomGenerator rng) {
        int[] indices = candidateIndices(candidates);
        double[][] x = new double[indices.length][];
        for (int i = 0; i < indices.length; i++) {
            x[i] = features(context, indices[i]);
        }
        SequentialPolicy.Choice choice = model.decide(state, x, rng);
        int action = indices[choice.index()];
        return new Served(action, 1.0, model.randomiserInput(state, x[choice.index()]));
    }

    @Override
    public Served decide(double[] context, RandomGenerator rng) {
        return decide(context, null, rng);
    }

    private int[] candidateIndices(List<String> candidates) {
        if (candidates == null) {
            int[] all = new int[actionFeatures.length];
            for (int i = 0; i < all.length; i++) {
                all[i] = i;
            }
            return all;
        }
        int[] out = new int[candidates.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = actionIndex(candidates.get(i));
            if (out[i] < 0) {
                throw InvalidRequestException.of("candidates[" + i + "]", "is not an action of this bandit");
            }
        }
        return out;
    }

    private int actionIndex(String id) {
        return actionIndex.getOrDefault(id, -1);
    }

    /**
     * GP-UCB's quadrature features need finite phases ω·x: a coordinate beyond ±{@value #MAX_GP_COORDINATE}
     * (a million times any sensible kernel domain) is refused with 400 rather than overflowing.
     */
    static final double MAX_GP_COORDINATE = 1e12;

    @Override
    public void requireValidContext(double[] context) {
        BanditRuntime.super.requireValidContext(context);
        if (spec.algorithm() == BanditSpec.Algorithm.GPUCB) {
            for (double v : context) {
                if (Math.abs(v) > MAX_GP_COORDINATE) {
                    throw InvalidRequestException.of("context", "GPUCB contexts must have coordinates within ±1e12 "
                            + "(quadrature features need finite phases)");
                }
            }
        }
    }

    @Override
    public boolean takesReports() {
        return model.local();
    }

    @Override
    public String checkReport(JsonNode report, int epoch, Lifecycle lifecycle) {
        if (!model.local()) {
            return BanditRuntime.super.checkReport(report, epoch, lifecycle);
        }
        return model.check(state, report);
    }

    @Override
    public Object randomiserFor(double[] context, int action) {
        return model.local() ? model.randomiserInput(state, features(context, action)) : null;
    }

    @Override
    public Step advance(Lifecycle lc, LifecycleStore.OpenEpoch epoch, boolean mayPlan) {
        String id = spec.id();
        int r = epoch.number();
        if (epoch.status() == EpochStatus.OPEN
                && lc.decisions.defaultWaitedOut(id, r, spec.feedback().defaultReward()) > 0) {
            return Step.DEFAULTED;
        }
        List<DecisionStore.Round> rounds = lc.decisions.settledInDecisionOrder(id, r, FOLD_BATCH);
        if (!rounds.isEmpty()) {
            return fold(lc, rounds) ? Step.FOLDED : Step.NONE;
        }
        return Sealing.sealOrFinish(lc, epoch, () -> finish(lc, epoch));
    }

    /** One batch in decision order into the model; the state and the folded marks commit together. */
    private boolean fold(Lifecycle lc, List<DecisionStore.Round> rounds) {
        String id = spec.id();
        double[][] features = new double[rounds.size()][];
        List<UUID> ids = new ArrayList<>(rounds.size());
        for (int i = 0; i < rounds.size(); i++) {
            DecisionStore.Round round = rounds.get(i);
            features[i] = round.context() == null ? null : features(round.context(), round.action());
            ids.add(round.id());
        }
        S next = model.fold(state, rounds, features, spec.feedback().defaultReward(), lc.noise);
        byte[] encoded = lc.codec.encode(next);
        int epochNumber = version.epoch();
        boolean stored = Boolean.TRUE.equals(lc.tx.execute(s -> {
            LifecycleStore.Accumulator acc = lc.store.accumulator(id, epochNumber);
            if (!lc.store.storePolicyState(id, version.version(), encoded)
                    || !lc.store.storeAccumulator(id, epochNumber, acc.folded(), rounds.size(), null)) {
                s.setRollbackOnly();
                return false;
            }
            lc.decisions.markFolded(ids);
            return true;
        }));
        if (stored) {
            lc.metrics.folded(id, rounds.size());
        }
        return stored;
    }

    /** The horizon's rounds are all in the model: serve from it from now on. */
    private Step finish(Lifecycle lc, LifecycleStore.OpenEpoch epoch) {
        String id = spec.id();
        int r = epoch.number();
        boolean done = Boolean.TRUE.equals(lc.tx.execute(s -> {
            if (lc.store.lockEpoch(id, r).orElse(null) != EpochStatus.SEALED || !lc.store.close(id, r, null)) {
                s.setRollbackOnly();
                return false;
            }
            return lc.store.advance(id, r, r, Phase.EXPLOIT, epoch.folded());
        }));
        if (done) {
            log.info("Bandit '{}' has folded its {} learning rounds: it serves from its last model", id,
                    epoch.folded());
        }
        return done ? Step.CLOSED : Step.NONE;
    }

    @Override
    public Map<String, Object> latestRelease(Releases releases) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("phase", version.phase());
        out.put("featureMap", featureMap.kind());
        out.put("actions", spec.actions());
        out.put("contextDimension", spec.contextDimension());
        out.put("model", model.publicModel(state));
        out.put("privacy", Map.of("model", model.local() ? "LDP" : "JDP", "composition", "CONTINUAL_OBSERVATION",
                "mechanism", model.local() ? "each user's report randomised on the user's side (dpbandit-client)"
                        : "tree-based mechanism over the rounds, charged once for the whole horizon"));
        return out;
    }

    @Override
    public Recommendation recommend(double[] context) {
        return new Recommendation(release(context, null).action(), spec.actions().size());
    }

    /** The public model's best action for a context: post-processing, free. */
    @Override
    public Releases.ContextRelease release(double[] context, Releases releases) {
        requireValidContext(context);
        int action = decide(context, null, new java.util.SplittableRandom(0)).action();
        return new Releases.ContextRelease(spec.id(), actionId(action), false, 0);
    }
}

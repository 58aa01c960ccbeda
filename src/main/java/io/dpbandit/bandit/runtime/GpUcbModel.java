package io.dpbandit.bandit.runtime;

import io.dpbandit.bandit.store.DecisionStore;
import io.dpbandit.policy.SequentialPolicy;
import io.dpbandit.policy.gpucb.GpUcb;
import io.dpbandit.policy.gpucb.GpUcbObservation;
import io.dpbandit.policy.gpucb.GpUcbState;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyCost;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * GP-UCB with joint DP (paper 003, Alg. 1 with the tree privatiser of Alg. 2) on the joint point
 * w = context ++ action features. One fold is one tree leaf: the privacy argument for batched
 * leaves is {@link GpUcb}'s (each user's row enters one leaf, so at most n = 1 + ⌈log₂ T⌉ nodes).
 */
final class GpUcbModel implements LinearModel<GpUcbState> {

    private final GpUcb policy;

    GpUcbModel(GpUcb policy) {
        this.policy = policy;
    }

    @Override
    public Class<GpUcbState> stateType() {
        return GpUcbState.class;
    }

    @Override
    public GpUcbState start(NoiseSource noise) {
        return policy.start(noise);
    }

    @Override
    public SequentialPolicy.Choice decide(GpUcbState state, double[][] candidates, RandomGenerator rng) {
        return policy.decide(state, candidates, rng);
    }

    @Override
    public GpUcbState fold(GpUcbState state, List<DecisionStore.Round> rounds, double[][] points,
            double defaultReward, NoiseSource noise) {
        List<GpUcbObservation> batch = new ArrayList<>(rounds.size());
        for (int i = 0; i < rounds.size(); i++) {
            DecisionStore.Round r = rounds.get(i);
            if (points[i] == null) {
                continue;
            }
            batch.add(new GpUcbObservation(points[i], r.rewardOr(defaultReward)));
        }
        if (batch.isEmpty() || policy.horizonReached(state)) {
            return state;
        }
        return policy.fold(state, batch, noise);
    }

    @Override
    public Map<String, Object> publicModel(GpUcbState state) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("features", policy.config().features());
        out.put("theta", state.snapshot().theta());
        out.put("choleskyOfV", state.snapshot().cholesky());
        out.put("radius", state.snapshot().radius());
        out.put("observations", state.observations());
        out.put("approximationError", policy.config().approximationError());
        out.put("decide", "argmax over candidates w of theta.Phi(w) + radius * ||Phi(w)||_{V^-1}, Phi the "
                + "quadrature Fourier features of the RBF kernel (features), V = L L^T");
        return out;
    }

    @Override
    public Object randomiserInput(GpUcbState state, double[] point) {
        return null;
    }

    @Override
    public Optional<PrivacyCost> cost() {
        return policy.privacyCost();
    }

    @Override
    public String costReason() {
        return "GP-UCB tree mechanism, whole horizon";
    }

    @Override
    public boolean local() {
        return false;
    }
}

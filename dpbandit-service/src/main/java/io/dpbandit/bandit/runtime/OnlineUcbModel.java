package io.dpbandit.bandit.runtime;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.bandit.FeedbackState;
import io.dpbandit.bandit.store.DecisionStore;
import io.dpbandit.client.onlineucb.OnlineUcbParameters;
import io.dpbandit.client.onlineucb.OnlineUcbRandomiser;
import io.dpbandit.client.onlineucb.OnlineUcbReport;
import io.dpbandit.policy.SequentialPolicy;
import io.dpbandit.policy.onlineucb.OnlineUcb;
import io.dpbandit.policy.onlineucb.OnlineUcbState;
import io.dpbandit.privacy.NoiseSource;
import io.dpbandit.privacy.PrivacyCost;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * OnlineUCB (paper 004), locally private: every user randomises their own round on their side
 * (dpbandit-client's OnlineUcbRandomiser) and sends only the report; the server never holds a raw
 * reward. A round whose report did not come in time counts with the default reward, randomised by
 * the server with the same mechanism (from the chosen action's features, which the server has, and
 * the public default), so missing reports do not select rounds by response time.
 */
final class OnlineUcbModel implements LinearModel<OnlineUcbState> {

    static final ObjectMapper JSON = new ObjectMapper();

    private final OnlineUcb policy;
    private final OnlineUcbRandomiser serverRandomiser;

    OnlineUcbModel(OnlineUcb policy) {
        this.policy = policy;
        this.serverRandomiser = new OnlineUcbRandomiser(policy.config().randomiser());
    }

    @Override
    public Class<OnlineUcbState> stateType() {
        return OnlineUcbState.class;
    }

    @Override
    public OnlineUcbState start(NoiseSource noise) {
        return policy.start();
    }

    @Override
    public SequentialPolicy.Choice decide(OnlineUcbState state, double[][] candidates, RandomGenerator rng) {
        return policy.decide(state, candidates, rng);
    }

    @Override
    public OnlineUcbState fold(OnlineUcbState state, List<DecisionStore.Round> rounds, double[][] features,
            double defaultReward, NoiseSource noise) {
        List<OnlineUcbReport> batch = new ArrayList<>(rounds.size());
        for (int i = 0; i < rounds.size(); i++) {
            DecisionStore.Round r = rounds.get(i);
            if (r.feedback() == FeedbackState.ACCEPTED && r.report() != null) {
                batch.add(read(r.report()));
            } else if (features[i] != null) {
                batch.add(serverRandomiser.randomise(features[i], policy.ticket(state), defaultReward, noise));
            }
        }
        return batch.isEmpty() ? state : policy.fold(state, batch, noise);
    }

    /**
     * Checks a client's report against this bandit's public parameters (IllegalArgumentException if
     * it does not match) and returns it as stored: re-serialised, so only the report's own fields
     * reach the database.
     */
    String check(OnlineUcbState state, OnlineUcbReport report) {
        policy.validate(state, report);
        try {
            return JSON.writeValueAsString(report);
        } catch (IOException e) {
            throw new UncheckedIOException("a report cannot be written", e);
        }
    }

    static OnlineUcbReport read(String json) {
        try {
            return JSON.readValue(json, OnlineUcbReport.class);
        } catch (IOException e) {
            throw new UncheckedIOException("a stored report cannot be read", e);
        }
    }

    @Override
    public Map<String, Object> publicModel(OnlineUcbState state) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("center", policy.center(state));
        out.put("radius", policy.confidenceRadius(state));
        out.put("gramInverse", state.gramInverse());
        out.put("reports", state.round());
        out.put("decide", "argmax over candidates x of center.x + radius * sqrt(x^T gramInverse x)");
        return out;
    }

    @Override
    public RandomiserInput randomiserInput(OnlineUcbState state, double[] features) {
        return new RandomiserInput(features, policy.ticket(state), policy.config().randomiser());
    }

    @Override
    public Optional<PrivacyCost> cost() {
        return Optional.of(policy.config().randomiser().privacyCost());
    }

    @Override
    public String costReason() {
        return "OnlineUCB reports, (epsilon, delta)-LDP per user";
    }

    @Override
    public boolean local() {
        return true;
    }
}

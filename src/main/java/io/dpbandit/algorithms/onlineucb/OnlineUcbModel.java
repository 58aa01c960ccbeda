package io.dpbandit.algorithms.onlineucb;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.algorithms.sequential.SequentialModel;
import io.dpbandit.runtime.Reports;
import io.dpbandit.store.DecisionStore;
import io.dpbandit.client.onlineucb.OnlineUcbReport;
import io.dpbandit.policy.SequentialPolicy;
import io.dpbandit.policy.onlineucb.OnlineUcb;
import io.dpbandit.policy.onlineucb.OnlineUcbState;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyCost;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * OnlineUCB (the anonymous TMLR submission, docs/papers.md), locally private: every user randomises their own round on their side
 * (dpbandit-client's OnlineUcbRandomiser) and sends only the report; the server never holds a raw
 * reward, and keeps no context.
 */
final class OnlineUcbModel implements SequentialModel<OnlineUcbState> {

    private final OnlineUcb policy;

    OnlineUcbModel(OnlineUcb policy) {
        this.policy = policy;
    }

    /** The policy (its configuration and the devices' public parameters: what a forecast reads). */
    OnlineUcb policy() {
        return policy;
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

    /**
     * Folds the reports in decision order. A round without a report (none came in time) is skipped:
     * the server keeps no context for a locally private bandit, so it has nothing to randomise in
     * the user's place (the spec requires defaultReward 0 for LDP bandits for the same reason).
     */
    @Override
    public OnlineUcbState fold(OnlineUcbState state, List<DecisionStore.Round> rounds, double[][] features,
            double defaultReward, NoiseSource noise) {
        List<OnlineUcbReport> batch = new ArrayList<>(rounds.size());
        for (DecisionStore.Round r : rounds) {
            if (r.acceptedReport() != null) {
                batch.add(Reports.read(r.acceptedReport(), OnlineUcbReport.class));
            }
        }
        return batch.isEmpty() ? state : policy.fold(state, batch, noise);
    }

    /**
     * Checks a client's report against this bandit's public parameters (IllegalArgumentException if
     * it does not match) and returns it as stored.
     */
    @Override
    public String check(OnlineUcbState state, JsonNode json) {
        OnlineUcbReport report = Reports.parse(json, OnlineUcbReport.class, "an OnlineUCB report");
        try {
            policy.check(state, report);
        } catch (IllegalArgumentException e) {
            throw InvalidRequestException.of("report", e.getMessage());
        }
        return Reports.text(report);
    }

    /** The public model: the confidence set's centre, radius and Ṽ⁻¹ (post-processing of reports). */
    public record PublicOnlineUcb(double[] center, double radius, double[] gramInverse, long reports, String decide) {
    }

    @Override
    public PublicOnlineUcb publicModel(OnlineUcbState state) {
        return new PublicOnlineUcb(policy.center(state), policy.confidenceRadius(state), state.gramInverse(),
                state.round(), "argmax over candidates x of center.x + radius * sqrt(x^T gramInverse x)");
    }

    @Override
    public Object randomiserInput(OnlineUcbState state, double[] features) {
        return new OnlineUcbInput(features, policy.ticket(state), policy.config().randomiser());
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

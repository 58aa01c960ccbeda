package io.dpbandit.algorithms.onlineucb;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.algorithms.sequential.SequentialModel;
import io.dpbandit.runtime.Reports;
import io.dpbandit.runtime.Round;
import io.dpbandit.client.onlineucb.OnlineUcbRandomiser;
import io.dpbandit.client.onlineucb.OnlineUcbReport;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.policy.SequentialPolicy;
import io.dpbandit.policy.onlineucb.OnlineUcb;
import io.dpbandit.policy.onlineucb.OnlineUcbState;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyCost;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * OnlineUCB (the anonymous TMLR submission, docs/papers.md), locally private: every user randomises their own round on their side
 * (dpbandit-client's OnlineUcbRandomiser) and sends only the report; the server never holds a raw
 * reward, and keeps no context.
 */
final class OnlineUcbModel implements SequentialModel<OnlineUcbState>, SequentialModel.DeviceProtocol<OnlineUcbState> {

    private final OnlineUcb policy;
    /** The device's randomiser on the bandit's public parameters: what stands in for a missing report. */
    private final OnlineUcbRandomiser standIn;

    OnlineUcbModel(OnlineUcb policy) {
        this.policy = policy;
        this.standIn = new OnlineUcbRandomiser(policy.config().randomiser(), PrivacyFloor.NONE);
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
     * Folds every round in decision order, one report each: the device's, or, for a round whose
     * report did not come (or came too late to be accepted), a stand-in the server randomises in
     * the user's place with the device's own randomiser from its secure noise source
     * ({@link OnlineUcbRandomiser#absent}: x = 0, y = 0 through the same Gaussian mechanism). The
     * device's report is clip(x, y) + N(0, σ²) with σ calibrated from the public (ε, δ); the
     * stand-in is (0, 0) + N(0, σ²) with the same σ, so the model after a fold is the same function
     * of public facts (the rounds whose windows passed) whether or not a report came, up to the one
     * user's data, which that report's (ε, δ)-LDP covers. Skipping a silent round instead made the
     * model's count of reports, and so whether a user had answered, public. A report issued in a
     * finished anytime phase (not the service's configurations, which have one phase) is replaced by
     * a stand-in too, so that every round moves the model exactly once.
     */
    @Override
    public OnlineUcbState fold(OnlineUcbState state, List<Round> rounds, double[][] features,
            double defaultReward, NoiseSource noise) {
        OnlineUcbState current = state;
        for (Round r : rounds) {
            OnlineUcbReport report = r.acceptedReport() == null ? null
                    : Reports.read(r.acceptedReport(), OnlineUcbReport.class);
            if (report == null || report.round() < current.phaseStart()) {
                report = standIn.absent(policy.ticket(current), noise);
            }
            current = policy.fold(current, report);
        }
        return current;
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

    /**
     * The public model: the confidence set's centre, radius and Ṽ⁻¹ (post-processing of reports and
     * stand-ins), and the learning rounds folded into it (each with its device's report or the
     * server's stand-in: a count that follows the rounds' windows, never whether a report came).
     */
    public record PublicOnlineUcb(double[] center, double radius, double[] gramInverse, long rounds, String decide) {
    }

    @Override
    public PublicOnlineUcb publicModel(OnlineUcbState state) {
        return new PublicOnlineUcb(policy.center(state), policy.confidenceRadius(state), state.gramInverse(),
                state.round(), "argmax over candidates x of center.x + radius * sqrt(x^T gramInverse x)");
    }

    /** center·x: the server's online estimate, before the confidence bonus. */
    @Override
    public java.util.Optional<double[]> meanScores(OnlineUcbState state, double[][] features) {
        return java.util.Optional.of(io.dpbandit.algorithms.sequential.SequentialScores.dot(policy.center(state),
                features));
    }

    @Override
    public long modelRounds(OnlineUcbState state) {
        return state.round();
    }

    @Override
    public boolean released(OnlineUcbState state) {
        return state.round() > 0;
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
    public Optional<DeviceProtocol<OnlineUcbState>> local() {
        return Optional.of(this);
    }
}

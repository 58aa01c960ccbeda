package io.dpbandit.algorithms.gpucb;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.algorithms.sequential.SequentialModel;
import io.dpbandit.runtime.Reports;
import io.dpbandit.runtime.Round;
import io.dpbandit.client.gpucb.GpUcbRandomiser;
import io.dpbandit.client.gpucb.GpUcbReport;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.policy.SequentialPolicy;
import io.dpbandit.policy.gpucb.LocalGpUcb;
import io.dpbandit.policy.gpucb.LocalGpUcbState;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyCost;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * GP-UCB with local JDP (Dubey 2021, Alg. 3): every user's device adds its own noise to the
 * increments ΦΦᵀ and yΦ (dpbandit-client's GpUcbRandomiser) and the server only sums the reports;
 * it never sees an un-noised increment and keeps no context. A round without a report counts with a
 * stand-in the server randomises from zeros with the device's own mechanism ({@link #fold}).
 */
final class LocalGpUcbModel implements SequentialModel<LocalGpUcbState>, SequentialModel.DeviceProtocol<LocalGpUcbState> {

    private final LocalGpUcb policy;
    /** The device's randomiser on the bandit's public parameters: what stands in for a missing report. */
    private final GpUcbRandomiser standIn;

    LocalGpUcbModel(LocalGpUcb policy) {
        this.policy = policy;
        this.standIn = new GpUcbRandomiser(policy.clientParameters(), PrivacyFloor.NONE);
    }

    /** The policy (its configuration, calibration and bounds: what a forecast reads). */
    LocalGpUcb policy() {
        return policy;
    }

    @Override
    public Class<LocalGpUcbState> stateType() {
        return LocalGpUcbState.class;
    }

    @Override
    public LocalGpUcbState start(NoiseSource noise) {
        return policy.start();
    }

    @Override
    public SequentialPolicy.Choice decide(LocalGpUcbState state, double[][] candidates, RandomGenerator rng) {
        return policy.decide(state, candidates, rng);
    }

    /**
     * Adds every round's report to the sums, in decision order: the device's, or, for a round whose
     * report did not come (or came too late to be accepted), a stand-in the server randomises in the
     * user's place with the device's own randomiser from its secure noise source
     * ({@link GpUcbRandomiser#absent}: Φ = 0, y = 0 through the same Gaussian mechanism). The
     * device's report is (ΦΦᵀ, yΦ) + N(0, σ²) with σ calibrated from the public (ε, δ); the stand-in
     * is 0 + N(0, σ²) with the same σ, so the sums, their count and the PSD shift that follows the
     * count are the same function of public facts whether or not a report came, up to the one
     * user's data, which that report's (ε, δ)-LDP covers. Skipping a silent round instead published
     * how many reports had come.
     */
    @Override
    public LocalGpUcbState fold(LocalGpUcbState state, List<Round> rounds, double[][] points,
            double defaultReward, NoiseSource noise) {
        long room = policy.config().horizon() - state.reports();
        List<GpUcbReport> batch = new ArrayList<>(rounds.size());
        for (Round r : rounds) {
            if (batch.size() >= room) {
                break;
            }
            batch.add(r.acceptedReport() != null ? Reports.read(r.acceptedReport(), GpUcbReport.class)
                    : standIn.absent(noise));
        }
        return batch.isEmpty() ? state : policy.fold(state, batch, noise);
    }

    @Override
    public String check(LocalGpUcbState state, JsonNode json) {
        GpUcbReport report = Reports.parse(json, GpUcbReport.class, "a GP-UCB report");
        try {
            policy.validate(report);
        } catch (IllegalArgumentException e) {
            throw io.dpbandit.bandit.InvalidRequestException.of("report", e.getMessage());
        }
        return Reports.text(report);
    }

    /**
     * The public model: features, θ̂, the Cholesky factor of V, the radius, the learning rounds folded
     * (each with its device's report or the server's stand-in: a count that follows the rounds'
     * windows, never whether a report came) and the PSD shift, a function of that count.
     */
    public record PublicLocalGpUcb(Object features, double[] theta, double[] choleskyOfV, double radius, long rounds,
            double shift, String decide) {
    }

    @Override
    public boolean released(LocalGpUcbState state) {
        return state.reports() > 0;
    }

    @Override
    public PublicLocalGpUcb publicModel(LocalGpUcbState state) {
        return new PublicLocalGpUcb(policy.config().features(), state.snapshot().theta(), state.snapshot().cholesky(),
                state.snapshot().radius(), state.reports(), policy.shift(state.reports()),
                "argmax over candidates w of theta.Phi(w) + radius * ||Phi(w)||_{V^-1}, V = L L^T");
    }

    @Override
    public Object randomiserInput(LocalGpUcbState state, double[] point) {
        return new GpUcbInput(policy.features(point), policy.clientParameters());
    }

    @Override
    public Optional<PrivacyCost> cost() {
        return Optional.of(policy.privacyCost());
    }

    @Override
    public String costReason() {
        return "GP-UCB reports, (epsilon, delta)-LDP per user";
    }

    @Override
    public Optional<DeviceProtocol<LocalGpUcbState>> local() {
        return Optional.of(this);
    }
}

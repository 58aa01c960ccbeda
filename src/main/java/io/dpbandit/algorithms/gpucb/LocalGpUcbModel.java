package io.dpbandit.algorithms.gpucb;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.algorithms.sequential.SequentialModel;
import io.dpbandit.runtime.Reports;
import io.dpbandit.store.DecisionStore;
import io.dpbandit.client.gpucb.GpUcbReport;
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
 * it never sees an un-noised increment and keeps no context. A round without a report is skipped.
 */
final class LocalGpUcbModel implements SequentialModel<LocalGpUcbState> {

    private final LocalGpUcb policy;

    LocalGpUcbModel(LocalGpUcb policy) {
        this.policy = policy;
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

    @Override
    public LocalGpUcbState fold(LocalGpUcbState state, List<DecisionStore.Round> rounds, double[][] points,
            double defaultReward, NoiseSource noise) {
        List<GpUcbReport> batch = new ArrayList<>(rounds.size());
        for (DecisionStore.Round r : rounds) {
            if (r.acceptedReport() != null) {
                batch.add(Reports.read(r.acceptedReport(), GpUcbReport.class));
            }
        }
        long room = policy.config().horizon() - state.reports();
        if (batch.size() > room) {
            batch = batch.subList(0, (int) Math.max(0, room));
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

    /** The public model: features, θ̂, the Cholesky factor of V, the radius, the reports and the shift. */
    public record PublicLocalGpUcb(Object features, double[] theta, double[] choleskyOfV, double radius, long reports,
            double shift, String decide) {
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
    public boolean local() {
        return true;
    }
}

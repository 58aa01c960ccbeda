package io.dpbandit.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.algorithms.Algorithms;
import io.dpbandit.algorithms.SpecValidation;
import io.dpbandit.algorithms.onlineucb.OnlineUcbInput;
import io.dpbandit.algorithms.gpucb.GpUcbInput;
import io.dpbandit.algorithms.sequential.LinearRelease;
import io.dpbandit.bandit.BanditMetrics;
import io.dpbandit.client.capri.CapriRandomiser;
import io.dpbandit.client.capri.CapriRandomiserPlan;
import io.dpbandit.client.gpucb.GpUcbRandomiser;
import io.dpbandit.client.onlineucb.OnlineUcbRandomiser;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.client.privacy.SeededNoiseSource;
import io.dpbandit.runtime.AlgorithmDescriptor;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.runtime.OpenEpoch;
import io.dpbandit.runtime.Reports;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.testing.QuietLogs;
import io.dpbandit.testing.Specs;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A locally private bandit folds every learning round once its window has passed, whether or not
 * its device's report came: a missing one is folded as the device's own randomiser on a zero
 * contribution, with noise the server draws (here from a recording source), so the fold is the same
 * function of public facts in both worlds up to the one user's data. Checked for the three LDP
 * algorithms through their real epoch processes on the in-memory storage: the number of rounds the
 * model holds, and every Gaussian the server drew for the silent rounds, with the device's σ.
 */
@ExtendWith(QuietLogs.class)
class MissingReportsTest {

    /** A seeded source that records the σ of every Gaussian drawn from it. */
    static final class Recording implements NoiseSource {
        final NoiseSource inner = new SeededNoiseSource(3);
        final List<Double> sigmas = new ArrayList<>();

        @Override
        public double gaussian(double sigma) {
            sigmas.add(sigma);
            return inner.gaussian(sigma);
        }

        @Override
        public double addGaussian(double value, double sigma) {
            sigmas.add(sigma);
            return inner.addGaussian(value, sigma);
        }

        @Override
        public double laplace(double scale) {
            return inner.laplace(scale);
        }

        @Override
        public double uniform() {
            return inner.uniform();
        }

        @Override
        public int uniformInt(int n) {
            return inner.uniformInt(n);
        }

        @Override
        public boolean bernoulli(double p) {
            return inner.bernoulli(p);
        }
    }

    static final ObjectMapper JSON = new ObjectMapper();

    final InMemoryLifecycleStorage storage = new InMemoryLifecycleStorage();
    final Recording server = new Recording();
    final LifecycleEngineAlgorithmsTest.Services services = new LifecycleEngineAlgorithmsTest.Services(storage, server);
    final LifecycleEngine engine = new LifecycleEngine(storage, new BanditMetrics(new SimpleMeterRegistry()), 1_000);
    final SplittableRandom rng = new SplittableRandom(17);
    final NoiseSource device = new SeededNoiseSource(29);

    BanditSpec create(Map<String, Object> json) {
        BanditSpec spec = SpecValidation.normalise(Specs.spec(json));
        AlgorithmDescriptor.Creation creation = Algorithms.of(spec.algorithm()).create(spec, new SeededNoiseSource(1));
        storage.createBandit(spec.id(), creation.firstEpochLength(), creation.budget(), creation.initialState());
        return spec;
    }

    BanditRuntime runtime(BanditSpec spec) {
        return Algorithms.of(spec.algorithm()).runtime(spec, storage.version(spec.id()), services);
    }

    OpenEpoch current(BanditSpec spec) {
        return storage.epoch(spec.id(), storage.version(spec.id()).epoch()).orElseThrow();
    }

    /** Steps until nothing is left to do (or an epoch closed). */
    void settle(BanditSpec spec) {
        for (int i = 0; i < 1_000; i++) {
            if (storage.openEpochs().stream().noneMatch(e -> e.banditId().equals(spec.id()))) {
                return;
            }
            Step step = engine.advance(runtime(spec), current(spec), true);
            if (!step.worked() || step == Step.CLOSED) {
                return;
            }
        }
        throw new AssertionError("no end after 1000 steps");
    }

    /** The public model an analyst reads, as JSON. */
    JsonNode publicModel(BanditSpec spec) {
        return JSON.valueToTree(((LinearRelease) runtime(spec).latestRelease(null)).model());
    }

    @Test
    void anOnlineUcbRoundWithoutItsReportFoldsTheDevicesRandomiserOnZeros() {
        BanditSpec spec = create(Specs.linear("online", "ONLINEUCB", 6, 600));
        OnlineUcbInput input = null;
        for (int t = 0; t < 6; t++) {
            double[] context = {0.3, 0.7};
            BanditRuntime.Served served = runtime(spec).decide(context, null, rng);
            UUID id = storage.decide(spec.id(), context, served.action(), 600);
            input = (OnlineUcbInput) served.randomiser();
            if (t % 2 == 0) { // rounds 1, 3 and 5 stay silent
                storage.feedback(id, null, Reports.text(new OnlineUcbRandomiser(input.parameters(), PrivacyFloor.NONE)
                        .randomise(input.features(), input.ticket(), 0.8, device)));
            }
        }
        storage.advanceClock(601_000);
        server.sigmas.clear();
        settle(spec);

        JsonNode model = publicModel(spec);
        assertThat(model.path("rounds").asLong()).as("every round whose window passed").isEqualTo(6);
        assertThat(model.has("reports")).as("nothing published counts reports").isFalse();
        // Three stand-ins, each one joint Gaussian release of (x, y), d + 1 draws at the device's σ, and
        // the conditioning perturbation ζ ~ N(0, Δ²I) the ticket asks of a device, d draws at Δ.
        int d = input.features().length;
        double sigma = input.parameters().featureSigma();
        double conditioning = input.ticket().conditioningStd();
        assertThat(conditioning).isPositive();
        assertThat(server.sigmas).hasSize(3 * (2 * d + 1)).containsOnly(sigma, conditioning);
        assertThat(server.sigmas.stream().filter(s -> s == sigma)).hasSize(3 * (d + 1));
    }

    @Test
    void aGpUcbRoundWithoutItsReportFoldsTheDevicesRandomiserOnZeros() {
        BanditSpec spec = create(Specs.gp("gp-ldp", "LDP", 5));
        GpUcbInput input = null;
        for (int t = 0; t < 5; t++) {
            double[] context = {0.4};
            BanditRuntime.Served served = runtime(spec).decide(context, null, rng);
            UUID id = storage.decide(spec.id(), context, served.action(), 600);
            input = (GpUcbInput) served.randomiser();
            if (t != 1 && t != 4) {
                storage.feedback(id, null, Reports.text(new GpUcbRandomiser(input.parameters(), PrivacyFloor.NONE)
                        .randomise(input.features(), 1.0, device)));
            }
        }
        double shiftBefore = publicModel(spec).path("shift").asDouble();
        storage.advanceClock(601_000);
        server.sigmas.clear();
        settle(spec);

        JsonNode model = publicModel(spec);
        assertThat(model.path("rounds").asLong()).as("every round whose window passed").isEqualTo(5);
        assertThat(model.has("reports")).as("nothing published counts reports").isFalse();
        assertThat(model.path("shift").asDouble()).as("the shift follows the rounds").isNotEqualTo(shiftBefore);
        // Two stand-ins: the upper triangle of an M x M matrix at σ_X, and M numbers at σ_u.
        var p = input.parameters();
        int m = p.featureDimension();
        assertThat(server.sigmas).hasSize(2 * (p.gramEntries() + m));
        assertThat(server.sigmas.stream().filter(s -> s == p.gramCalibration().sigma())).hasSize(2 * p.gramEntries());
        assertThat(server.sigmas.stream().filter(s -> s == p.rewardFeaturesCalibration().sigma())).hasSize(2 * m);
    }

    @Test
    void aCapriLdpRoundWithoutItsReportAddsTheDevicesNoiseToTheEpochSum() {
        BanditSpec spec = create(Specs.capriLdp("capri-ldp"));
        settle(spec); // the plan
        CapriRandomiserPlan plan = (CapriRandomiserPlan) runtime(spec).local().orElseThrow().epochPlan(1).orElseThrow();
        CapriRandomiser randomiser = new CapriRandomiser(plan, PrivacyFloor.NONE);
        int length = current(spec).length();
        for (int t = 0; t < length; t++) {
            double[] context = spec.contextPool().get(t % spec.contextPool().size());
            BanditRuntime.Served served = runtime(spec).decide(context, null, rng);
            UUID id = storage.decide(spec.id(), context, served.action(), 600);
            if (t % 3 != 1) {
                storage.feedback(id, null, Reports.text(randomiser.randomise(context,
                        spec.actions().get(served.action()).features(), 0.7, device)));
            }
        }
        int silent = (length + 1) / 3;
        storage.advanceClock(601_000);
        server.sigmas.clear();
        // Fold every round (the close's release adds no noise under LDP: the reports carry it).
        for (int i = 0; i < 100 && current(spec).folded() < length; i++) {
            engine.advance(runtime(spec), current(spec), true);
        }
        assertThat(current(spec).folded()).isEqualTo(length);
        assertThat(server.sigmas).as("one device release of |S| numbers per silent round")
                .hasSize(silent * plan.projectionSize()).containsOnly(randomiser.sigma());
        assertThat(storage.accumulatorBytes(spec.id(), 1)).isNotNull();
    }
}

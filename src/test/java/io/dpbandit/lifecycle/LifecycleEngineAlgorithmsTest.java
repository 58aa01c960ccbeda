package io.dpbandit.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.dpbandit.bandit.BanditMetrics;
import io.dpbandit.bandit.EpochStatus;
import io.dpbandit.bandit.Phase;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.SeededNoiseSource;
import io.dpbandit.policy.capri.ReleasedModel;
import io.dpbandit.policy.usca.UscaCompactEstimator;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.runtime.RuntimeServices;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.codec.BinaryCodec;
import io.dpbandit.codec.StateCodec;
import io.dpbandit.testing.QuietLogs;
import io.dpbandit.testing.Specs;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.dpbandit.client.privacy.PrivacyCost;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.http.converter.json.Jackson2ObjectMapperBuilder;

/**
 * The engine with the real epoch processes of CAPRI, USCA and private LinUCB, on the in-memory
 * storage: each algorithm's descriptor creates the bandit and builds its runtime from in-memory
 * {@link RuntimeServices} (seeded noise and public randomness), rounds are decided by the runtime,
 * and the engine carries the epoch to its close as the worker would (a runtime rebuilt before each
 * step, as {@code LifecycleWorker#settle} does).
 */
@ExtendWith(QuietLogs.class)
class LifecycleEngineAlgorithmsTest {

    final InMemoryBandits bandits = new InMemoryBandits();
    final InMemoryLifecycleStorage storage = bandits.storage;
    final LifecycleEngine engine = new LifecycleEngine(storage, new BanditMetrics(new SimpleMeterRegistry()), 1_000);
    final Services services = bandits.services;
    final SplittableRandom rng = new SplittableRandom(11);

    /** What a runtime reads, from the in-memory storage; seeded noise and public randomness. */
    static final class Services implements RuntimeServices {
        private final InMemoryLifecycleStorage storage;
        private final BinaryCodec binary = new BinaryCodec();
        private final StateCodec json = new StateCodec(Jackson2ObjectMapperBuilder.json().build());
        private final NoiseSource noise;
        private long publicSeed = 100;

        Services(InMemoryLifecycleStorage storage) {
            this(storage, new SeededNoiseSource(5));
        }

        Services(InMemoryLifecycleStorage storage, NoiseSource noise) {
            this.storage = storage;
            this.noise = noise;
        }

        @Override
        public List<String> releasedModels(String banditId) {
            return storage.releasedModels(banditId);
        }

        @Override
        public Optional<byte[]> policyState(String banditId) {
            return storage.policyState(banditId);
        }

        @Override
        public Optional<byte[]> plan(String banditId, int epoch) {
            return storage.plan(banditId, epoch);
        }

        @Override
        public BinaryCodec binary() {
            return binary;
        }

        @Override
        public StateCodec json() {
            return json;
        }

        @Override
        public NoiseSource noise() {
            return noise;
        }

        @Override
        public SplittableRandom publicRng(String banditId, int epoch) {
            // Public draws as PublicRandomness makes them: a function of the bandit and the epoch.
            return new SplittableRandom(publicSeed * 1_000_003L + banditId.hashCode() * 31L + epoch);
        }
    }


    /** n decisions served by the runtime and stored, each rewarded with {@code reward}; their ids. */
    List<UUID> play(BanditSpec spec, int n, double reward) {
        List<UUID> ids = new ArrayList<>();
        for (int t = 0; t < n; t++) {
            double[] context = spec.contextPool() == null ? new double[] {0.1 * (t % 10), 0.5}
                    : spec.contextPool().get(t % spec.contextPool().size());
            BanditRuntime.Served served = bandits.runtime(spec).decide(context, null, rng);
            UUID id = storage.decide(spec.id(), context, served.action(), spec.feedback().waitSeconds());
            storage.feedback(id, reward, null);
            ids.add(id);
        }
        return ids;
    }

    /** Every feedback window so far passes, then {@link InMemoryBandits#settle}. */
    List<Step> settle(BanditSpec spec) {
        storage.advanceClock((spec.feedback().waitSeconds() + 1) * 1000L);
        return bandits.settle(engine, spec);
    }

    @Test
    void capriPlansFoldsAndReleasesItsFirstEpochAndOpensTheNext() {
        BanditSpec spec = bandits.create(Specs.capri("capri", 100, 600));
        int length = bandits.current(spec).length();
        assertThat(length).isEqualTo(10);
        play(spec, length, 0.5);

        List<Step> steps = settle(spec);
        assertThat(steps).contains(Step.PLANNED, Step.FOLDED).endsWith(Step.SEALED, Step.CLOSED);
        assertThat(storage.version(spec.id()).epoch()).isEqualTo(2);
        assertThat(storage.version(spec.id()).phase()).isEqualTo(Phase.EXPLORE);
        assertThat(storage.rounds(spec.id())).isEqualTo(length);
        assertThat(bandits.current(spec).length()).isEqualTo(2 * length);
        assertThat(storage.epoch(spec.id(), 1).orElseThrow().status()).isEqualTo(EpochStatus.CLOSED);

        // Under the EXACT accountant a user's rounds across epochs cost one release (Gaussian DP), so
        // the first release is calibrated at, and charged, the whole rho_total (a hair under it).
        double perEpoch = io.dpbandit.privacy.ZcdpAccounting.budgetRho(new PrivacyCost(1.0, 1e-5));
        assertThat(storage.ledger(spec.id())).singleElement().satisfies(c -> {
            assertThat(c.accountant()).isEqualTo(io.dpbandit.privacy.Accountant.EXACT);
            assertThat(c.rho()).isLessThanOrEqualTo(perEpoch).isCloseTo(perEpoch, within(1e-9 * perEpoch));
            assertThat(c.epoch()).isEqualTo(1);
            assertThat(c.composition()).isEqualTo("SEQUENTIAL");
        });
        ReleasedModel model = services.json().read(storage.releasedModels(spec.id()).get(0), ReleasedModel.class);
        assertThat(model.epoch()).isEqualTo(1);
        assertThat(model.coefficients()).isNotEmpty().hasSize(model.projectionSet().size());

        // The runtime of epoch 2 serves from the released model.
        BanditRuntime next = bandits.runtime(spec);
        assertThat(next.version().epoch()).isEqualTo(2);
        assertThat(next.decide(spec.contextPool().get(0), null, rng).action()).isBetween(0, 2);
    }

    @Test
    void uscaBuildsItsEstimatorOnceAndMovesToRelease() {
        BanditSpec spec = bandits.create(Specs.usca("usca", 6, 0.5, 1.0));
        play(spec, 6, 0.4);
        List<Step> steps = settle(spec);
        assertThat(steps).containsExactly(Step.PLANNED, Step.FOLDED, Step.SEALED, Step.CLOSED);
        assertThat(storage.version(spec.id()).phase()).isEqualTo(Phase.RELEASE);
        assertThat(storage.ledger(spec.id())).as("each per-context release is charged, not the estimator").isEmpty();
        UscaCompactEstimator estimator = services.binary().decode(storage.policyState(spec.id()).orElseThrow(),
                UscaCompactEstimator.class);
        assertThat(estimator).isNotNull();
        assertThat(storage.openEpochs()).isEmpty();
        assertThat(settle(spec)).as("nothing more to do").isEmpty();
    }

    @Test
    void linUcbFoldsInDecisionOrderOverItsPolicyVersionAndAStaleRuntimeFoldsNothing() {
        BanditSpec spec = bandits.create(Specs.linear("lin", "LINUCB", 20, 600));
        assertThat(storage.ledger(spec.id())).as("the horizon charged at creation").hasSize(1);
        List<UUID> ids = new ArrayList<>();
        for (int t = 0; t < 20; t++) {
            if (t == 10) {
                storage.advanceClock(300_000); // the second half is decided five minutes later
            }
            double[] context = {0.3, 0.7};
            ids.add(storage.decide(spec.id(), context, bandits.runtime(spec).decide(context, null, rng).action(), 600));
        }
        for (int t = 0; t < 10; t++) {
            storage.feedback(ids.get(t), 0.9, null);
        }
        storage.feedback(ids.get(15), 0.9, null); // rewarded, but its window is still open

        // The first half's windows pass, the second half's do not: a prefix in decision order folds.
        storage.advanceClock(301_000);
        BanditRuntime stale = bandits.runtime(spec);
        assertThat(engine.advance(stale, bandits.current(spec), true)).isEqualTo(Step.FOLDED);
        assertThat(storage.foldedRounds(spec.id(), 1)).as("the rounds whose windows passed only").isEqualTo(10);
        assertThat(storage.version(spec.id()).version()).isEqualTo(1);

        for (int t = 10; t < 20; t++) {
            storage.feedback(ids.get(t), 0.1, null);
        }
        storage.advanceClock(300_000);
        assertThat(engine.advance(stale, bandits.current(spec), true)).as("its state is at version 0")
                .isEqualTo(Step.NONE);
        assertThat(storage.foldedRounds(spec.id(), 1)).isEqualTo(10);
        assertThat(storage.version(spec.id()).version()).isEqualTo(1);

        assertThat(settle(spec)).containsExactly(Step.FOLDED, Step.SEALED, Step.CLOSED);
        assertThat(storage.foldedRounds(spec.id(), 1)).isEqualTo(20);
        assertThat(storage.version(spec.id()).phase()).isEqualTo(Phase.EXPLOIT);
        assertThat(storage.rounds(spec.id())).isEqualTo(20);
        assertThat(storage.ledger(spec.id())).as("nothing charged at the close").hasSize(1);
        assertThat(bandits.runtime(spec).learning()).isFalse();
    }
}

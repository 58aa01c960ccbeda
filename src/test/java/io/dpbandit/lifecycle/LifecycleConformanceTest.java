package io.dpbandit.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.algorithms.Algorithms;
import io.dpbandit.bandit.BanditMetrics;
import io.dpbandit.bandit.EpochStatus;
import io.dpbandit.bandit.Phase;
import io.dpbandit.privacy.ZcdpAccounting;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.runtime.SpecSection;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.spec.PrivacyModel;
import io.dpbandit.testing.QuietLogs;
import io.dpbandit.testing.Specs;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What the lifecycle engine expects of every algorithm the registry serves, checked for each one and
 * each privacy model it declares (not for a list of names: a sixth algorithm is in this test the
 * moment it is registered, and fails it until it has an example spec below). On the in-memory
 * storage, as the worker drives it: the bandit is created, its first epoch is played by its own
 * runtime as a generic backend would (rewards for central models; nothing for local ones, whose
 * devices may stay silent), every feedback window passes, and the engine steps to the close.
 */
@ExtendWith(QuietLogs.class)
class LifecycleConformanceTest {

    /** Every registered algorithm with every privacy model it declares. */
    static Stream<Arguments> registered() {
        return Algorithms.all().stream()
                .flatMap(d -> d.privacyModels().stream().map(m -> Arguments.of(d.algorithm(), m)));
    }

    /**
     * A small spec of each algorithm under a privacy model. A new algorithm fails here, by design,
     * until it has one.
     */
    static Map<String, Object> example(BanditSpec.Algorithm algorithm, PrivacyModel model) {
        String id = algorithm.name().toLowerCase() + "-" + model.name().toLowerCase();
        Map<String, Object> spec = switch (algorithm) {
            case CAPRI -> model == PrivacyModel.LDP ? Specs.capriLdp(id) : Specs.capri(id, 100, 600);
            case USCA -> Specs.usca(id, 6, 0.5, 1.0);
            case LINUCB, ONLINEUCB -> Specs.linear(id, algorithm.name(), 20, 600);
            case GPUCB -> Specs.gp(id, model.name(), 8);
        };
        @SuppressWarnings("unchecked")
        Map<String, Object> privacy = new HashMap<>((Map<String, Object>) spec.get("privacy"));
        privacy.put("model", model.name());
        spec.put("privacy", privacy);
        return spec;
    }

    /** One in-memory world: storage, engine, seeded services; everything a run touches is seeded. */
    static final class World {
        final InMemoryBandits bandits = new InMemoryBandits();
        final InMemoryLifecycleStorage storage = bandits.storage;
        final LifecycleEngine engine = new LifecycleEngine(storage, new BanditMetrics(new SimpleMeterRegistry()), 1_000);
        final SplittableRandom rng = new SplittableRandom(17);


        List<Step> settle(BanditSpec spec) {
            return bandits.settle(engine, spec);
        }

        double[] context(BanditSpec spec, int t) {
            if (spec.contextPool() != null) {
                return spec.contextPool().get(t % spec.contextPool().size());
            }
            double[] x = new double[spec.contextDimension()];
            for (int i = 0; i < x.length; i++) {
                x[i] = rng.nextDouble();
            }
            return x;
        }

        /** Creates the bandit, plays its first epoch, passes every window and steps to the close. */
        BanditSpec firstEpoch(BanditSpec.Algorithm algorithm, PrivacyModel model) {
            BanditSpec spec = bandits.create(example(algorithm, model));
            settle(spec); // a plan, where the algorithm plans before its rounds
            int length = bandits.current(spec).length();
            for (int t = 0; t < length; t++) {
                double[] x = context(spec, t);
                int action = bandits.runtime(spec).decide(x, null, rng).action();
                var id = storage.decide(spec.id(), x, action, spec.feedback().waitSeconds());
                if (model != PrivacyModel.LDP) {
                    storage.feedback(id, rng.nextDouble(), null);
                }
            }
            storage.advanceClock((spec.feedback().waitSeconds() + 1) * 1000L);
            return spec;
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("registered")
    void everyDecisionIsAnActionOfTheSpecWithAPropensityAndAmongItsDecisionSet(BanditSpec.Algorithm algorithm,
            PrivacyModel model) {
        World world = new World();
        BanditSpec spec = world.bandits.create(example(algorithm, model));
        world.settle(spec);
        int actions = spec.actions().size();
        assertThat(world.bandits.current(spec).length()).as("the first epoch takes rounds").isPositive();
        assertThat(world.bandits.runtime(spec).version().phase()).isEqualTo(Phase.EXPLORE);
        for (int t = 0; t < 50; t++) {
            BanditRuntime.Served served = world.bandits.runtime(spec).decide(world.context(spec, t), null, world.rng);
            assertThat(served.action()).isBetween(0, actions - 1);
            assertThat(served.propensity()).isGreaterThan(0.0).isLessThanOrEqualTo(1.0);
            if (Algorithms.of(algorithm).sections().contains(SpecSection.DECISION_SETS)) {
                int only = t % actions;
                assertThat(world.bandits.runtime(spec).decide(world.context(spec, t), new int[] {only}, world.rng).action())
                        .as("a decision among one candidate").isEqualTo(only);
            }
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("registered")
    void theFirstEpochClosesOnceWithinTheBudgetAndAnotherSettleClosesNothing(BanditSpec.Algorithm algorithm,
            PrivacyModel model) {
        World world = new World();
        BanditSpec spec = world.firstEpoch(algorithm, model);
        int length = world.bandits.current(spec).length();

        List<Step> steps = world.settle(spec);
        assertThat(steps).as("the close is the last step, sealed first").endsWith(Step.SEALED, Step.CLOSED);
        assertThat(world.storage.epoch(spec.id(), 1).orElseThrow().status()).isEqualTo(EpochStatus.CLOSED);
        assertThat(world.storage.rounds(spec.id())).as("every round of the epoch counted once").isEqualTo(length);
        assertThat(world.storage.foldedRounds(spec.id(), 1)).isEqualTo(length);
        assertThat(world.storage.version(spec.id()).version()).as("the close moved the stored version")
                .isPositive();

        // What the ledger holds never exceeds the budget the bandit was created with: in rho where the
        // charges are Gaussian (zCDP / Gaussian DP), in epsilon where they are pure.
        var ledger = world.storage.ledger(spec.id());
        double rho = ledger.stream().filter(c -> c.rho() != null).mapToDouble(c -> c.rho()).sum();
        double epsilon = ledger.stream().filter(c -> c.rho() == null).mapToDouble(c -> c.cost().epsilon()).sum();
        var budget = world.storage.budget(spec.id());
        if (budget.delta() > 0) {
            assertThat(rho).isLessThanOrEqualTo(ZcdpAccounting.budgetRho(budget) * (1 + 1e-12));
        }
        assertThat(epsilon).isLessThanOrEqualTo(budget.epsilon() * (1 + 1e-12));
        assertThat(ledger).allSatisfy(c -> assertThat(c.epoch() == null || c.epoch() == 1).isTrue());

        // Nothing new to fold: a second settle may plan the next epoch, never seal or close again.
        int epochsBefore = world.storage.openEpochs().size();
        assertThat(world.settle(spec)).doesNotContain(Step.SEALED, Step.CLOSED, Step.FOLDED);
        assertThat(world.storage.ledger(spec.id())).as("no second charge").hasSameSizeAs(ledger);
        assertThat(world.storage.openEpochs()).hasSize(epochsBefore);

        // Whatever comes next, the rebuilt runtime still serves actions of the spec.
        BanditRuntime next = world.bandits.runtime(spec);
        assertThat(next.decide(world.context(spec, 0), null, world.rng).action())
                .isBetween(0, spec.actions().size() - 1);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("registered")
    void twoWorldsWithTheSameSeedsStoreTheSameStateAndReleases(BanditSpec.Algorithm algorithm, PrivacyModel model) {
        // The epoch process is a function of its stored inputs and its seeded sources: nothing may
        // depend on hash order, threads or the wall clock, or a close re-run after a crash would not
        // be the close the ledger paid for.
        World a = new World();
        World b = new World();
        BanditSpec spec = a.firstEpoch(algorithm, model);
        b.firstEpoch(algorithm, model);
        assertThat(a.settle(spec)).isEqualTo(b.settle(spec));
        assertThat(a.storage.releasedModels(spec.id())).isEqualTo(b.storage.releasedModels(spec.id()));
        assertThat(Arrays.equals(a.storage.policyState(spec.id()).orElse(null),
                b.storage.policyState(spec.id()).orElse(null))).as("the stored policy state").isTrue();
        assertThat(a.storage.ledger(spec.id())).isEqualTo(b.storage.ledger(spec.id()));
    }
}

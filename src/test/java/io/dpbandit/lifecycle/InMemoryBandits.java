package io.dpbandit.lifecycle;

import io.dpbandit.algorithms.Algorithms;
import io.dpbandit.algorithms.SpecValidation;
import io.dpbandit.runtime.AlgorithmDescriptor;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.runtime.OpenEpoch;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.testing.Specs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Bandits on an {@link InMemoryLifecycleStorage}, as the service creates and serves them: a spec
 * created with its first epoch (and its creation charge), its runtime at the stored version, its current epoch, and rounds
 * played with fresh uniform contexts (never in the public pool) and uniform rewards.
 */
final class InMemoryBandits {

    final InMemoryLifecycleStorage storage = new InMemoryLifecycleStorage();
    final LifecycleEngineAlgorithmsTest.Services services = new LifecycleEngineAlgorithmsTest.Services(storage);

    /** A bandit created from a spec the way BanditService creates one (with its creation charge); its normalised spec. */
    BanditSpec create(Map<String, Object> json) {
        BanditSpec spec = SpecValidation.normalise(Specs.spec(json));
        AlgorithmDescriptor.Creation creation = Algorithms.of(spec.algorithm()).create(spec, services.noise());
        storage.createBandit(spec.id(), creation.firstEpochLength(), creation.budget(), creation.initialState());
        if (creation.charge() != null) {
            storage.chargeAtCreation(spec.id(), creation.charge());
        }
        return spec;
    }

    BanditRuntime runtime(BanditSpec spec) {
        return Algorithms.of(spec.algorithm()).runtime(spec, storage.version(spec.id()), services);
    }

    OpenEpoch current(BanditSpec spec) {
        return storage.epoch(spec.id(), storage.version(spec.id()).epoch()).orElseThrow();
    }

    /**
     * Steps {@code engine} as the worker would, a runtime rebuilt before each step, until the bandit
     * has no open epoch, a step did nothing, or an epoch closed; the steps taken.
     */
    List<Step> settle(LifecycleEngine engine, BanditSpec spec) {
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            if (storage.openEpochs().stream().noneMatch(e -> e.banditId().equals(spec.id()))) {
                return steps;
            }
            Step step = engine.advance(runtime(spec), current(spec), true);
            if (!step.worked()) {
                return steps;
            }
            steps.add(step);
            if (step == Step.CLOSED) {
                return steps;
            }
        }
        throw new AssertionError("no end after 1000 steps: " + steps);
    }

    /** {@code n} rounds with fresh uniform contexts and uniform rewards, then every window passed. */
    void play(BanditSpec spec, int n, SplittableRandom rng) {
        for (int t = 0; t < n; t++) {
            double[] context = {rng.nextDouble(), rng.nextDouble()};
            int action = runtime(spec).decide(context, null, rng).action();
            storage.feedback(storage.decide(spec.id(), context, action, spec.feedback().waitSeconds()),
                    rng.nextDouble(), null);
        }
        storage.advanceClock((spec.feedback().waitSeconds() + 1) * 1000L);
    }
}

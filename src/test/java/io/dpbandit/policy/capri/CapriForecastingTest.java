package io.dpbandit.policy.capri;

import io.dpbandit.policy.planning.PlanReport;
import io.dpbandit.policy.planning.PlannerOptions;
import io.dpbandit.policy.usca.UscaForecast;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.dpbandit.sim.RunResult;
import io.dpbandit.sim.Simulation;
import io.dpbandit.simulate.WorldPlanner;
import io.dpbandit.sim.env.Environment;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The planner against the simulator, on the reference world (50 contexts × 20 actions, RBF 0.3) at
 * T = 20 000: its forecast of the first epoch whose model eliminates the world's largest gap is the
 * epoch in which the simulated run first eliminates an action, or one before it (the planner leaves
 * out the ridge's shrinkage of μ̂, which can only delay an elimination), and never later. Each run
 * is one fixed computation (seeded world, users, draws and noise); about 30 s in all.
 */
class CapriForecastingTest {

    static Map<String, String> world(long seed, String epsilon, String... more) {
        Map<String, String> o = new HashMap<>(Map.of("env", "kernel", "horizon", "20000", "epsilon", epsilon,
                "world-seed", Long.toString(seed)));
        for (int i = 0; i < more.length; i += 2) {
            o.put(more[i], more[i + 1]);
        }
        return o;
    }

    /** The largest reward gap over the pool: what the simulation can eliminate first. */
    static double largestGap(Environment env) {
        double gap = 0;
        for (double[] c : env.publicContexts().finiteSupport().orElseThrow()) {
            double best = env.bestMeanReward(c);
            for (int a = 0; a < env.actionFeatures().size(); a++) {
                gap = Math.max(gap, best - env.meanReward(c, a));
            }
        }
        return gap;
    }

    @Tag("learning")
    @Test
    void theForecastFirstEliminationMatchesTheSimulatedOneWithinAnEpoch() {
        for (long seed : new long[] {1, 2}) {
            Map<String, String> o = world(seed, "4", "composition", "parallel", "refined", "true");
            Simulation run = WorldPlanner.simulation(o);
            double gap = largestGap(run.environment());
            PlanReport report = WorldPlanner.plan(o, PlannerOptions.defaults().withGap(gap));
            Integer predicted = report.forecast(CapriForecast.class).firstEliminationEpoch();
            RunResult simulated = run.run();
            int actions = run.environment().actionFeatures().size();
            Integer first = simulated.epochs().stream().filter(e -> e.meanActiveSetSize() < actions)
                    .map(RunResult.EpochStats::epoch).findFirst().orElse(null);
            assertThat(first).as("seed %d: the simulation eliminates within T", seed).isNotNull();
            assertThat(predicted).as("seed %d: the planner resolves a gap of %.3f within T", seed, gap).isNotNull();
            assertThat(predicted).as("seed %d: forecast vs simulated first elimination", seed)
                    .isBetween(first - 1, first);
            // The schedule the planner reports is the run's: the same epochs and lengths, and, while
            // every action is still active (the planner's assumption), noise within a factor 1.5 (the
            // planner draws its own public S and R, so C_r and sigma are a typical run's, not this
            // run's; runs differ from it by up to about 30 % on this world).
            for (RunResult.EpochStats e : simulated.epochs()) {
                var f = report.forecast(CapriForecast.class).epoch(e.epoch()).orElseThrow();
                assertThat(f.length()).isEqualTo(e.length());
                if (e.epoch() <= first) {
                    assertThat(f.noiseSigma()).as("epoch %d sigma", e.epoch())
                            .isBetween(e.noiseSigma() / 1.5, e.noiseSigma() * 1.5);
                }
            }
        }
    }

    @Test
    void aGapTooSmallForThePrivacyNoiseIsForecastNeverToBeEliminated() {
        PlanReport paper = WorldPlanner.plan(world(1, "1", "pool", "20", "actions", "5"), PlannerOptions.defaults());
        assertThat(paper.forecast(CapriForecast.class).firstEliminationEpoch()).as("the paper's 4 Delta at epsilon = 1, T = 20 000").isNull();
        assertThat(paper.notes()).anyMatch(n -> n.contains("will play uniformly"));
        PlanReport refined = WorldPlanner.plan(world(1, "1", "pool", "20", "actions", "5", "refined", "true",
                "composition", "parallel"), PlannerOptions.defaults().withGap(0.5));
        var last = refined.forecast(CapriForecast.class).epochs().get(refined.forecast(CapriForecast.class).epochs().size() - 1);
        var lastPaper = paper.forecast(CapriForecast.class).epochs().get(paper.forecast(CapriForecast.class).epochs().size() - 1);
        assertThat(last.resolvableGap()).as("the refinements resolve a smaller gap than the paper's rule")
                .isLessThan(lastPaper.resolvableGap() / 10);
        assertThat(refined.forecast(CapriForecast.class).totalEpsilon()).as("PARALLEL: the first release is charged the whole epsilon")
                .isCloseTo(1.0, within(1e-12));
        assertThat(paper.forecast(CapriForecast.class).totalEpsilon()).as("SEQUENTIAL: the releases' (eps/L) sum to at most eps")
                .isLessThanOrEqualTo(1.0 + 1e-12);

        // What the analyst page reads a release's margins against: per releasing epoch, the rounds once it is
        // released and half its resolvable gap (a margin above the gap counts as resolved by that release).
        CapriForecast f = refined.forecast(CapriForecast.class);
        var releasing = f.epochs().stream().filter(CapriForecast.EpochForecast::releases).toList();
        assertThat(f.scoreErrors()).hasSize(releasing.size());
        for (int i = 0; i < releasing.size(); i++) {
            assertThat(f.scoreErrors().get(i).rounds()).isEqualTo(releasing.get(i).startRound() + releasing.get(i).length());
            assertThat(f.scoreErrors().get(i).scoreError()).isEqualTo(releasing.get(i).resolvableGap() / 2);
        }
        double margin = last.resolvableGap() * 1.01;
        assertThat(io.dpbandit.algorithms.sequential.SequentialScores.roundsToResolve(f.scoreErrors(), margin))
                .as("a margin just above the last release's resolvable gap: resolved by the first release that can")
                .contains(releasing.stream().filter(e -> e.resolvableGap() < margin).findFirst().orElseThrow().startRound()
                        + releasing.stream().filter(e -> e.resolvableGap() < margin).findFirst().orElseThrow().length());
        assertThat(io.dpbandit.algorithms.sequential.SequentialScores.roundsToResolve(f.scoreErrors(),
                last.resolvableGap() / 2)).as("a margin no planned release resolves").isEmpty();
    }

    @Test
    void withoutNoiseEveryPrivacyFigureIsZero() {
        PlanReport report = WorldPlanner.plan(world(1, "inf", "pool", "20", "actions", "5"), PlannerOptions.defaults());
        assertThat(report.forecast(CapriForecast.class).epsilon()).isNull();
        assertThat(report.forecast(CapriForecast.class).epochs()).allSatisfy(e -> {
            assertThat(e.noiseSigma()).isZero();
            assertThat(e.noiseSdMax()).isZero();
            assertThat(e.chargedEpsilon()).isZero();
        });
    }

    @Test
    void uscaCoverageAndSharpnessGrowWithTheApproximatingSet() {
        PlanReport small = WorldPlanner.plan(world(1, "1", "policy", "usca", "approximation-size", "1000"),
                PlannerOptions.defaults());
        PlanReport large = WorldPlanner.plan(world(1, "1", "policy", "usca", "approximation-size", "8000"),
                PlannerOptions.defaults());
        assertThat(small.forecast(UscaForecast.class).supportSize()).isEqualTo(1000);
        assertThat(small.forecast(UscaForecast.class).coverage()).as("n_Z = |support| covers about 1 - 1/e").isBetween(0.55, 0.70);
        assertThat(large.forecast(UscaForecast.class).coverage()).as("n_Z = 8 |support| covers nearly all").isGreaterThan(0.99);
        assertThat(large.forecast(UscaForecast.class).approximationPoints()).isLessThanOrEqualTo(1000);
        assertThat(large.forecast(UscaForecast.class).supSigmaSq()).as("covered support: smaller sup sigma^2, sharper releases")
                .isLessThan(small.forecast(UscaForecast.class).supSigmaSq());
        assertThat(large.forecast(UscaForecast.class).bestProbabilityAtGap()).isGreaterThan(small.forecast(UscaForecast.class).bestProbabilityAtGap());
    }
}

package io.dpbandit.sim.capri;

import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.policy.capri.CapriDefaults;
import io.dpbandit.policy.capri.CapriForecasting;
import io.dpbandit.policy.planning.PlannerOptions;
import io.dpbandit.privacy.Accountant;
import io.dpbandit.sim.RunResult;
import io.dpbandit.sim.SimulatedPolicy;
import io.dpbandit.sim.Simulation;
import io.dpbandit.sim.SimulationSettings;
import io.dpbandit.sim.UserPopulation;
import io.dpbandit.sim.WorldForecast;
import java.util.List;
import java.util.Optional;

/**
 * CAPRI's simulated policies (any environment; ε = ∞ runs the non-private version of each):
 * <ul>
 *   <li>{@code capri-paper}: CAPRI-JDP exactly as the paper states it (σ_0 of eq. 5, ε split over
 *       ln T epochs, theory widths, support-max clipping);</li>
 *   <li>{@code capri}: CAPRI-JDP with the engineered options (analytic noise on the clipped
 *       sensitivity, parallel composition over epochs, exact noise width, tuned statistical
 *       scale and clipping quantile);</li>
 *   <li>{@code capri-ldp}: CAPRI-LDP with the same engineered options, every report made by the client
 *       randomiser a real user runs.</li>
 * </ul>
 */
public record CapriPolicy(Mode mode) implements SimulatedPolicy {

    /** The three variants. */
    public enum Mode { PAPER, ENGINEERED, LDP }

    public static List<SimulatedPolicy> all() {
        return List.of(new CapriPolicy(Mode.PAPER), new CapriPolicy(Mode.ENGINEERED), new CapriPolicy(Mode.LDP));
    }

    @Override
    public String label() {
        return switch (mode) {
            case PAPER -> "capri-paper";
            case ENGINEERED -> "capri";
            case LDP -> "capri-ldp";
        };
    }

    @Override
    public boolean usesEpsilon() {
        return true;
    }

    @Override
    public RunResult run(Simulation run) {
        return new CapriSimulation(run, config(run)).run();
    }

    @Override
    public Optional<WorldForecast> forecast() {
        return Optional.of((run, options) -> CapriForecasting.plan(config(run), run.environment().publicContexts(),
                options));
    }

    /** Under unit USER a user's rounds past k are served but do not learn ({@link CapriSimulation}). */
    @Override
    public boolean simulatesUserLevel() {
        return true;
    }

    /**
     * BASIC with PARALLEL epochs and k &gt; 1 is refused as the service refuses it: a user's k rounds may
     * fall in k epochs, and only Gaussian releases (ZCDP) compose without paying k times.
     */
    @Override
    public void checkUserLevel(UserPopulation population, SimulationSettings settings) {
        CapriSettings capri = CapriSettings.of(settings);
        if (population.maxRoundsPerUser() > 1 && capri.composition() == CapriConfig.EpochComposition.PARALLEL
                && capri.accountant(mode) == Accountant.BASIC) {
            throw new IllegalArgumentException("'" + label() + "': PARALLEL with --max-rounds-per-user > 1 "
                    + "needs a Gaussian accountant, exact or zcdp (a user may be in up to k epochs)");
        }
    }

    /**
     * The configuration of a run of this policy (what the planner forecasts). With {@code --exploit-share auto}
     * (a private run): exploit ARGMAX at the share {@link CapriDefaults} forecasts to learn most over the run's
     * decisions, chosen from the run's public inputs (its configuration and public pool) alone.
     */
    public CapriConfig config(Simulation run) {
        CapriSettings capri = CapriSettings.of(run.settings());
        if (capri.plannedExploitShare() && Double.isFinite(run.epsilon())) {
            double share = CapriDefaults.chooseExploitShare(run.horizon(), s -> config(run,
                    capri.refinements().withExploit(CapriConfig.Refinements.Exploit.ARGMAX, s)),
                    run.environment().publicContexts(), PlannerOptions.defaults()).exploitShare();
            return config(run, capri.refinements().withExploit(CapriConfig.Refinements.Exploit.ARGMAX, share));
        }
        return config(run, capri.refinements());
    }

    /** The configuration of a run of this policy with {@code refinements} in place of the settings' own. */
    private CapriConfig config(Simulation run, CapriConfig.Refinements refinements) {
        SimulationSettings settings = run.settings();
        CapriSettings capri = CapriSettings.of(settings);
        List<double[]> actions = run.environment().actionFeatures();
        double b = settings.rewardBound(run.environment().rewardBound());
        CapriConfig.Privacy privacy;
        if (Double.isInfinite(run.epsilon())) {
            privacy = CapriConfig.Privacy.none();
        } else {
            privacy = new CapriConfig.Privacy(mode == Mode.LDP ? CapriConfig.Model.LDP : CapriConfig.Model.JDP,
                    run.epsilon(), settings.delta(), capri.accountant(mode), settings.groupSize());
        }
        int learningHorizon = learningHorizon(run.horizon(), refinements);
        CapriConfig base = mode == Mode.PAPER
                ? CapriConfig.paper(learningHorizon, actions, run.kernel(), settings.regularization(), b, privacy)
                : CapriConfig.engineered(learningHorizon, actions, run.kernel(), settings.regularization(), b,
                        privacy, capri.confidenceScale(), capri.clippingQuantile());
        return base.withProjectionCap(capri.projectionCap()).withComposition(capri.composition())
                .withRefinements(refinements);
    }

    /**
     * The bandit's horizon, in learning rounds, for a run of {@code rounds} users: the run itself,
     * except that with {@code tuning.exploit ARGMAX} and a share s &gt; 0 only about (1 − s) of the
     * decisions learn, so the bandit is configured as a deployment expecting that many users would
     * configure it, with horizon ⌊(1 − s) · rounds⌋ (its epochs are then scheduled over the learning
     * rounds the run can supply; an epoch the run cannot complete never releases).
     */
    static int learningHorizon(int rounds, CapriConfig.Refinements refinements) {
        if (!refinements.exploits() || refinements.exploitShare() == 0) {
            return rounds;
        }
        return Math.max(1, (int) Math.floor((1 - refinements.exploitShare()) * rounds));
    }
}

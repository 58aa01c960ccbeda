package io.dpbandit.sim;

import static io.dpbandit.sim.OptionValues.integer;
import static io.dpbandit.sim.OptionValues.number;

import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.policy.onlineucb.OnlineUcb;
import io.dpbandit.policy.onlineucb.OnlineUcbForecast;
import io.dpbandit.policy.planning.PlanReport;
import io.dpbandit.policy.planning.PlannerOptions;
import io.dpbandit.policy.capri.CapriForecasting;
import io.dpbandit.policy.usca.UscaForecasting;
import io.dpbandit.sim.env.Environment;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The utility planner on a simulated world: the configuration {@code simulate} would run, built
 * from the same options, planned with the world's public pool only (the planner never sees the
 * world's rewards). Lets the {@code plan} command forecast exactly the runs the benchmarks make.
 */
public final class WorldPlanner {

    public static final String USAGE = """
            On a simulated world instead of a spec (the options of simulate, one policy and one epsilon):
              --env NAME               kernel | linear | linear-fresh | linear-gap | camelback | styblinski-tang |
                                       michalewicz
              --policy P               capri | capri-paper | capri-ldp | usca (default capri); onlineucb |
                                       onlineucb-paper on linear worlds
              --epsilon E              privacy level, 'inf' for non-private (default 1)
              --horizon T              (default 20000)    --world-seed N   the world's seed (default 1)
              --pool, --actions, --dimension, --bumps, --length-scale, --noise, --tau, --delta, --confidence-scale,
              --clip-quantile, --projection-cap, --approximation-size: as for simulate
            """;

    public static final Set<String> OPTIONS = Set.of("env", "policy", "epsilon", "horizon", "world-seed", "pool",
            "actions", "dimension", "bumps", "length-scale", "noise", "tau", "delta", "confidence-scale", "clip-quantile",
            "projection-cap", "approximation-size");

    private WorldPlanner() {
    }

    /** The forecast for the run {@code simulate} would make with these options. */
    public static PlanReport plan(Map<String, String> o, PlannerOptions options) {
        Simulation run = simulation(o);
        return switch (run.policy().family()) {
            case UNIFORM_EXPLORATION -> UscaForecasting.plan(run.uscaConfig(), run.environment().publicContexts(),
                    options);
            case UNIFORM_PLAY -> throw new IllegalArgumentException("uniform play needs no plan");
            case LINEAR -> OnlineUcbForecast.plan(new OnlineUcb(run.onlineUcbConfig()), 1, options.gap());
            default -> CapriForecasting.plan(run.capriConfig(), run.environment().publicContexts(), options);
        };
    }

    /** The run {@code simulate} would make with these options (seed: the world's), not yet run. */
    public static Simulation simulation(Map<String, String> o) {
        String envName = o.getOrDefault("env", "kernel");
        Environment env = SimulateCommand.environments(envName, integer(o, "pool", 50),
                integer(o, "actions", SimulateCommand.defaultActions(envName)), integer(o, "bumps", 10),
                number(o, "length-scale", 0.3), number(o, "noise", 0.1), integer(o, "dimension", 5),
                0.1 /* linear-gap's world gap; --gap is the planner's reward gap */).apply(integer(o, "world-seed", 1));
        KernelSpec kernel = envName.equals("linear") ? KernelSpec.linear() : KernelSpec.rbf(number(o, "length-scale", 0.3));
        CapriConfig.EpochComposition composition = switch (o.getOrDefault("composition", "sequential")
                .trim().toLowerCase(Locale.ROOT)) {
            case "sequential" -> CapriConfig.EpochComposition.SEQUENTIAL;
            case "parallel" -> CapriConfig.EpochComposition.PARALLEL;
            default -> throw new IllegalArgumentException("--composition must be sequential or parallel");
        };
        SimulationSettings settings = new SimulationSettings(kernel, number(o, "tau", 0.1), number(o, "delta", 1e-5),
                number(o, "confidence-scale", 5e-5), number(o, "clip-quantile", 1.0), integer(o, "projection-cap", 1000),
                integer(o, "approximation-size", 1000), 10, composition, GpUcbSettings.defaults(), 1,
                RefinementOptions.refinements(o),
                RefinementOptions.rewardBound(o));
        PolicySpec policy = PolicySpec.parse(o.getOrDefault("policy", "capri"));
        String e = o.getOrDefault("epsilon", "1").trim().toLowerCase(Locale.ROOT);
        double epsilon = e.equals("inf") ? Double.POSITIVE_INFINITY : number(o, "epsilon", 1);
        return new Simulation(env, policy, epsilon, integer(o, "world-seed", 1), integer(o, "horizon", 20000),
                settings);
    }

}

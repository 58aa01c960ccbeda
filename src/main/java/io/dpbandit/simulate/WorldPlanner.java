package io.dpbandit.simulate;

import static io.dpbandit.sim.OptionValues.integer;
import static io.dpbandit.sim.OptionValues.number;

import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.policy.planning.PlanReport;
import io.dpbandit.policy.planning.PlannerOptions;
import io.dpbandit.sim.SimulatedPolicy;
import io.dpbandit.sim.Simulation;
import io.dpbandit.sim.SimulationSettings;
import io.dpbandit.sim.env.Environment;
import java.util.HashMap;
import java.util.List;
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

    /**
     * The forecast for the run {@code simulate} would make with these options, by the policy's own
     * forecast ({@link SimulatedPolicy#forecast()}).
     */
    public static PlanReport plan(Map<String, String> o, PlannerOptions options) {
        Simulation run = simulation(o);
        SimulatedPolicy policy = run.policy();
        if (policy.label().equals("uniform")) {
            throw new IllegalArgumentException("uniform play needs no plan");
        }
        if (policy.forecast().isEmpty()) {
            String forecast = forecastLabels(policy.linear());
            throw new IllegalArgumentException(policy.linear()
                    ? "the planner forecasts linear worlds for " + forecast + ", not " + policy.label() + " on '"
                            + run.environment().name() + "'"
                    : "the planner forecasts " + forecast + ", not " + policy.label());
        }
        return policy.forecast().get().plan(run, options);
    }

    /** The labels of the (linear or other) policies the planner forecasts: "a, b and c". */
    private static String forecastLabels(boolean linear) {
        List<String> labels = SimulatedPolicies.all().stream()
                .filter(p -> p.forecast().isPresent() && p.linear() == linear).map(SimulatedPolicy::label).toList();
        return labels.size() <= 1 ? String.join("", labels)
                : String.join(", ", labels.subList(0, labels.size() - 1)) + " and " + labels.get(labels.size() - 1);
    }

    /** The run {@code simulate} would make with these options (seed: the world's), not yet run. */
    public static Simulation simulation(Map<String, String> given) {
        Map<String, String> o = new HashMap<>(given);
        // plan has no --accountant: it has always planned a world's run with the BASIC accountant.
        o.putIfAbsent("accountant", "basic");
        String envName = o.getOrDefault("env", "kernel");
        Environment env = Worlds.environments(envName, integer(o, "pool", 50),
                integer(o, "actions", Worlds.defaultActions(envName)), integer(o, "bumps", 10),
                number(o, "length-scale", 0.3), number(o, "noise", 0.1), integer(o, "dimension", 5),
                0.1 /* linear-gap's world gap; --gap is the planner's reward gap */).apply(integer(o, "world-seed", 1));
        KernelSpec kernel = envName.equals("linear") ? KernelSpec.linear() : KernelSpec.rbf(number(o, "length-scale", 0.3));
        SimulationSettings settings = SimulatedPolicies.configure(SimulationSettings.of(kernel, number(o, "tau", 0.1),
                number(o, "delta", 1e-5), 10), o);
        SimulatedPolicy policy = SimulatedPolicies.parse(o.getOrDefault("policy", "capri"));
        String e = o.getOrDefault("epsilon", "1").trim().toLowerCase(Locale.ROOT);
        double epsilon = e.equals("inf") ? Double.POSITIVE_INFINITY : number(o, "epsilon", 1);
        return new Simulation(env, policy, epsilon, integer(o, "world-seed", 1), integer(o, "horizon", 20000),
                settings);
    }

}

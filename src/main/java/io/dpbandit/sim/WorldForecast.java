package io.dpbandit.sim;

import io.dpbandit.policy.planning.PlanReport;
import io.dpbandit.policy.planning.PlannerOptions;

/**
 * The utility planner's forecast for a simulated run, from the world's public inputs only (the
 * planner never sees the world's rewards): what {@code plan --env} prints.
 */
@FunctionalInterface
public interface WorldForecast {

    /** The forecast for {@code run}, not run. */
    PlanReport plan(Simulation run, PlannerOptions options);
}

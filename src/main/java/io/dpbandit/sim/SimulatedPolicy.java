package io.dpbandit.sim;

import java.util.Optional;

/**
 * A policy the simulator can run, by its label ({@code simulate --policies}): what the kit needs to
 * know to put it in the grid, check it against the world and the options, run it, and forecast it
 * ({@code plan --env}). Each algorithm's package ({@code sim.<name>}) implements its own; the kit
 * implements the baselines that are no algorithm of the service.
 */
public interface SimulatedPolicy {

    /** The name on the command line and in every output, e.g. "uniform". */
    String label();

    /** Whether ε changes anything: a policy that ignores it runs once per seed, at ε = ∞. */
    boolean usesEpsilon();

    /** Whether it plays on a linear environment's feature vectors (and needs one). */
    default boolean linear() {
        return false;
    }

    /** Whether it needs a finite ε (it has no non-private version under this label). */
    default boolean needsFiniteEpsilon() {
        return false;
    }

    /**
     * One run, every draw from {@code run.streams()} (so it replays bit for bit); the kit adds the
     * wall time ({@link Simulation#run()}).
     */
    RunResult run(Simulation run);

    /** How {@code plan --env} forecasts a run of this policy, if the planner covers it. */
    default Optional<WorldForecast> forecast() {
        return Optional.empty();
    }

    /** Whether a run with {@code --unit user} is simulated for it (its rounds past k do not learn). */
    default boolean simulatesUserLevel() {
        return false;
    }

    /** Refuses, before anything runs, a user-level run these settings cannot keep private. */
    default void checkUserLevel(UserPopulation population, SimulationSettings settings) {
    }

    /**
     * Builds the policy's configuration for a linear world of {@code dimension} at {@code epsilon}, so that
     * one the privacy calibration refuses is reported before the grid runs.
     *
     * @throws IllegalArgumentException or IllegalStateException for a configuration that cannot run
     */
    default void checkConfiguration(int dimension, double epsilon, int horizon, SimulationSettings settings) {
    }
}

package io.dpbandit.sim;

import java.util.List;
import java.util.Map;

/**
 * What an algorithm of the service offers the simulator: its simulated policies, its section of the
 * settings and the command-line options that set it. The algorithm's descriptor implements it
 * ({@code algorithms.<name>}), so registering the algorithm registers its simulations.
 */
public interface SimulatedAlgorithm {

    /** Its policies, in the order {@code simulate} lists them. */
    List<SimulatedPolicy> simulatedPolicies();

    /**
     * {@code settings} with the algorithm's own section read from the options (name without dashes →
     * text; absent: the default), as {@code simulate} and {@code plan --env} were given them.
     *
     * @throws IllegalArgumentException naming the option, for a value it cannot take
     */
    default SimulationSettings configure(SimulationSettings settings, Map<String, String> options) {
        return settings;
    }

    /** Its picocli mixins for {@code simulate}, each a section of {@code --help}; none by default. */
    default List<Object> simulateOptions() {
        return List.of();
    }
}

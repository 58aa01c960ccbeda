package io.dpbandit.simulate;

import io.dpbandit.algorithms.Algorithms;
import io.dpbandit.sim.DisjointLinUcbPolicy;
import io.dpbandit.sim.EpochLinearPolicy;
import io.dpbandit.sim.SimulatedAlgorithm;
import io.dpbandit.sim.SimulatedPolicy;
import io.dpbandit.sim.SimulationSettings;
import io.dpbandit.sim.UniformPlay;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The policies {@code simulate} and {@code plan --env} know, by label: the kit's baselines (uniform play,
 * disjoint LinUCB, the doubling-epoch linear policy) and every registered algorithm's simulated policies
 * ({@link SimulatedAlgorithm}, implemented by the descriptors of {@link Algorithms}).
 */
public final class SimulatedPolicies {

    /**
     * The order the docs, the benchmarks and every listing quote; a policy not listed comes after these, in
     * registry order.
     */
    private static final List<String> ORDER = List.of("uniform", "capri-paper", "capri", "capri-ldp", "usca",
            "linucb", "linucb-jdp-gauss", "linucb-jdp-gauss-floor", "linucb-jdp-gauss-paper", "linucb-jdp-wishart",
            "linucb-jdp-wishart-paper", "onlineucb", "onlineucb-paper", "ldp-linucb", "gpucb", "gpucb-local",
            "gpucb-nonprivate", "linucb-disjoint", "linucb-epochs", "linucb-epochs-served");

    private static final List<SimulatedPolicy> ALL = catalogue();

    private SimulatedPolicies() {
    }

    private static List<SimulatedPolicy> catalogue() {
        List<SimulatedPolicy> all = new ArrayList<>(List.of(new UniformPlay()));
        algorithms().forEach(a -> all.addAll(a.simulatedPolicies()));
        all.addAll(List.of(new DisjointLinUcbPolicy(), new EpochLinearPolicy()));
        List<SimulatedPolicy> sorted = new ArrayList<>(all);
        sorted.sort(Comparator.comparingInt(p -> {
            int i = ORDER.indexOf(p.label());
            return i < 0 ? ORDER.size() + all.indexOf(p) : i;
        }));
        return List.copyOf(sorted);
    }

    /** The registered algorithms that offer the simulator policies, in registry order. */
    static List<SimulatedAlgorithm> algorithms() {
        return Algorithms.all().stream().filter(SimulatedAlgorithm.class::isInstance)
                .map(SimulatedAlgorithm.class::cast).toList();
    }

    /** Every policy, in listing order. */
    public static List<SimulatedPolicy> all() {
        return ALL;
    }

    /** Every label in listing order (the order of the results). */
    public static List<String> labels() {
        return ALL.stream().map(SimulatedPolicy::label).toList();
    }

    /** Every name, comma-separated, for messages. */
    public static String names() {
        return String.join(", ", labels());
    }

    /** The policy of a label, in any case, with dashes or underscores. */
    public static SimulatedPolicy parse(String s) {
        String label = s.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        return ALL.stream().filter(p -> p.label().equals(label)).findFirst().orElseThrow(
                () -> new IllegalArgumentException("unknown policy '" + s.trim() + "' (known: " + names() + ")"));
    }

    /**
     * {@code base} with every algorithm's section read from the options (name without dashes → text; an
     * absent one takes its default).
     */
    public static SimulationSettings configure(SimulationSettings base, Map<String, String> options) {
        SimulationSettings s = base;
        for (SimulatedAlgorithm a : algorithms()) {
            s = a.configure(s, options);
        }
        return s;
    }

    /** Every algorithm's mixins for {@code simulate}, in registry order. */
    static List<Object> options() {
        return algorithms().stream().flatMap(a -> a.simulateOptions().stream()).toList();
    }
}

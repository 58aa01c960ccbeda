package io.dpbandit.algorithms;

import io.dpbandit.algorithms.capri.CapriAlgorithm;
import io.dpbandit.algorithms.gpucb.GpUcbAlgorithm;
import io.dpbandit.algorithms.linucb.LinUcbAlgorithm;
import io.dpbandit.algorithms.onlineucb.OnlineUcbAlgorithm;
import io.dpbandit.algorithms.usca.UscaAlgorithm;
import io.dpbandit.runtime.AlgorithmDescriptor;
import io.dpbandit.runtime.SpecWhatIf;
import io.dpbandit.runtime.OptionsSection;
import io.dpbandit.runtime.SpecSection;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.spec.PrivacyModel;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The registry: one descriptor per algorithm the service serves, in a fixed order. This list is
 * the one registration an algorithm needs; everything else (validation messages, the API
 * document's oneOf lists, the analyst page's panels, the planner's coverage) reads it.
 */
public final class Algorithms {

    private static final List<AlgorithmDescriptor> ALL = List.of(new CapriAlgorithm(), new UscaAlgorithm(),
            new LinUcbAlgorithm(), new OnlineUcbAlgorithm(), new GpUcbAlgorithm());

    private static final Map<BanditSpec.Algorithm, AlgorithmDescriptor> BY_NAME = new EnumMap<>(
            ALL.stream().collect(Collectors.toMap(AlgorithmDescriptor::algorithm, d -> d)));

    static {
        for (BanditSpec.Algorithm a : BanditSpec.Algorithm.values()) {
            if (!BY_NAME.containsKey(a)) {
                throw new IllegalStateException("algorithm " + a + " has no descriptor in the registry");
            }
        }
    }

    private Algorithms() {
    }

    public static List<AlgorithmDescriptor> all() {
        return ALL;
    }

    public static AlgorithmDescriptor of(BanditSpec.Algorithm algorithm) {
        return BY_NAME.get(algorithm);
    }

    /** The names of the algorithms that satisfy {@code which}, for messages: "CAPRI, USCA and GPUCB". */
    public static String names(Predicate<AlgorithmDescriptor> which) {
        List<String> names = ALL.stream().filter(which).map(d -> d.algorithm().name()).toList();
        if (names.size() <= 1) {
            return String.join("", names);
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }

    /** Fresh instances of every algorithm's {@code plan} what-if options ({@link SpecWhatIf}), in registry order. */
    public static List<SpecWhatIf> planWhatIfs() {
        return ALL.stream().filter(SpecWhatIf.Offered.class::isInstance)
                .flatMap(d -> ((SpecWhatIf.Offered) d).planWhatIfs().stream()).toList();
    }

    /** The algorithms that read a spec section. */
    public static String owners(SpecSection section) {
        return names(d -> d.sections().contains(section));
    }

    /** The algorithms that declare an options section. */
    public static String owners(OptionsSection<?> section) {
        return names(d -> d.options().contains(section));
    }

    /** Every algorithm's own spec sections, each once, in registry order. */
    public static List<OptionsSection<?>> options() {
        return ALL.stream().flatMap(d -> d.options().stream()).distinct().toList();
    }

    /** The options section written under a spec key, if an algorithm declares one. */
    public static java.util.Optional<OptionsSection<?>> option(String key) {
        return options().stream().filter(o -> o.key().equals(key)).findFirst();
    }

    /** The algorithms (with their model) that take devices' reports. */
    public static String local() {
        return ALL.stream().filter(d -> d.privacyModels().contains(PrivacyModel.LDP))
                .map(d -> d.privacyModels().size() == 1 ? d.algorithm().name() : d.algorithm().name() + " with LDP")
                .collect(Collectors.joining(", "));
    }
}

package io.dpbandit.runtime;

import io.dpbandit.spec.BanditSpec;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * An algorithm's own section of the spec, declared by its package: the JSON key it is written under,
 * its type (a record with its own Bean Validation rules) and how it is read from a spec. Algorithms
 * that share a section (LINUCB and ONLINEUCB's {@code linear}) declare the same one; a spec that sets
 * a section its algorithm does not declare is refused with a 400 naming the key and the algorithms
 * that declare it, for every section alike.
 *
 * @param key  the spec's field ("linear", "gpucb")
 * @param type the section's type
 * @param read the section of a spec, null where it is absent
 * @param <T>  the section's type
 */
public record OptionsSection<T>(String key, Class<T> type, Function<BanditSpec, T> read) {

    /** Whether the spec sets this section. */
    public boolean setIn(BanditSpec spec) {
        return read.apply(spec) != null;
    }

    /** Every field of the section, written {@code key.component} ("linear.noise"). */
    public Set<String> fields() {
        return Arrays.stream(components()).map(c -> key + "." + c.getName())
                .collect(Collectors.toCollection(LinkedHashSet::new));
    }

    /**
     * Some of the section's fields, for an algorithm that reads only those of a shared section.
     *
     * @throws IllegalArgumentException for a name the section has no field for (a programming error)
     */
    public Set<String> fields(String... names) {
        Set<String> all = fields();
        Set<String> chosen = new LinkedHashSet<>();
        for (String name : names) {
            if (!all.contains(key + "." + name)) {
                throw new IllegalArgumentException(key + " has no field " + name + " (it has " + all + ")");
            }
            chosen.add(key + "." + name);
        }
        return chosen;
    }

    /** The fields the spec sets (those that are not null), written {@code key.component}. */
    public List<String> setFields(BanditSpec spec) {
        T section = read.apply(spec);
        if (section == null) {
            return List.of();
        }
        List<String> set = new ArrayList<>();
        for (RecordComponent c : components()) {
            try {
                if (c.getAccessor().invoke(section) != null) {
                    set.add(key + "." + c.getName());
                }
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot read " + key + "." + c.getName(), e);
            }
        }
        return set;
    }

    private RecordComponent[] components() {
        RecordComponent[] components = type.getRecordComponents();
        if (components == null) {
            throw new IllegalStateException(type + " is not a record: an options section is one");
        }
        return components;
    }
}

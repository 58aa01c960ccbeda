package io.dpbandit.runtime;

import io.dpbandit.spec.BanditSpec;
import java.util.function.Function;

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
}

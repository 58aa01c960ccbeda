package io.dpbandit.sdk;

import com.fasterxml.jackson.annotation.JsonTypeName;

/**
 * An algorithm's own options section of a spec ({@link BanditSpec.Builder#options(SpecOptions)}): a
 * record in the algorithm's SDK package, written under the key its {@link JsonTypeName} gives
 * ({@code io.dpbandit.sdk.gpucb.GpUcbOptions} under {@code gpucb}). Null fields take the service's
 * defaults and are not sent.
 */
public interface SpecOptions {

    /**
     * The key a section or forecast record is written under: its {@link JsonTypeName}.
     *
     * @throws IllegalArgumentException for a type that declares none
     */
    static String key(Class<?> type) {
        JsonTypeName key = type.getAnnotation(JsonTypeName.class);
        if (key == null || key.value().isEmpty()) {
            throw new IllegalArgumentException(type.getName() + " declares no key (@JsonTypeName)");
        }
        return key.value();
    }
}

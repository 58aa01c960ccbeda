package io.dpbandit.api;

import com.fasterxml.jackson.core.StreamReadConstraints;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.jackson.Jackson2ObjectMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Limits on what the JSON reader accepts, enforced while it reads (Jackson's
 * {@link StreamReadConstraints}), so they hold for bodies sent without a Content-Length too:
 * at most {@code dpbandit.api.max-body-bytes} bytes in a document (413 beyond), strings of at most
 * 64 KiB (ids, names; no field needs more), numbers of at most 1000 digits and nesting of at most 64
 * levels. Arrays of numbers in requests are bounded by {@code BoundedVectorDeserializer}.
 */
@Configuration(proxyBeanMethods = false)
public class JsonLimits {

    static final int MAX_STRING_LENGTH = 64 * 1024;

    @Bean
    Jackson2ObjectMapperBuilderCustomizer streamReadConstraints(
            @Value("${dpbandit.api.max-body-bytes:10485760}") long maxBodyBytes) {
        StreamReadConstraints constraints = StreamReadConstraints.builder()
                .maxDocumentLength(maxBodyBytes)
                .maxStringLength(MAX_STRING_LENGTH)
                .maxNumberLength(1000)
                .maxNestingDepth(64)
                .build();
        return builder -> builder.postConfigurer(mapper -> mapper.getFactory().setStreamReadConstraints(constraints));
    }
}

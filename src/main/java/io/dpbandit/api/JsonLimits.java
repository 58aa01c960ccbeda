package io.dpbandit.api;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import io.dpbandit.problem.Problems;
import io.dpbandit.validation.StorableStringDeserializer;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
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
    static final int MAX_NUMBER_LENGTH = 1000;
    static final int MAX_NESTING_DEPTH = 64;

    /**
     * The 413 for a limit the reader hit, naming that limit: Jackson says which one in its message
     * ("String value length (...) exceeds ...", "Document nesting depth ...", ...); only our own
     * figures are repeated, never the request's.
     */
    static ProblemDetail exceeded(StreamConstraintsException e, long maxBodyBytes) {
        String message = String.valueOf(e.getMessage());
        String detail;
        if (message.startsWith("String value length") || message.startsWith("Name length")) {
            detail = "a string in the body may be at most " + MAX_STRING_LENGTH + " characters";
        } else if (message.startsWith("Document nesting depth") || message.startsWith("Depth")) {
            detail = "the body may nest arrays and objects at most " + MAX_NESTING_DEPTH + " levels deep";
        } else if (message.startsWith("Number value length") || message.startsWith("Number length")) {
            detail = "a number in the body may be at most " + MAX_NUMBER_LENGTH + " characters long";
        } else {
            return Problems.payloadTooLarge(maxBodyBytes);
        }
        return Problems.of(HttpStatusCode.valueOf(413), "payload-too-large", "Payload too large", detail);
    }

    @Bean
    Jackson2ObjectMapperBuilderCustomizer streamReadConstraints(ApiProperties properties) {
        long maxBodyBytes = properties.maxBodyBytes();
        StreamReadConstraints constraints = StreamReadConstraints.builder()
                .maxDocumentLength(maxBodyBytes)
                .maxStringLength(MAX_STRING_LENGTH)
                .maxNumberLength(MAX_NUMBER_LENGTH)
                .maxNestingDepth(MAX_NESTING_DEPTH)
                .build();
        return builder -> builder.deserializerByType(String.class, new StorableStringDeserializer())
                .postConfigurer(mapper -> mapper.getFactory().setStreamReadConstraints(constraints));
    }

    /**
     * Numbers and booleans are JSON numbers and booleans: {@code "reward": "1"} is refused like
     * {@code "reward": true} (Jackson would convert the string), naming the field ({@link
     * ErrorHandlers}). "NaN" and "Infinity" as strings are still read as what they are (Jackson does
     * not count them as coercions), so the finiteness checks name them. And a spec's unknown
     * algorithm is checked with the rest of the spec ({@link UnknownAlgorithm}).
     */
    @Bean
    Jackson2ObjectMapperBuilderCustomizer strictScalars() {
        return builder -> builder.postConfigurer(mapper -> {
            for (LogicalType type : new LogicalType[] {LogicalType.Integer, LogicalType.Float, LogicalType.Boolean}) {
                mapper.coercionConfigFor(type).setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail);
            }
            mapper.addHandler(UnknownAlgorithm.handler());
        });
    }
}

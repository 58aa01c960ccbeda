package io.dpbandit.sdk;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * The SDK's JSON mapping: plain Jackson databind (no other module), null fields left out of
 * requests, unknown fields and enum values of a newer service ignored in answers, and
 * {@link Instant} read and written as the service does (ISO-8601, e.g. 2025-01-31T12:00:00.123Z).
 */
final class SdkJson {

    private SdkJson() {
    }

    static ObjectMapper mapper() {
        SimpleModule time = new SimpleModule("dpbandit-sdk-time");
        time.addSerializer(Instant.class, new JsonSerializer<>() {
            @Override
            public void serialize(Instant value, JsonGenerator gen, SerializerProvider serializers) throws IOException {
                gen.writeString(value.toString());
            }
        });
        time.addDeserializer(Instant.class, new JsonDeserializer<>() {
            @Override
            public Instant deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
                if (p.currentToken() == JsonToken.VALUE_NUMBER_INT || p.currentToken() == JsonToken.VALUE_NUMBER_FLOAT) {
                    // Epoch seconds with a fraction, as Jackson's time module writes timestamps.
                    BigDecimal seconds = p.getDecimalValue();
                    long whole = seconds.longValue();
                    int nanos = seconds.subtract(BigDecimal.valueOf(whole)).movePointRight(9).intValue();
                    return Instant.ofEpochSecond(whole, nanos);
                }
                String text = p.getValueAsString();
                try {
                    return Instant.parse(text);
                } catch (DateTimeParseException e) {
                    return (Instant) ctxt.handleWeirdStringValue(Instant.class, text, "not an ISO-8601 instant");
                }
            }
        });
        return new ObjectMapper().registerModule(time)
                .setSerializationInclusion(JsonInclude.Include.NON_NULL)
                .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
                .configure(DeserializationFeature.READ_UNKNOWN_ENUM_VALUES_AS_NULL, true);
    }
}

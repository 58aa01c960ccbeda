package io.dpbandit.codec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.springframework.stereotype.Component;

/**
 * JSON for specs, plans, models and policy state (the pure records serialise as they are). A copy
 * of the application's mapper without the request limits of {@code JsonLimits}: a stored plan can
 * be tens of megabytes, and it was written by this service, not sent by a caller.
 */
@Component
public class StateCodec {

    private final ObjectMapper json;

    public StateCodec(ObjectMapper json) {
        this.json = json.copy();
        this.json.getFactory().setStreamReadConstraints(StreamReadConstraints.builder()
                .maxDocumentLength(-1).maxStringLength(Integer.MAX_VALUE).build());
    }

    public String text(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + value.getClass().getSimpleName(), e);
        }
    }

    public byte[] bytes(Object value) {
        try {
            return json.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + value.getClass().getSimpleName(), e);
        }
    }

    public <T> T read(String text, Class<T> type) {
        try {
            return json.readValue(text, type);
        } catch (IOException e) {
            throw new UncheckedIOException("stored " + type.getSimpleName() + " cannot be read", e);
        }
    }

    public <T> T read(byte[] bytes, Class<T> type) {
        try {
            return json.readValue(bytes, type);
        } catch (IOException e) {
            throw new UncheckedIOException("stored " + type.getSimpleName() + " cannot be read", e);
        }
    }
}

package io.dpbandit.runtime;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.bandit.InvalidRequestException;

/**
 * Locally private reports as the server reads them: from the request's JSON into the client
 * module's typed record (its constructor checks shapes and finiteness), and back to JSON for
 * storage, so only the report's own fields are kept.
 */
public final class Reports {

    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);

    private Reports() {
    }

    /** The typed report; 400 naming what is wrong (a report's values are already randomised). */
    public static <T> T parse(JsonNode report, Class<T> type, String what) {
        if (report == null || !report.isObject()) {
            throw InvalidRequestException.of("report", "must be " + what + " (a JSON object)");
        }
        try {
            return JSON.treeToValue(report, type);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            Throwable cause = e;
            while (cause.getCause() != null) {
                cause = cause.getCause();
            }
            String reason = cause instanceof IllegalArgumentException && cause.getMessage() != null
                    ? ": " + cause.getMessage() : " (missing, unknown or mistyped fields)";
            throw InvalidRequestException.of("report", "is not " + what + reason);
        }
    }

    public static String text(Object report) {
        try {
            return JSON.writeValueAsString(report);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a report cannot be written", e);
        }
    }

    public static <T> T read(String stored, Class<T> type) {
        try {
            return JSON.readValue(stored, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored report cannot be read", e);
        }
    }
}

package io.dpbandit.validation;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import java.io.IOException;
import java.util.Arrays;

/**
 * Reads a JSON array of numbers into a double[] of at most {@value #MAX_LENGTH} + 1 entries,
 * whatever the array's length: entries beyond are read and dropped, never stored, so a huge array
 * in a request costs bounded memory. The body-size limit still applies to everything read (an
 * over-long body is a 413); a shorter but over-long array comes out with {@value #MAX_LENGTH} + 1
 * entries, which the dimension check then refuses.
 */
public final class BoundedVectorDeserializer extends JsonDeserializer<double[]> {

    /**
     * More numbers than any context a bandit can declare ({@code dpbandit.limits.max-context-dimension}
     * is at most this). Parsing this many numbers costs about 1 MB of short-lived garbage.
     */
    public static final int MAX_LENGTH = 10_000;

    @Override
    public double[] deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        if (!p.isExpectedStartArrayToken()) {
            return (double[]) ctxt.handleUnexpectedToken(double[].class, p);
        }
        double[] values = new double[16];
        int n = 0;
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            if (t != JsonToken.VALUE_NUMBER_INT && t != JsonToken.VALUE_NUMBER_FLOAT) {
                return (double[]) ctxt.handleUnexpectedToken(double[].class, p);
            }
            if (n <= MAX_LENGTH) {
                if (n == values.length) {
                    values = Arrays.copyOf(values, Math.min(2 * n, MAX_LENGTH + 1));
                }
                values[n++] = p.getDoubleValue();
            }
        }
        return Arrays.copyOf(values, n);
    }
}

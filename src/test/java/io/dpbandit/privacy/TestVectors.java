package io.dpbandit.privacy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** Reads the shared test vectors (src/test/resources/testvectors) with Jackson. */
final class TestVectors {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private TestVectors() {
    }

    static JsonNode load(String fileName) {
        try (InputStream in = TestVectors.class.getResourceAsStream("/testvectors/" + fileName)) {
            if (in == null) {
                throw new IllegalStateException("missing test vector file " + fileName);
            }
            return MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static double[] doubles(JsonNode array) {
        double[] values = new double[array.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = array.get(i).asDouble();
        }
        return values;
    }

    static List<JsonNode> elements(JsonNode array) {
        List<JsonNode> list = new ArrayList<>();
        array.forEach(list::add);
        return list;
    }

    /** |actual − expected| ≤ rel·|expected|. */
    static boolean relativelyClose(double actual, double expected, double rel) {
        return Math.abs(actual - expected) <= rel * Math.abs(expected);
    }
}

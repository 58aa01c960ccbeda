package io.dpbandit.kernel;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.ejml.data.DMatrixRMaj;

/** Reads the shared test vectors (src/test/resources/testvectors, see its README) with Jackson. */
final class TestVectors {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private TestVectors() {
    }

    static JsonNode load(String file) {
        try (InputStream in = TestVectors.class.getResourceAsStream("/testvectors/" + file)) {
            if (in == null) {
                throw new IllegalStateException("test vector file not found: " + file);
            }
            return MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A JSON array of numbers; Jackson parses the shortest round-trip decimals to the exact doubles. */
    static double[] vector(JsonNode node) {
        double[] v = new double[node.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = node.get(i).doubleValue();
        }
        return v;
    }

    /** A JSON array of rows as a list of points. */
    static List<double[]> rows(JsonNode node) {
        List<double[]> rows = new ArrayList<>(node.size());
        for (JsonNode row : node) {
            rows.add(vector(row));
        }
        return rows;
    }

    /** A JSON array of rows (row-major, README "Layout") as an EJML matrix. */
    static DMatrixRMaj matrix(JsonNode node) {
        return new DMatrixRMaj(rows(node).toArray(new double[0][]));
    }
}

package io.dpbandit.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.ejml.data.DMatrixRMaj;

/** Reads the numerical test vectors in src/test/resources/testvectors (their README says how they were made). */
public final class TestVectors {

    private static final ObjectMapper JSON = new ObjectMapper();

    private TestVectors() {
    }

    public static JsonNode load(String name) {
        try (InputStream in = TestVectors.class.getResourceAsStream("/testvectors/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing test vector " + name);
            }
            return JSON.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static double[] vector(JsonNode node) {
        double[] v = new double[node.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = node.get(i).asDouble();
        }
        return v;
    }

    public static List<double[]> rows(JsonNode node) {
        List<double[]> rows = new ArrayList<>(node.size());
        for (JsonNode row : node) {
            rows.add(vector(row));
        }
        return rows;
    }

    /** A matrix given as an array of rows, as EJML's dense row-major type. */
    public static DMatrixRMaj denseMatrix(JsonNode node) {
        return new DMatrixRMaj(matrix(node));
    }

    public static List<JsonNode> elements(JsonNode array) {
        List<JsonNode> list = new ArrayList<>();
        array.forEach(list::add);
        return list;
    }

    public static double[][] matrix(JsonNode node) {
        double[][] m = new double[node.size()][];
        for (int i = 0; i < m.length; i++) {
            m[i] = vector(node.get(i));
        }
        return m;
    }
}

package io.dpbandit.sim.env;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A labelled real data set for the multiclass-to-bandit protocol: rows of features with a class
 * label 0..K−1. Read from a CSV {@code label,x1,...,xd} with a header line.
 *
 * @param name     the data set's name (e.g. "digits")
 * @param features the rows' feature vectors (all of one dimension)
 * @param labels   the rows' labels, 0..classes−1
 * @param classes  K, one more than the largest label
 */
public record LabelledData(String name, List<double[]> features, int[] labels, int classes) {

    /** The data sets shipped in src/main/resources/datasets (see the README next to each). */
    public static final List<String> SHIPPED = List.of("digits", "wine");

    public LabelledData {
        if (features.isEmpty() || features.size() != labels.length) {
            throw new IllegalArgumentException("need as many labels as rows, and at least one row");
        }
        int d = features.get(0).length;
        for (int i = 0; i < labels.length; i++) {
            if (features.get(i).length != d) {
                throw new IllegalArgumentException("row " + i + " has " + features.get(i).length + " features, not " + d);
            }
            if (labels[i] < 0 || labels[i] >= classes) {
                throw new IllegalArgumentException("row " + i + " has label " + labels[i] + " outside 0.." + (classes - 1));
            }
        }
        features = features.stream().map(double[]::clone).toList();
        labels = labels.clone();
    }

    public int size() {
        return labels.length;
    }

    public int dimension() {
        return features.get(0).length;
    }

    /** A shipped data set by name ({@link #SHIPPED}). */
    public static LabelledData shipped(String name) {
        String resource = switch (name) {
            case "digits" -> "/datasets/digits/digits-pca7.csv";
            case "wine" -> "/datasets/wine/wine-pca5.csv";
            default -> throw new IllegalArgumentException("unknown dataset '" + name + "' (known: "
                    + String.join(", ", SHIPPED) + ")");
        };
        try (InputStream in = LabelledData.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("dataset resource " + resource + " is missing from the classpath");
            }
            return read(name, in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    /** Reads {@code label,x1,...,xd} rows after one header line. */
    static LabelledData read(String name, InputStream in) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        String header = reader.readLine();
        if (header == null) {
            throw new IllegalArgumentException("dataset '" + name + "' is empty");
        }
        List<double[]> rows = new ArrayList<>();
        List<Integer> labels = new ArrayList<>();
        int classes = 0;
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
            if (line.isBlank()) {
                continue;
            }
            String[] cells = line.split(",");
            int label = Integer.parseInt(cells[0].trim());
            double[] x = new double[cells.length - 1];
            for (int i = 0; i < x.length; i++) {
                x[i] = Double.parseDouble(cells[i + 1].trim());
            }
            rows.add(x);
            labels.add(label);
            classes = Math.max(classes, label + 1);
        }
        return new LabelledData(name, rows, labels.stream().mapToInt(Integer::intValue).toArray(), classes);
    }
}

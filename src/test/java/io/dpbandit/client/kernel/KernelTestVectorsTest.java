package io.dpbandit.client.kernel;

import io.dpbandit.kernel.GramMatrices;

import io.dpbandit.client.kernel.FeatureVectors;
import io.dpbandit.client.kernel.KernelSpec;

import io.dpbandit.testing.TestVectors;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every Gram matrix of kernels.json, to abs 1e-13 and rel 1e-12 (the file's tolerances). */
class KernelTestVectorsTest {

    private static final JsonNode FILE = TestVectors.load("kernels.json");
    private static final double ABS = FILE.get("tolerances").get("gram_abs").doubleValue();
    private static final double REL = FILE.get("tolerances").get("gram_rel").doubleValue();

    /** How each named kernel of the file is written as a {@link KernelSpec}, parameters read from the file. */
    private static KernelSpec specFor(String name, JsonNode params) {
        return switch (name) {
            case "rbf_l0.3", "rbf_l1.0" -> KernelSpec.rbf(params.get("lengthscale").doubleValue());
            case "matern1_2_l0.5" -> KernelSpec.matern12(params.get("lengthscale").doubleValue());
            case "matern3_2_l0.5" -> KernelSpec.matern32(params.get("lengthscale").doubleValue());
            case "matern5_2_l0.5" -> KernelSpec.matern52(params.get("lengthscale").doubleValue());
            case "linear_maxnorm" -> KernelSpec.linearMaxNorm(params.get("N").doubleValue());
            case "poly2_maxnorm" -> KernelSpec.polynomialMaxNorm(
                    params.get("degree").intValue(), params.get("c").doubleValue(), params.get("N").doubleValue());
            case "linear_cosine" -> KernelSpec.linear();
            case "poly2_cosine" -> KernelSpec.polynomial(params.get("degree").intValue(), params.get("c").doubleValue());
            default -> throw new IllegalArgumentException("kernels.json has a kernel this test does not know: " + name);
        };
    }

    static Stream<Arguments> kernels() {
        List<Arguments> cases = new ArrayList<>();
        for (JsonNode k : FILE.get("kernels")) {
            String name = k.get("name").asText();
            cases.add(Arguments.of(name, specFor(name, k.get("params")), TestVectors.denseMatrix(k.get("gram"))));
        }
        return cases.stream();
    }

    @Test
    void coversAllNineKernelsOfTheFile() {
        assertThat(kernels().map(a -> (String) a.get()[0])).containsExactlyInAnyOrder(
                "rbf_l0.3", "rbf_l1.0", "matern1_2_l0.5", "matern3_2_l0.5", "matern5_2_l0.5",
                "linear_maxnorm", "poly2_maxnorm", "linear_cosine", "poly2_cosine");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kernels")
    void gramMatrixMatchesReferenceToAbsoluteAndRelativeTolerance(String name, KernelSpec spec, DMatrixRMaj expected) {
        List<double[]> points = TestVectors.rows(FILE.get("points"));
        DMatrixRMaj gram = GramMatrices.gram(spec.toKernel(), points);
        for (int i = 0; i < expected.numRows; i++) {
            for (int j = 0; j < expected.numCols; j++) {
                double ref = expected.get(i, j);
                double err = Math.abs(gram.get(i, j) - ref);
                assertThat(err).as("%s K[%d][%d] abs error", name, i, j).isLessThanOrEqualTo(ABS);
                if (ref != 0) {
                    assertThat(err).as("%s K[%d][%d] rel error", name, i, j).isLessThanOrEqualTo(REL * Math.abs(ref));
                }
            }
        }
    }

    @Test
    void distancesComeFromTheDifferenceVector() {
        List<double[]> points = TestVectors.rows(FILE.get("points"));
        DMatrixRMaj expected = TestVectors.denseMatrix(FILE.get("distance_matrix"));
        for (int i = 0; i < points.size(); i++) {
            for (int j = 0; j < points.size(); j++) {
                double r = Math.sqrt(FeatureVectors.squaredDistance(points.get(i), points.get(j)));
                assertThat(Math.abs(r - expected.get(i, j))).isLessThanOrEqualTo(1e-14 * expected.get(i, j));
            }
        }
    }

    @Test
    void maternHalfUsesDifferenceVectorForNearDuplicates() {
        JsonNode pair = FILE.get("near_duplicate_pair");
        double[] a = TestVectors.vector(pair.get("a"));
        double[] b = TestVectors.vector(pair.get("b"));
        double r = Math.sqrt(FeatureVectors.squaredDistance(a, b));
        assertThat(Math.abs(r - pair.get("r").doubleValue())).isLessThanOrEqualTo(1e-14 * pair.get("r").doubleValue());

        Map<String, KernelSpec> specs = Map.of(
                "rbf_l0.3", KernelSpec.rbf(0.3), "rbf_l1.0", KernelSpec.rbf(1.0),
                "matern1_2_l0.5", KernelSpec.matern12(0.5), "matern3_2_l0.5", KernelSpec.matern32(0.5),
                "matern5_2_l0.5", KernelSpec.matern52(0.5));
        JsonNode expected = pair.get("k");
        assertThat(expected.size()).isEqualTo(specs.size());
        specs.forEach((name, spec) -> {
            double ref = expected.get(name).doubleValue();
            double err = Math.abs(spec.toKernel().value(a, b) - ref);
            assertThat(err).as(name).isLessThanOrEqualTo(ABS).isLessThanOrEqualTo(REL * ref);
        });
        double expandedForm = pair.get("k_matern1_2_from_expanded_form_float64").doubleValue();
        assertThat(Math.abs(KernelSpec.matern12(0.5).toKernel().value(a, b) - expandedForm))
                .as("must not reproduce the expanded-form error").isGreaterThan(1e-8);
    }
}

package io.dpbandit.client.privacy;

import io.dpbandit.client.privacy.CalibrationMethod;
import io.dpbandit.client.privacy.GaussianCalibration;
import io.dpbandit.client.privacy.PrivacyCost;

import io.dpbandit.client.privacy.GaussianCalibrator;

import io.dpbandit.testing.TestVectors;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GaussianCalibratorTest {

    private static final JsonNode VECTORS = TestVectors.load("gaussian_mechanism.json");
    private static final double SIGMA_REL = VECTORS.path("tolerances").path("sigma_rel").asDouble();

    @Test
    void classicalSigmaMatchesTheGridToRelative1e14() {
        for (JsonNode row : VECTORS.path("grid")) {
            double sigma = GaussianCalibrator.classicalSigma(
                    row.path("sensitivity").asDouble(), row.path("eps").asDouble(), row.path("delta").asDouble());
            double expected = row.path("sigma_classical").asDouble();
            assertThat(sigma).as("classical sigma at %s", row).isCloseTo(expected, within(1e-14 * expected));
        }
    }

    @Test
    void analyticSigmaMatchesTheGridAndLiesAtTheFeasibleEnd() {
        for (JsonNode row : VECTORS.path("grid")) {
            double eps = row.path("eps").asDouble();
            double delta = row.path("delta").asDouble();
            double sigma = GaussianCalibrator.analyticSigma(row.path("sensitivity").asDouble(), eps, delta);
            double exact = row.path("sigma_analytic").asDouble();
            assertThat(sigma).as("analytic sigma at eps=%s delta=%s", eps, delta)
                    .isCloseTo(exact, within(SIGMA_REL * exact));
            // The bisection returns the feasible end: at or above σ* (up to the accuracy of δ(σ)),
            // within 1e-12 relative, like the reference's rtol-1e-12 bisection.
            assertThat(sigma / exact - 1.0).isBetween(-1e-13, 1.1e-12);
            double reference = row.path("sigma_analytic_bisection_rtol1e-12").asDouble();
            assertThat(sigma).isCloseTo(reference, within(2e-12 * reference));
        }
    }

    @Test
    void classicalValidityFlagsAndExactDeltaAtClassicalSigmaMatchTheGrid() {
        double rel = VECTORS.path("tolerances").path("delta_exact_at_sigma_classical_rel").asDouble();
        int notMeeting = 0;
        for (JsonNode row : VECTORS.path("grid")) {
            double eps = row.path("eps").asDouble();
            double delta = row.path("delta").asDouble();
            double sensitivity = row.path("sensitivity").asDouble();
            double classical = GaussianCalibrator.classicalSigma(sensitivity, eps, delta);
            double exactDelta = GaussianCalibrator.exactDelta(sensitivity, eps, classical);
            double expected = row.path("delta_exact_at_sigma_classical").asDouble();

            assertThat(exactDelta).as("delta at classical sigma, %s", row).isCloseTo(expected, within(rel * expected));
            assertThat(exactDelta <= delta).as("classical_meets_delta at %s", row)
                    .isEqualTo(row.path("classical_meets_delta").asBoolean());
            assertThat(GaussianCalibrator.classicalFormulaValid(eps)).isEqualTo(row.path("classical_valid").asBoolean());
            if (!row.path("classical_meets_delta").asBoolean()) {
                notMeeting++;
            }
        }
        assertThat(notMeeting).as("eps = 8, 16 at 1e-3 and eps = 16 at 1e-5, 1e-8").isEqualTo(4);
    }

    @Test
    void bothSigmasScaleLinearlyWithSensitivity() {
        for (JsonNode row : VECTORS.path("sensitivity_scaling")) {
            double eps = row.path("eps").asDouble();
            double delta = row.path("delta").asDouble();
            double sensitivity = row.path("sensitivity").asDouble();
            double classical = row.path("sigma_classical").asDouble();
            double analytic = row.path("sigma_analytic").asDouble();
            assertThat(GaussianCalibrator.classicalSigma(sensitivity, eps, delta))
                    .isCloseTo(classical, within(1e-14 * classical));
            assertThat(GaussianCalibrator.analyticSigma(sensitivity, eps, delta))
                    .isCloseTo(analytic, within(SIGMA_REL * analytic));
        }
    }

    @Test
    void exactDeltaMatchesVectorsToRelative1e9() {
        double rel = VECTORS.path("tolerances").path("delta_of_sigma_rel").asDouble();
        for (JsonNode row : VECTORS.path("delta_of_sigma")) {
            double delta = GaussianCalibrator.exactDelta(row.path("sensitivity").asDouble(),
                    row.path("eps").asDouble(), row.path("sigma").asDouble());
            double expected = row.path("delta").asDouble();
            assertThat(delta).as("delta(sigma) at %s", row).isCloseTo(expected, within(rel * expected));
        }
    }

    @Test
    void analyticSigmaForTheSpecAnchorIsThreePointSevenThree() {
        assertThat(GaussianCalibrator.analyticSigma(1.0, 1.0, 1e-5)).isCloseTo(3.730631634815942, within(4e-12));
    }

    @Test
    void exactDeltaDecreasesInSigmaAndStaysFiniteForLargeEpsilon() {
        double previous = 1.0;
        for (double sigma = 0.01; sigma < 100; sigma *= 1.1) {
            double delta = GaussianCalibrator.exactDelta(1.0, 20.0, sigma);
            assertThat(delta).isBetween(0.0, previous);
            previous = delta;
        }
        // e^800 overflows; exp(ε + log Φ(·)) does not.
        assertThat(GaussianCalibrator.exactDelta(1.0, 800.0, 0.05)).isBetween(0.0, 1.0);
        assertThat(GaussianCalibrator.analyticSigma(1.0, 800.0, 1e-9)).isPositive().isFinite();
    }

    @Test
    void calibrationRecordsMethodAndParameters() {
        GaussianCalibration analytic = GaussianCalibrator.calibrate(2.0, 0.5, 1e-6, CalibrationMethod.ANALYTIC);
        assertThat(analytic.method()).isEqualTo(CalibrationMethod.ANALYTIC);
        assertThat(analytic.sensitivity()).isEqualTo(2.0);
        assertThat(analytic.cost()).isEqualTo(new PrivacyCost(0.5, 1e-6));
        assertThat(analytic.zcdpCost().rho()).isCloseTo(4.0 / (2 * analytic.sigma() * analytic.sigma()), within(1e-15));

        GaussianCalibration classical = GaussianCalibrator.calibrate(2.0, 0.5, 1e-6, CalibrationMethod.CLASSICAL);
        assertThat(classical.method()).isEqualTo(CalibrationMethod.CLASSICAL);
        assertThat(classical.sigma()).isGreaterThan(analytic.sigma());
    }

    @Test
    void classicalCalibrationIsRefusedAboveEpsilonOne() {
        assertThat(GaussianCalibrator.classical(1.0, 1.0, 1e-5).sigma()).isPositive();
        assertThatThrownBy(() -> GaussianCalibrator.classical(1.0, 1.5, 1e-5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("epsilon <= 1")
                .hasMessageContaining("ANALYTIC");
    }

    @ParameterizedTest
    @CsvSource({
        "0.0, 1.0, 1e-5, sensitivity", "-1.0, 1.0, 1e-5, sensitivity", "NaN, 1.0, 1e-5, sensitivity",
        "Infinity, 1.0, 1e-5, sensitivity", "1.0, 0.0, 1e-5, epsilon", "1.0, NaN, 1e-5, epsilon",
        "1.0, Infinity, 1e-5, epsilon", "1.0, 1.0, 0.0, delta", "1.0, 1.0, 1.0, delta", "1.0, 1.0, NaN, delta"})
    void invalidParametersAreRejectedWithTheirName(double sensitivity, double epsilon, double delta, String name) {
        for (CalibrationMethod method : CalibrationMethod.values()) {
            assertThatThrownBy(() -> GaussianCalibrator.calibrate(sensitivity, epsilon, delta, method))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(name);
        }
    }

    @Test
    void calibrationRecordRejectsNonsense() {
        assertThatThrownBy(() -> new GaussianCalibration(1, 1, 1e-5, 0.0, CalibrationMethod.ANALYTIC))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sigma");
        assertThatThrownBy(() -> new GaussianCalibration(1, 1, 1e-5, 1.0, null))
                .isInstanceOf(IllegalArgumentException.class);
    }
}

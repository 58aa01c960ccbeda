package io.dpbandit.client.privacy;

import io.dpbandit.client.privacy.NormalDistribution;

import io.dpbandit.testing.TestVectors;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

class NormalDistributionTest {

    private static final JsonNode VECTORS = TestVectors.load("gaussian_mechanism.json");

    @Test
    void cdfMatchesVectorsToRelative1e12DownToTheSubnormalRange() {
        double rel = VECTORS.path("tolerances").path("Phi_rel").asDouble();
        int checked = 0;
        for (JsonNode row : VECTORS.path("normal_cdf")) {
            double x = row.path("x").asDouble();
            double phi = row.path("Phi").asDouble();
            if (phi > 1e-300) {
                assertThat(NormalDistribution.cdf(x)).as("Phi(%s)", x).isCloseTo(phi, within(rel * phi));
                checked++;
            } else {
                assertThat(NormalDistribution.cdf(x)).as("Phi(%s) underflows", x).isLessThan(1e-300);
            }
        }
        assertThat(checked).isGreaterThanOrEqualTo(20);
    }

    @Test
    void upperTailComplementMatchesOneMinusPhiVectors() {
        for (JsonNode row : VECTORS.path("normal_cdf")) {
            double x = row.path("x").asDouble();
            double upper = row.path("one_minus_Phi").asDouble();
            // 1 − Φ(x) = Φ(−x), computed without cancellation.
            assertThat(NormalDistribution.cdf(-x)).as("1 - Phi(%s)", x).isCloseTo(upper, within(1e-12 * upper));
        }
    }

    @Test
    void logCdfMatchesVectorsIncludingWherePhiUnderflows() {
        double abs = VECTORS.path("tolerances").path("log_Phi_abs").asDouble();
        for (JsonNode row : VECTORS.path("normal_cdf")) {
            double x = row.path("x").asDouble();
            double logPhi = row.path("log_Phi").asDouble();
            assertThat(NormalDistribution.logCdf(x)).as("log Phi(%s)", x)
                    .isCloseTo(logPhi, within(abs * Math.max(1.0, Math.abs(logPhi))));
        }
        assertThat(NormalDistribution.logCdf(-40.0)).isCloseTo(-804.6084420137538, within(1e-9));
    }

    @Test
    void cdfIsMonotoneAndSymmetric() {
        double previous = 0.0;
        for (double x = -38.0; x <= 9.0; x += 0.01) {
            double phi = NormalDistribution.cdf(x);
            assertThat(phi).isGreaterThanOrEqualTo(previous);
            assertThat(phi + NormalDistribution.cdf(-x)).isCloseTo(1.0, within(2e-16));
            previous = phi;
        }
    }

    @Test
    void logCdfIsContinuousAcrossItsBranchPoints() {
        for (double x : new double[] {-5.0, 0.0}) {
            double left = NormalDistribution.logCdf(Math.nextDown(x));
            double right = NormalDistribution.logCdf(Math.nextUp(x));
            assertThat(right - left).isCloseTo(0.0, within(1e-14 * Math.max(1.0, Math.abs(left))));
        }
    }

    @Test
    void nanPropagates() {
        assertThat(NormalDistribution.cdf(Double.NaN)).isNaN();
        assertThat(NormalDistribution.logCdf(Double.NaN)).isNaN();
    }
}

package io.dpbandit.privacy;

import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.client.privacy.SeededNoiseSource;

import io.dpbandit.testing.TestVectors;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ExponentialMechanismTest {

    private static final JsonNode VECTORS = TestVectors.load("exponential_mechanism.json");

    private static ExponentialDistribution distributionOf(JsonNode row, String utilities) {
        return new ExponentialMechanism(row.path("eps").asDouble(), row.path("sensitivity").asDouble())
                .distribution(TestVectors.vector(row.path(utilities)));
    }

    @Test
    void logProbabilitiesAndProbabilitiesMatchEveryCase() {
        double logScale = VECTORS.path("tolerances").path("log_p_abs_scale").asDouble();
        double pScale = VECTORS.path("tolerances").path("p_abs_scale").asDouble();
        for (JsonNode row : VECTORS.path("cases")) {
            ExponentialDistribution distribution = distributionOf(row, "u");
            double[] z = TestVectors.vector(row.path("scaled_scores_z"));
            double maxAbsZ = Arrays.stream(z).map(Math::abs).max().orElseThrow();
            double scale = Math.max(1.0, maxAbsZ);
            String name = row.path("name").asText();

            assertThat(distribution.scaledScores()).as("z of %s", name).containsExactly(z, within(1e-15 * scale));
            assertThat(distribution.logNormaliser()).as("logsumexp of %s", name)
                    .isCloseTo(row.path("log_sum_exp_z").asDouble(), within(logScale * scale));
            assertThat(distribution.logProbabilities()).as("log p of %s", name)
                    .containsExactly(TestVectors.vector(row.path("log_p")), within(logScale * scale));
            assertThat(distribution.probabilities()).as("p of %s", name)
                    .containsExactly(TestVectors.vector(row.path("p")), within(pScale * scale));
        }
    }

    @Test
    void scoresThatOverflowANaiveExpStillGiveFiniteProbabilities() {
        for (JsonNode row : VECTORS.path("cases")) {
            if (!row.path("naive_exp_overflows_float64").asBoolean()) {
                continue;
            }
            ExponentialDistribution distribution = distributionOf(row, "u");
            assertThat(Arrays.stream(distribution.logProbabilities()).allMatch(Double::isFinite)).isTrue();
            // log p carries about one ulp of the largest z (2.3e-13 at z = 2000).
            assertThat(Arrays.stream(distribution.probabilities()).sum()).isCloseTo(1.0, within(1e-12));
        }
    }

    @Test
    void equalUtilitiesGetBitIdenticalProbabilities() {
        for (JsonNode row : VECTORS.path("cases")) {
            double[] u = TestVectors.vector(row.path("u"));
            double[] logP = distributionOf(row, "u").logProbabilities();
            for (int i = 0; i < u.length; i++) {
                for (int j = 0; j < u.length; j++) {
                    if (u[i] == u[j]) {
                        assertThat(Double.doubleToRawLongBits(logP[i]))
                                .as("%s: items %d and %d tie", row.path("name").asText(), i, j)
                                .isEqualTo(Double.doubleToRawLongBits(logP[j]));
                    }
                }
            }
        }
    }

    @Test
    void mostLikelyCandidatesAreTheArgmaxIndices() {
        for (JsonNode row : VECTORS.path("cases")) {
            double[] logP = distributionOf(row, "u").logProbabilities();
            double max = Arrays.stream(logP).max().orElseThrow();
            int[] argmax = java.util.stream.IntStream.range(0, logP.length).filter(i -> logP[i] == max).toArray();
            int[] expected = java.util.stream.StreamSupport.stream(row.path("argmax_indices").spliterator(), false)
                    .mapToInt(JsonNode::asInt).toArray();
            assertThat(argmax).as(row.path("name").asText()).containsExactly(expected);
        }
    }

    @Test
    void neighbouringUtilitiesChangeNoLogProbabilityByMoreThanEpsilon() {
        double tolerance = VECTORS.path("tolerances").path("log_ratio_abs").asDouble();
        for (JsonNode pair : VECTORS.path("neighbour_pairs")) {
            double[] logP = distributionOf(pair, "u").logProbabilities();
            double[] logPNeighbour = distributionOf(pair, "u_neighbour").logProbabilities();
            double maxRatio = 0.0;
            for (int i = 0; i < logP.length; i++) {
                maxRatio = Math.max(maxRatio, Math.abs(logP[i] - logPNeighbour[i]));
            }
            assertThat(maxRatio).as(pair.path("name").asText())
                    .isCloseTo(pair.path("max_abs_log_ratio").asDouble(), within(tolerance))
                    .isLessThanOrEqualTo(pair.path("eps").asDouble());
            assertThat(logP).containsExactly(TestVectors.vector(pair.path("log_p")), within(1e-13));
            assertThat(logPNeighbour).containsExactly(TestVectors.vector(pair.path("log_p_neighbour")), within(1e-13));
        }
    }

    @Test
    void selectionReturnsACandidateWithItsDistribution() {
        ExponentialMechanism mechanism = new ExponentialMechanism(1.0, 1.0);
        ExponentialSelection selection = mechanism.select(new double[] {0.0, 1.0, 2.0}, new SeededNoiseSource(7));
        assertThat(selection.index()).isBetween(0, 2);
        assertThat(selection.probabilities()).hasSize(3);
        assertThat(Arrays.stream(selection.probabilities()).sum()).isCloseTo(1.0, within(1e-15));
        assertThat(mechanism.cost()).isEqualTo(PrivacyCost.pure(1.0));
    }

    @Test
    void aSingleCandidateIsAlwaysSelected() {
        ExponentialMechanism mechanism = new ExponentialMechanism(1.0, 1.0);
        NoiseSource noise = new SeededNoiseSource(1);
        for (int i = 0; i < 100; i++) {
            assertThat(mechanism.select(new double[] {42.0}, noise).index()).isZero();
        }
    }

    @Test
    void candidatesWithUnderflowingProbabilityAreNeverSelected() {
        // p = (0, 7.1e-218, 1): the sampler must not invent mass for the first two.
        ExponentialDistribution distribution = new ExponentialMechanism(1.0, 1.0)
                .distribution(new double[] {-1000.0, 0.0, 1000.0});
        NoiseSource noise = new SeededNoiseSource(3);
        for (int i = 0; i < 10_000; i++) {
            assertThat(distribution.sample(noise)).isEqualTo(2);
        }
    }

    @Test
    void invalidInputsAreRejected() {
        assertThatThrownBy(() -> new ExponentialMechanism(0.0, 1.0)).hasMessageContaining("epsilon");
        assertThatThrownBy(() -> new ExponentialMechanism(1.0, -1.0)).hasMessageContaining("sensitivity");
        ExponentialMechanism mechanism = new ExponentialMechanism(1.0, 1.0);
        assertThatThrownBy(() -> mechanism.distribution(new double[0])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> mechanism.distribution(new double[] {1.0, Double.NaN}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("utilities[1]");
        assertThatThrownBy(() -> mechanism.distribution(new double[] {Double.POSITIVE_INFINITY}))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ExponentialMechanism(1e300, 1e-300).distribution(new double[] {1e300}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("overflows");
    }
}

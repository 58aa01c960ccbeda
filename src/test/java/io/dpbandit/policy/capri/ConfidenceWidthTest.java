package io.dpbandit.policy.capri;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.client.privacy.NormalDistribution;
import io.dpbandit.testing.TestVectors;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;

class ConfidenceWidthTest {

    static final JsonNode V = TestVectors.load("capri_small.json");
    static final JsonNode P = V.get("params");
    static final int T = P.get("T").asInt();
    static final long W = P.get("W_domain_size").asLong();
    static final double B = P.get("B").asDouble();
    static final double TAU = P.get("tau").asDouble();
    static final double DELTA_ERR = P.get("delta_err").asDouble();

    static void assertRel(double actual, double expected, double rel) {
        assertThat(Math.abs(actual - expected)).isLessThanOrEqualTo(rel * Math.abs(expected));
    }

    @Test
    void confidenceLevelBetaAndBeta1MatchTheVectors() {
        JsonNode c = V.get("confidence");
        double deltaConf = ConfidenceWidth.deltaConf(DELTA_ERR, W, T);
        assertRel(deltaConf, c.get("delta_conf").asDouble(), 1e-13);
        assertRel(ConfidenceWidth.beta(deltaConf, B, TAU, T), c.get("beta").asDouble(), 1e-13);
        assertRel(ConfidenceWidth.beta1(DELTA_ERR, W, B, T, P.get("eps").asDouble(), P.get("delta").asDouble()),
                c.get("beta_1").asDouble(), 1e-13);
    }

    @Test
    void theoryWidthCombinesSigmaTildeMaxAndItsSquare() {
        double sigmaTildeMax = V.get("sigma_tilde_max").asDouble();
        double sigmaTildeSqMax = V.get("sigma_tilde_sq_max").asDouble();
        double beta = ConfidenceWidth.beta(ConfidenceWidth.deltaConf(DELTA_ERR, W, T), B, TAU, T);
        double beta1 = ConfidenceWidth.beta1(DELTA_ERR, W, B, T, 1.0, 1e-5);
        assertRel(beta * sigmaTildeMax + beta1 * sigmaTildeSqMax, V.get("confidence").get("Delta").asDouble(), 1e-10);
    }

    @Test
    void upperNormalQuantileInvertsTheTail() {
        // Φ⁻¹(1 − 1e-5) = 4.264890793922825 and Φ⁻¹(0.975) = 1.959963984540054 (standard tables).
        assertThat(ConfidenceWidth.upperNormalQuantile(1e-5)).isCloseTo(4.264890793922825, within(1e-9));
        assertThat(ConfidenceWidth.upperNormalQuantile(0.025)).isCloseTo(1.959963984540054, within(1e-9));
    }

    @Test
    void exactNoiseWidthIsZeroWithoutNoiseAndLinearInSigma() {
        assertThat(ConfidenceWidth.exactNoiseQuantile(0, 0.7, DELTA_ERR, W, T)).isZero();
        double one = ConfidenceWidth.exactNoiseQuantile(1, 0.7, DELTA_ERR, W, T);
        assertThat(ConfidenceWidth.exactNoiseQuantile(3, 0.7, DELTA_ERR, W, T)).isCloseTo(3 * one,
                Percentage.withPercentage(1e-9));
        // The width is z σ max‖A k_S‖ with Φ(−z) = δ_err / (2 |W| ln T).
        double tail = DELTA_ERR / (2.0 * W * Math.log(T));
        assertThat(NormalDistribution.cdf(-one / 0.7)).isCloseTo(tail, Percentage.withPercentage(1e-7));
    }
}

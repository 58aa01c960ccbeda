package io.dpbandit.privacy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.client.privacy.GaussianCalibrator;
import io.dpbandit.client.privacy.NormalDistribution;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.testing.TestVectors;
import org.junit.jupiter.api.Test;

/**
 * The accountant's conversions, against the shared test vectors (Bun &amp; Steinke 2016, Prop 1.3)
 * and against the Gaussian mechanism's closed-form privacy profile (Balle &amp; Wang 2018, Thm 8),
 * written out here independently of the calibrator.
 */
class ZcdpAccountingTest {

    private static final JsonNode VECTORS = TestVectors.load("epsilon_composition.json");

    /** δ(ε) = Φ(μ/2 − ε/μ) − e^ε Φ(−μ/2 − ε/μ) of a μ-GDP mechanism (Balle &amp; Wang 2018, Thm 8). */
    static double profile(double mu, double epsilon) {
        return NormalDistribution.cdf(mu / 2 - epsilon / mu) - Math.exp(epsilon) * NormalDistribution.cdf(-mu / 2 - epsilon / mu);
    }

    @Test
    void theGeneralConversionIsBunAndSteinkesAndItsInverseStaysWithinTheBudget() {
        for (JsonNode row : VECTORS.path("zcdp_to_dp")) {
            double rho = row.path("rho").asDouble();
            double delta = row.path("delta").asDouble();
            double eps = row.path("eps").asDouble();
            assertThat(ZcdpAccounting.generalEpsilon(rho, delta)).isCloseTo(eps, within(1e-13 * eps));
            double back = ZcdpAccounting.generalRho(eps, delta);
            assertThat(back).isLessThanOrEqualTo(rho).isCloseTo(rho, within(1e-9 * rho));
            assertThat(ZcdpAccounting.generalEpsilon(back, delta)).isLessThanOrEqualTo(eps);
        }
    }

    @Test
    void theGaussianBudgetIsExactlyTheProfilesAndComposesWithoutSlack() {
        double[][] budgets = {{1.0, 1e-5}, {0.1, 1e-6}, {3.0, 1e-8}, {8.0, 1e-3}};
        for (double[] b : budgets) {
            double rho = ZcdpAccounting.gaussianRho(b[0], b[1]);
            double mu = Math.sqrt(2 * rho);
            // The profile at the budget's epsilon is its delta, to the bisection's precision.
            assertThat(profile(mu, b[0])).isCloseTo(b[1], within(1e-6 * b[1]));
            // And back: the epsilon at which rho is delta-DP is the budget's.
            assertThat(ZcdpAccounting.gaussianEpsilon(rho, b[1])).isCloseTo(b[0], within(1e-9 * b[0]));
            // Exact Gaussian accounting allows more rho than the general conversion, never less.
            assertThat(rho).isGreaterThan(ZcdpAccounting.generalRho(b[0], b[1]));
        }
    }

    @Test
    void tenReleasesUnderTheAccountantNeedFarLessNoiseThanBasicComposition() {
        // (1, 1e-5) over L = 10 Gaussian releases of sensitivity 1: basic composition calibrates each
        // at (0.1, 1e-6); the accountant gives each mu / sqrt(10), and all ten together are exactly
        // (1, 1e-5)-DP (their GDP parameters compose as a root sum of squares).
        double basicSigma = GaussianCalibrator.analyticSigma(1.0, 0.1, 1e-6);
        double mu = ZcdpAccounting.mu(1.0, 1e-5);
        double zcdpSigma = Math.sqrt(10) / mu;
        assertThat(basicSigma / zcdpSigma).isGreaterThan(2.0);
        double composed = Math.sqrt(10 * Math.pow(1.0 / zcdpSigma, 2));
        assertThat(profile(composed, 1.0)).isCloseTo(1e-5, within(1e-11));
        assertThat(ZcdpAccounting.gaussianEpsilon(10 * ZcdpAccounting.gaussianRho(1.0, 1e-5) / 10, 1e-5))
                .isCloseTo(1.0, within(1e-9));
    }

    @Test
    void thePaperBudgetOfAPureMechanismAndTheEdges() {
        assertThat(ZcdpAccounting.pureRho(0.5)).isEqualTo(0.125);
        // A δ so small that 1/δ overflows still converts (ln(1/δ) = −ln δ).
        assertThat(ZcdpAccounting.generalRho(1.0, 1e-320)).isPositive().isFinite();
        assertThat(ZcdpAccounting.generalEpsilon(0.001, 1e-320)).isFinite();
        assertThat(ZcdpAccounting.gaussianEpsilon(0.0, 1e-5)).isZero();
        // A rho so small that the release is (0, delta)-DP already.
        assertThat(ZcdpAccounting.gaussianEpsilon(1e-14, 1e-5)).isZero();
        assertThat(ZcdpAccounting.budgetRho(new PrivacyCost(1.0, 1e-5)))
                .isLessThanOrEqualTo(ZcdpAccounting.gaussianRho(1.0, 1e-5));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ZcdpAccounting.gaussianEpsilon(-1, 1e-5))
                .isInstanceOf(IllegalArgumentException.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ZcdpAccounting.generalEpsilon(Double.NaN, 1e-5))
                .isInstanceOf(IllegalArgumentException.class);
    }
}

package io.dpbandit.privacy.accounting;

import static io.dpbandit.privacy.accounting.AccountingVectors.DELTA_REL;
import static io.dpbandit.privacy.accounting.AccountingVectors.EPS_REL;
import static io.dpbandit.privacy.accounting.AccountingVectors.MU_REL;
import static io.dpbandit.privacy.accounting.AccountingVectors.assertLowerBound;
import static io.dpbandit.privacy.accounting.AccountingVectors.assertRelative;
import static io.dpbandit.privacy.accounting.AccountingVectors.assertUpperBound;
import static io.dpbandit.privacy.accounting.AccountingVectors.componentMus;
import static io.dpbandit.privacy.accounting.AccountingVectors.section;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.client.privacy.GaussianCalibrator;
import org.junit.jupiter.api.Test;

/** Gaussian DP (Dong, Roth &amp; Su 2022) against accounting.json's gaussian section. */
class GaussianDpTest {

    private static final JsonNode GAUSSIAN = section("gaussian");
    private static final JsonNode HEADLINE = GAUSSIAN.path("analytic_gaussian_1_1e-5");

    @Test
    void composedMuIsTheRootSumOfSquaresOfTheComponents() {
        for (JsonNode c : GAUSSIAN.path("cases")) {
            double mu = GaussianDp.compose(componentMus(c.path("components")));
            assertUpperBound(mu, c.path("mu").asDouble(), MU_REL, c.path("name").asText() + " mu");
        }
    }

    @Test
    void deltaMatchesEveryCaseAndItsBoundsEncloseTheExactValue() {
        for (JsonNode c : GAUSSIAN.path("cases")) {
            double mu = GaussianDp.compose(componentMus(c.path("components")));
            JsonNode eps = c.path("eps");
            for (int i = 0; i < eps.size(); i++) {
                double e = eps.get(i).asDouble();
                double stored = c.path("delta").get(i).asDouble();
                String what = c.path("name").asText() + " delta(" + e + ")";
                assertRelative(GaussianDp.delta(mu, e), stored, DELTA_REL, what);
                assertUpperBound(GaussianDp.deltaUpperBound(mu, e), stored, DELTA_REL, what + " upper");
                assertLowerBound(GaussianDp.deltaLowerBound(GaussianDp.composeLower(componentMus(c.path("components"))), e),
                        stored, DELTA_REL, what + " lower");
            }
        }
    }

    @Test
    void epsilonAtDeltaMatchesEveryCaseAndIsNeverBelowTheExactValue() {
        for (JsonNode c : GAUSSIAN.path("cases")) {
            double mu = GaussianDp.compose(componentMus(c.path("components")));
            JsonNode targets = c.path("delta_targets");
            for (int i = 0; i < targets.size(); i++) {
                double d = targets.get(i).asDouble();
                assertUpperBound(GaussianDp.epsilon(mu, d), c.path("eps_at_delta").get(i).asDouble(), EPS_REL,
                        c.path("name").asText() + " eps(" + d + ")");
            }
        }
    }

    @Test
    void oneReleaseCalibratedToOneAndTenToMinusFiveSpendsExactlyThatBudget() {
        double mu = GaussianDp.mu(1.0, 1e-5);
        // Never above the true μ(1, 1e-5) = 1/σ*; a solved quantity, so eps_rel applies (reached: 2e-13).
        assertLowerBound(mu, HEADLINE.path("budget_1_1e-5").path("mu_gdp").asDouble(), EPS_REL, "mu(1, 1e-5)");
        assertThat(GaussianDp.deltaUpperBound(mu, 1.0)).isLessThanOrEqualTo(1e-5);
        // The calibrator's σ for (1, 1e-5) at Δ = 1 is the same release.
        assertRelative(1.0 / GaussianCalibrator.analyticSigma(1.0, 1.0, 1e-5), mu, 2e-12, "1/analytic sigma");

        double muOne = HEADLINE.path("mu_one").asDouble();
        JsonNode one = HEADLINE.path("one_mechanism");
        assertUpperBound(GaussianDp.epsilon(muOne, 1e-5), one.path("eps_exact_at_1e-5").asDouble(), EPS_REL, "one: eps");
        assertUpperBound(GaussianDp.deltaUpperBound(muOne, 1.0), one.path("delta_exact_at_eps1").asDouble(), DELTA_REL,
                "one: delta(1)");

        JsonNode two = HEADLINE.path("two_mechanisms");
        double muTwo = GaussianDp.compose(muOne, muOne);
        assertUpperBound(muTwo, two.path("mu").asDouble(), MU_REL, "two: mu");
        assertUpperBound(GaussianDp.epsilon(muTwo, 1e-5), two.path("eps_exact_at_1e-5").asDouble(), EPS_REL, "two: eps");
        assertUpperBound(GaussianDp.deltaUpperBound(muTwo, 1.0), two.path("delta_exact_at_eps1").asDouble(), DELTA_REL,
                "two: delta(1)");
        assertUpperBound(GaussianDp.deltaUpperBound(muTwo, 2.0), two.path("delta_exact_at_eps2").asDouble(), DELTA_REL,
                "two: delta(2)");
    }

    @Test
    void muOfABudgetIsTheInverseOfEpsilonAndNeverAboveIt() {
        double[][] budgets = {{0.1, 1e-6}, {1.0, 1e-5}, {3.0, 1e-8}, {8.0, 1e-3}, {0.0, 1e-3}};
        for (double[] b : budgets) {
            double mu = GaussianDp.mu(b[0], b[1]);
            assertThat(GaussianDp.deltaUpperBound(mu, b[0])).isLessThanOrEqualTo(b[1]);
            // 1e-10 more already exceeds δ: μ is the largest up to the bound's own slack.
            assertThat(GaussianDp.delta(mu * (1 + 1e-10), b[0])).isGreaterThan(b[1]);
            if (b[0] > 0) {
                assertRelative(GaussianDp.epsilon(mu, b[1]), b[0], 1e-12, "eps(mu(" + b[0] + "))");
            }
        }
    }

    @Test
    void aZeroMuReleasesNothingAndNegativeEpsilonGivesOneMinusExp() {
        assertThat(GaussianDp.delta(0.0, 0.5)).isZero();
        assertThat(GaussianDp.epsilon(0.0, 1e-5)).isZero();
        assertRelative(GaussianDp.delta(0.0, -1.0), -Math.expm1(-1.0), 1e-15, "delta_0(-1)");
        // δ_μ at very negative ε tends to 1 − e^ε from below (the PLD has E[e^(−L)] = 1).
        assertRelative(GaussianDp.delta(0.5, -30.0), -Math.expm1(-30.0), 1e-12, "delta(-30)");
    }
}

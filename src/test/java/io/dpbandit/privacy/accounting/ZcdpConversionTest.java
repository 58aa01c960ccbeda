package io.dpbandit.privacy.accounting;

import static io.dpbandit.privacy.accounting.AccountingVectors.ZCDP_CKS_REL;
import static io.dpbandit.privacy.accounting.AccountingVectors.ZCDP_CLOSED_FORM_REL;
import static io.dpbandit.privacy.accounting.AccountingVectors.assertLowerBound;
import static io.dpbandit.privacy.accounting.AccountingVectors.assertRelative;
import static io.dpbandit.privacy.accounting.AccountingVectors.assertUpperBound;
import static io.dpbandit.privacy.accounting.AccountingVectors.section;
import static io.dpbandit.privacy.accounting.ZcdpConversion.BUN_STEINKE;
import static io.dpbandit.privacy.accounting.ZcdpConversion.CANONNE_KAMATH_STEINKE;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** The zCDP conversions (Bun &amp; Steinke 2016; Canonne, Kamath &amp; Steinke 2020) against accounting.json. */
class ZcdpConversionTest {

    private static final JsonNode ZCDP = section("zcdp");
    private static final JsonNode HEADLINE = section("gaussian").path("analytic_gaussian_1_1e-5");

    @Test
    void cksEpsilonTakesTheInfimumOverRealAlphaForEveryCase() {
        for (JsonNode c : ZCDP.path("cases")) {
            double rho = c.path("rho").asDouble();
            JsonNode targets = c.path("delta_targets");
            for (int i = 0; i < targets.size(); i++) {
                double d = targets.get(i).asDouble();
                String what = c.path("name").asText() + " at delta " + d;
                assertUpperBound(CANONNE_KAMATH_STEINKE.epsilon(rho, d), c.path("eps_cks").get(i).asDouble(),
                        ZCDP_CKS_REL, what + ": CKS eps");
                assertRelative(ZcdpConversion.cksAlpha(rho, d), c.path("alpha_cks").get(i).asDouble(), ZCDP_CKS_REL,
                        what + ": alpha");
                // The exact (GDP) curve is tighter than CKS, which is tighter than Bun–Steinke.
                double exact = c.path("eps_exact").get(i).asDouble();
                assertThat(CANONNE_KAMATH_STEINKE.epsilon(rho, d)).isGreaterThan(exact)
                        .isLessThan(BUN_STEINKE.epsilon(rho, d));
            }
        }
    }

    @Test
    void bunSteinkeEpsilonIsRhoPlusTwoRootRhoLogOneOverDelta() {
        for (JsonNode c : ZCDP.path("cases")) {
            double rho = c.path("rho").asDouble();
            JsonNode targets = c.path("delta_targets");
            for (int i = 0; i < targets.size(); i++) {
                assertUpperBound(BUN_STEINKE.epsilon(rho, targets.get(i).asDouble()),
                        c.path("eps_bun_steinke").get(i).asDouble(), ZCDP_CLOSED_FORM_REL, c.path("name").asText());
            }
        }
    }

    @Test
    void bothConversionsGiveDeltaAtEpsilonAboveRho() {
        for (JsonNode c : ZCDP.path("cases")) {
            double rho = c.path("rho").asDouble();
            JsonNode eps = c.path("eps");
            for (int i = 0; i < eps.size(); i++) {
                double e = eps.get(i).asDouble();
                String what = c.path("name").asText() + " delta(" + e + ")";
                assertUpperBound(CANONNE_KAMATH_STEINKE.delta(rho, e), c.path("delta_cks").get(i).asDouble(),
                        ZCDP_CKS_REL, what + " CKS");
                assertUpperBound(BUN_STEINKE.delta(rho, e), c.path("delta_bun_steinke").get(i).asDouble(),
                        ZCDP_CLOSED_FORM_REL, what + " Bun-Steinke");
            }
        }
    }

    @Test
    void bunSteinkeInverseIsOneAtOrBelowRho() {
        assertThat(BUN_STEINKE.delta(0.5, 0.5)).isEqualTo(1.0);
        assertThat(BUN_STEINKE.delta(0.5, 0.25)).isEqualTo(1.0);
        assertThat(BUN_STEINKE.delta(0.5, 0.5000001)).isLessThan(1.0);
    }

    @Test
    void theLargestRhoForOneAndTenToMinusFiveIsSmallerUnderEitherConversionThanTheExactBudget() {
        JsonNode budget = HEADLINE.path("budget_1_1e-5");
        double cks = CANONNE_KAMATH_STEINKE.rho(1.0, 1e-5);
        double bs = BUN_STEINKE.rho(1.0, 1e-5);
        assertLowerBound(cks, budget.path("rho_cks").asDouble(), ZCDP_CKS_REL, "rho CKS");
        assertLowerBound(bs, budget.path("rho_bun_steinke").asDouble(), ZCDP_CLOSED_FORM_REL, "rho Bun-Steinke");
        assertThat(CANONNE_KAMATH_STEINKE.epsilon(cks, 1e-5)).isLessThanOrEqualTo(1.0);
        assertThat(BUN_STEINKE.epsilon(bs, 1e-5)).isLessThanOrEqualTo(1.0);
        assertRelative(1.0 / Math.sqrt(2 * cks), budget.path("sigma_needed_cks").asDouble(), ZCDP_CKS_REL, "sigma CKS");
        assertRelative(1.0 / Math.sqrt(2 * bs), budget.path("sigma_needed_bun_steinke").asDouble(), ZCDP_CLOSED_FORM_REL,
                "sigma Bun-Steinke");

        // One release calibrated exactly to (1, 1e-5) has ρ = μ²/2 = 0.0359: over both zCDP budgets.
        JsonNode one = HEADLINE.path("one_mechanism");
        double rho = one.path("rho").asDouble();
        assertThat(rho).isGreaterThan(cks).isGreaterThan(bs);
        assertUpperBound(CANONNE_KAMATH_STEINKE.epsilon(rho, 1e-5), one.path("eps_cks_at_1e-5").asDouble(),
                ZCDP_CKS_REL, "one: CKS");
        assertUpperBound(BUN_STEINKE.epsilon(rho, 1e-5), one.path("eps_bun_steinke_at_1e-5").asDouble(),
                ZCDP_CLOSED_FORM_REL, "one: Bun-Steinke");
        JsonNode two = HEADLINE.path("two_mechanisms");
        assertUpperBound(CANONNE_KAMATH_STEINKE.epsilon(two.path("rho").asDouble(), 1e-5),
                two.path("eps_cks_at_1e-5").asDouble(), ZCDP_CKS_REL, "two: CKS");
        assertUpperBound(BUN_STEINKE.epsilon(two.path("rho").asDouble(), 1e-5),
                two.path("eps_bun_steinke_at_1e-5").asDouble(), ZCDP_CLOSED_FORM_REL, "two: Bun-Steinke");
    }

    @Test
    void theFiltersBudgetsAreTheLargestRhoOfEachConversion() {
        JsonNode filters = section("filters");
        assertLowerBound(CANONNE_KAMATH_STEINKE.rho(1.0, 1e-5), filters.path("rho_budget_cks").asDouble(),
                ZCDP_CKS_REL, "filter rho CKS");
        assertLowerBound(BUN_STEINKE.rho(1.0, 1e-5), filters.path("rho_budget_bun_steinke").asDouble(),
                ZCDP_CLOSED_FORM_REL, "filter rho Bun-Steinke");
    }
}

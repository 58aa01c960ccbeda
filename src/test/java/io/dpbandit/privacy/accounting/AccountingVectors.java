package io.dpbandit.privacy.accounting;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.testing.TestVectors;

/**
 * testvectors/accounting.json and its tolerances (README, section accounting.json): every stored
 * value is the exact quantity rounded once to a double, so a certified upper bound must be at least
 * the stored value times (1 − 2⁻⁵³), and a lower bound at most the stored value times (1 + 2⁻⁵³).
 */
final class AccountingVectors {

    static final JsonNode VECTORS = TestVectors.load("accounting.json");
    static final JsonNode TOLERANCES = VECTORS.path("tolerances");
    static final double MU_REL = TOLERANCES.path("mu_rel").asDouble();
    static final double DELTA_REL = TOLERANCES.path("delta_rel").asDouble();
    static final double EPS_REL = TOLERANCES.path("eps_rel").asDouble();
    static final double ZCDP_CLOSED_FORM_REL = TOLERANCES.path("zcdp_closed_form_rel").asDouble();
    static final double ZCDP_CKS_REL = TOLERANCES.path("zcdp_cks_rel").asDouble();
    static final double BR_REL = TOLERANCES.path("br_rel").asDouble();
    static final double PLD_BOUNDS_REL = TOLERANCES.path("pld_bounds_rel").asDouble();
    /** The stored value's own rounding: half an ulp, relative. */
    static final double ROUNDING = 0x1p-53;

    private AccountingVectors() {
    }

    static JsonNode section(String name) {
        return VECTORS.path(name);
    }

    /** |actual − expected| ≤ tol·|expected|. */
    static void assertRelative(double actual, double expected, double tol, String what) {
        assertThat(Math.abs(actual - expected)).as("%s: %s vs stored %s (rel %s > %s)", what, actual, expected,
                Math.abs(actual - expected) / Math.abs(expected), tol).isLessThanOrEqualTo(tol * Math.abs(expected));
    }

    /** An upper bound: within tol of the stored value and not below the exact value it rounds. */
    static void assertUpperBound(double actual, double expected, double tol, String what) {
        assertRelative(actual, expected, tol, what);
        assertThat(actual).as("%s must not be below the exact value %s", what, expected)
                .isGreaterThanOrEqualTo(expected * (1 - ROUNDING));
    }

    /** A lower bound: within tol of the stored value and not above the exact value it rounds. */
    static void assertLowerBound(double actual, double expected, double tol, String what) {
        assertRelative(actual, expected, tol, what);
        assertThat(actual).as("%s must not be above the exact value %s", what, expected)
                .isLessThanOrEqualTo(expected * (1 + ROUNDING));
    }

    /** The μ of a case's components: μᵢ = Δᵢ/σᵢ, each repeated count times. */
    static double[] componentMus(JsonNode components) {
        int n = 0;
        for (JsonNode c : components) {
            n += c.path("count").asInt();
        }
        double[] mus = new double[n];
        int k = 0;
        for (JsonNode c : components) {
            double mu = c.path("sensitivity").asDouble() / c.path("sigma").asDouble();
            for (int i = 0; i < c.path("count").asInt(); i++) {
                mus[k++] = mu;
            }
        }
        return mus;
    }
}

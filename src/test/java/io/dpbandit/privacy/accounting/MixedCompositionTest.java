package io.dpbandit.privacy.accounting;

import static io.dpbandit.privacy.accounting.AccountingVectors.DELTA_REL;
import static io.dpbandit.privacy.accounting.AccountingVectors.EPS_REL;
import static io.dpbandit.privacy.accounting.AccountingVectors.ZCDP_CKS_REL;
import static io.dpbandit.privacy.accounting.AccountingVectors.ZCDP_CLOSED_FORM_REL;
import static io.dpbandit.privacy.accounting.AccountingVectors.assertRelative;
import static io.dpbandit.privacy.accounting.AccountingVectors.assertUpperBound;
import static io.dpbandit.privacy.accounting.AccountingVectors.section;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A Gaussian release plus ten pure-DP releases on one budget (accounting.json, mixed): exact with
 * the pure worst case's atoms, bounded with the Laplace part discretised.
 */
class MixedCompositionTest {

    private static final JsonNode CASES = section("mixed").path("cases");
    private static final JsonNode LAPLACE_CASE = CASES.get(0);
    private static final JsonNode PURE_CASE = CASES.get(1);

    private static List<Mechanism> releases(Mechanism pure) {
        List<Mechanism> list = new ArrayList<>();
        list.add(Mechanism.Gaussian.of(1.0, 1.25));
        for (int i = 0; i < 10; i++) {
            list.add(pure);
        }
        return list;
    }

    @Test
    void gaussianPlusTenPureReleasesIsExactThroughTheBinomialAtoms() {
        PrivacyCurve accountant = new ExactAccountant().curve(releases(new Mechanism.PureDp(0.1)));
        assertThat(accountant.route()).isEqualTo(ExactAccountant.Route.GAUSSIAN_AND_PURE_ATOMS);
        JsonNode eps = PURE_CASE.path("eps");
        for (int i = 0; i < eps.size(); i++) {
            double e = eps.get(i).asDouble();
            double exact = PURE_CASE.path("delta_exact").get(i).asDouble();
            assertUpperBound(accountant.delta(e), exact, DELTA_REL, "delta(" + e + ")");
            Interval bounds = accountant.deltaBounds(e);
            assertThat(bounds.contains(exact)).as("bounds %s contain %s", bounds, exact).isTrue();
            assertThat(bounds.relativeWidth()).isLessThan(1e-11);
            // The file's discretised bounds enclose it as well.
            assertThat(PURE_CASE.path("delta_lower").get(i).asDouble()).isLessThanOrEqualTo(exact);
            assertThat(PURE_CASE.path("delta_upper").get(i).asDouble()).isGreaterThanOrEqualTo(exact);
        }
        assertUpperBound(accountant.epsilon(1e-5), PURE_CASE.path("eps_at_delta_1e-5").path("exact").asDouble(),
                EPS_REL, "eps(1e-5)");
    }

    @Test
    void gaussianPlusTenLaplaceReleasesIsEnclosedByTheDiscretisedMixtureWithinOnePercent() {
        PrivacyCurve curve = new ExactAccountant().curve(releases(Mechanism.Laplace.of(1.0, 10.0)));
        assertThat(curve.route()).isEqualTo(ExactAccountant.Route.GAUSSIAN_AND_DISCRETISED);
        checkEnclosure(curve);
    }

    @Test
    void onTheFilesGridWithTheGaussianExactTheBoundsAreInsideTheFilesFullyDiscretisedOnes() {
        // Same pure-part rule at h = 2^-14, no re-binning, and the Gaussian part not discretised:
        // tighter than the file's bounds, which discretise the Gaussian too.
        PrivacyCurve curve = new ExactAccountant(PldGrid.fixed(-14)).curve(releases(Mechanism.Laplace.of(1.0, 10.0)));
        checkEnclosure(curve);
        JsonNode eps = LAPLACE_CASE.path("eps");
        for (int i = 0; i < eps.size(); i++) {
            Interval bounds = curve.deltaBounds(eps.get(i).asDouble());
            assertThat(bounds.lower()).isGreaterThanOrEqualTo(LAPLACE_CASE.path("delta_lower").get(i).asDouble());
            assertThat(bounds.upper()).isLessThanOrEqualTo(LAPLACE_CASE.path("delta_upper").get(i).asDouble());
        }
        Interval e = curve.epsilonBounds(1e-5);
        assertThat(e.lower()).isGreaterThanOrEqualTo(LAPLACE_CASE.path("eps_at_delta_1e-5").path("lower").asDouble());
        assertThat(e.upper()).isLessThanOrEqualTo(LAPLACE_CASE.path("eps_at_delta_1e-5").path("upper").asDouble());
    }

    private static void checkEnclosure(PrivacyCurve curve) {
        JsonNode eps = LAPLACE_CASE.path("eps");
        for (int i = 0; i < eps.size(); i++) {
            double e = eps.get(i).asDouble();
            double exact = LAPLACE_CASE.path("delta_exact").get(i).asDouble();
            Interval bounds = curve.deltaBounds(e);
            assertThat(bounds.contains(exact)).as("delta(%s): %s contains %s", e, bounds, exact).isTrue();
            assertThat(bounds.relativeWidth()).isLessThan(0.01);
            assertThat(curve.delta(e)).isEqualTo(bounds.upper());
        }
        Interval epsBounds = curve.epsilonBounds(1e-5);
        double exactEps = LAPLACE_CASE.path("eps_at_delta_1e-5").path("exact").asDouble();
        assertThat(epsBounds.contains(exactEps)).as("eps(1e-5): %s contains %s", epsBounds, exactEps).isTrue();
        assertThat(epsBounds.relativeWidth()).isLessThan(0.01);
    }

    @Test
    void theOldRoutesChargeMoreForTheSameReleases() {
        JsonNode comparison = PURE_CASE.path("comparison_eps_at_1e-5");
        List<Mechanism> pure = releases(new Mechanism.PureDp(0.1));
        assertRelative(ZcdpAccountant.rho(pure), comparison.path("zcdp_rho_pure_as_eps2_over_2").asDouble(), 1e-14, "rho");
        assertRelative(AccountingMethod.ZCDP_CANONNE_KAMATH_STEINKE.accountant().epsilon(pure, 1e-5),
                comparison.path("zcdp_cks").asDouble(), ZCDP_CKS_REL, "CKS");
        assertRelative(AccountingMethod.ZCDP_BUN_STEINKE.accountant().epsilon(pure, 1e-5),
                comparison.path("zcdp_bun_steinke").asDouble(), ZCDP_CLOSED_FORM_REL, "Bun-Steinke");
        assertRelative(GaussianDp.epsilon(0.8, 1e-5) + 10 * 0.1, comparison.path("basic_gaussian_eps_plus_sum_eps0").asDouble(),
                EPS_REL, "basic");
        List<Mechanism> exponential = releases(new Mechanism.BoundedRange(0.1));
        assertRelative(ZcdpAccountant.rho(exponential), comparison.path("zcdp_rho_exponential_mechanism_eps2_over_8").asDouble(),
                1e-14, "rho BR");
        assertRelative(AccountingMethod.ZCDP_CANONNE_KAMATH_STEINKE.accountant().epsilon(exponential, 1e-5),
                comparison.path("zcdp_cks_exponential_mechanism").asDouble(), ZCDP_CKS_REL, "CKS BR");
        double exact = AccountingMethod.EXACT.accountant().epsilon(pure, 1e-5);
        assertThat(exact).isLessThan(comparison.path("zcdp_cks_exponential_mechanism").asDouble())
                .isLessThan(comparison.path("zcdp_cks").asDouble())
                .isLessThan(comparison.path("basic_gaussian_eps_plus_sum_eps0").asDouble());
    }
}

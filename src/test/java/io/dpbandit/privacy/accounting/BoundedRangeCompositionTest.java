package io.dpbandit.privacy.accounting;

import static io.dpbandit.privacy.accounting.AccountingVectors.BR_REL;
import static io.dpbandit.privacy.accounting.AccountingVectors.ZCDP_CKS_REL;
import static io.dpbandit.privacy.accounting.AccountingVectors.assertRelative;
import static io.dpbandit.privacy.accounting.AccountingVectors.assertUpperBound;
import static io.dpbandit.privacy.accounting.AccountingVectors.section;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** Bounded-range composition (Dong, Durfee &amp; Rogers 2020; Cesar &amp; Rogers 2021) against accounting.json. */
class BoundedRangeCompositionTest {

    private static final JsonNode BR = section("bounded_range");

    @Test
    void theAdaptiveBoundIsDongDurfeeRogersForEveryCase() {
        for (JsonNode c : BR.path("cases")) {
            int k = c.path("k").asInt();
            double eps = c.path("eps").asDouble();
            assertUpperBound(BoundedRangeComposition.adaptiveEpsilon(k, eps, 1e-5),
                    c.path("adaptive_bound_eps_at_1e-5").asDouble(), BR_REL, k + " x " + eps + " adaptive");
        }
    }

    @Test
    void theZcdpRouteChargesEpsilonSquaredOverEightAndConvertsByCks() {
        for (JsonNode c : BR.path("cases")) {
            int k = c.path("k").asInt();
            double eps = c.path("eps").asDouble();
            assertRelative(BoundedRangeComposition.zcdpRho(k, eps), c.path("rho_zcdp").asDouble(), BR_REL, "rho");
            assertUpperBound(BoundedRangeComposition.zcdpEpsilon(k, eps, 1e-5, ZcdpConversion.CANONNE_KAMATH_STEINKE),
                    c.path("zcdp_cks_eps_at_1e-5").asDouble(), ZCDP_CKS_REL, k + " x " + eps + " zCDP CKS");
            // The same through the zCDP accountant on k exponential mechanisms.
            java.util.List<Mechanism> list = java.util.Collections.nCopies(k, new Mechanism.BoundedRange(eps));
            assertRelative(new ZcdpAccountant(ZcdpConversion.CANONNE_KAMATH_STEINKE).epsilon(list, 1e-5),
                    c.path("zcdp_cks_eps_at_1e-5").asDouble(), ZCDP_CKS_REL, "zCDP accountant");
        }
    }

    @Test
    void theNonAdaptiveOptimumMatchesTheCandidateSetFormula() {
        for (JsonNode c : BR.path("cases")) {
            int k = c.path("k").asInt();
            double eps = c.path("eps").asDouble();
            JsonNode primes = c.path("eps_prime");
            for (int i = 0; i < primes.size(); i++) {
                double e = primes.get(i).asDouble();
                assertRelative(BoundedRangeComposition.nonAdaptiveDelta(k, eps, e), c.path("delta").get(i).asDouble(),
                        BR_REL, k + " x " + eps + " delta(" + e + ")");
            }
            assertRelative(BoundedRangeComposition.nonAdaptiveEpsilon(k, eps, 1e-5),
                    c.path("eps_prime_at_delta_1e-5").asDouble(), BR_REL, k + " x " + eps + " eps(1e-5)");
        }
    }

    @Test
    void forAnAdaptiveBanditTheZcdpRouteBeatsPureDpAndTheAdaptiveBound() {
        // The README's table at δ = 1e-5: 10 x 0.1 and 50 x 0.1.
        for (int k : new int[] {10, 50}) {
            double pure = PureDpComposition.epsilon(k, 0.1, 1e-5);
            double adaptive = BoundedRangeComposition.adaptiveEpsilon(k, 0.1, 1e-5);
            double zcdp = BoundedRangeComposition.zcdpEpsilon(k, 0.1, 1e-5, ZcdpConversion.CANONNE_KAMATH_STEINKE);
            double nonAdaptive = BoundedRangeComposition.nonAdaptiveEpsilon(k, 0.1, 1e-5);
            assertThat(nonAdaptive).isLessThan(zcdp);
            assertThat(zcdp).isLessThan(adaptive);
            assertThat(adaptive).isLessThan(pure);
            assertThat(pure).isLessThan(k * 0.1);
        }
    }

    @Test
    void smallEpsilonSeriesAgreeWithTheDirectForms() {
        // Where both are accurate (ε = 0.01 .. 0.02), the series and the direct form of r − 1 agree.
        for (double e : new double[] {0.0101, 0.015, 0.02}) {
            double direct = e / -Math.expm1(-e) - 1.0;
            double e2 = e * e;
            double series = e / 2 + e2 / 12 - e2 * e2 / 720 + e2 * e2 * e2 / 30240;
            assertRelative(series, direct, 1e-12, "r - 1 at " + e);
            assertRelative(BoundedRangeComposition.yMinusLog1p(direct), direct - Math.log1p(direct), 1e-9, "y - log1p y");
        }
    }
}

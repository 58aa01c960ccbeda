package io.dpbandit.privacy.accounting;

import static io.dpbandit.privacy.accounting.AccountingVectors.DELTA_REL;
import static io.dpbandit.privacy.accounting.AccountingVectors.EPS_REL;
import static io.dpbandit.privacy.accounting.AccountingVectors.assertUpperBound;
import static io.dpbandit.privacy.accounting.AccountingVectors.section;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * Optimal composition of pure ε-DP mechanisms (Kairouz, Oh &amp; Viswanath 2015, Thm 3.3; Murtagh &amp;
 * Vadhan 2016) and K-ary randomized response, against accounting.json.
 */
class PureDpCompositionTest {

    @Test
    void optimalCompositionMatchesEveryCaseAndNeverFallsBelowIt() {
        for (JsonNode c : section("pure_dp_optimal_composition").path("cases")) {
            int k = c.path("k").asInt();
            double eps = c.path("eps").asDouble();
            String name = k + " x " + eps;
            JsonNode primes = c.path("eps_prime");
            for (int i = 0; i < primes.size(); i++) {
                double e = primes.get(i).asDouble();
                assertUpperBound(PureDpComposition.delta(k, eps, e), c.path("delta").get(i).asDouble(), DELTA_REL,
                        name + " delta(" + e + ")");
            }
            assertUpperBound(PureDpComposition.epsilon(k, eps, 1e-5), c.path("eps_prime_at_delta_1e-5").asDouble(),
                    EPS_REL, name + " eps(1e-5)");
        }
    }

    @Test
    void randomizedResponseMatchesEveryCase() {
        for (JsonNode c : section("randomized_response").path("cases")) {
            int outcomes = c.path("outcomes_K").asInt();
            double eps = c.path("eps").asDouble();
            int n = c.path("n").asInt();
            String name = n + " x " + outcomes + "-RR at " + eps;
            JsonNode primes = c.path("eps_prime");
            for (int i = 0; i < primes.size(); i++) {
                double e = primes.get(i).asDouble();
                assertUpperBound(RandomizedResponsePld.delta(outcomes, eps, n, e), c.path("delta").get(i).asDouble(),
                        DELTA_REL, name + " delta(" + e + ")");
            }
            assertUpperBound(RandomizedResponsePld.epsilon(outcomes, eps, n, 1e-5),
                    c.path("eps_prime_at_delta_1e-5").asDouble(), EPS_REL, name + " eps(1e-5)");
        }
    }

    @Test
    void nearTheTopOfTheCompositionOneMinusExpKeepsItsDigits() {
        // k = 10, ε = 1: ε'(1e-5) = 9.99977, where 1 − e^x ≈ 2e-4 and the top atom has mass 0.044.
        double top = Math.pow(Math.E / (1 + Math.E), 10);
        double epsPrime = 9.9999;
        double expected = top * -Math.expm1(epsPrime - 10.0); // exact difference (Sterbenz)
        assertThat(PureDpComposition.delta(10, 1.0, epsPrime)).isCloseTo(expected,
                org.assertj.core.api.Assertions.within(1e-12 * expected));
    }
}

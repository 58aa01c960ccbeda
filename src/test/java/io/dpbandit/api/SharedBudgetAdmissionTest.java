package io.dpbandit.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.privacy.BudgetFilter;
import io.dpbandit.privacy.accounting.GaussianDp;
import io.dpbandit.privacy.accounting.ZcdpConversion;
import io.dpbandit.testing.ApiClient;
import io.dpbandit.testing.Specs;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

/**
 * Budgets that several bandits share, as an admin meets them: a (1, 1e-5) budget admits one
 * user-level bandit at (1, 1e-5) and refuses a second; a (1.5, 1e-5) budget admits two (their Gaussian
 * composition is (1.47, 1e-5)); under zCDP (Canonne, Kamath &amp; Steinke's conversion) the same
 * figures admit fewer Gaussian bandits but more exponential mechanisms.
 */
class SharedBudgetAdmissionTest extends PostgresIntegrationTest {

    @Autowired
    ApiClient api;

    private ResponseEntity<JsonNode> budget(String id, double epsilon, String accountant) {
        Map<String, Object> body = new LinkedHashMap<>(Map.of("id", id, "epsilon", epsilon, "delta", 1e-5));
        if (accountant != null) {
            body.put("accountant", accountant);
        }
        return api.post("/budgets", body);
    }

    /** A user-level bandit at (ε, 1e-5) on the budget: LINUCB (the tree, charged at creation) or CAPRI. */
    private ResponseEntity<JsonNode> bandit(String id, String algorithm, double epsilon, String budget) {
        Map<String, Object> spec = new HashMap<>(algorithm.equals("CAPRI") ? Specs.capri(id, 1000, 600)
                : Specs.linear(id, algorithm, 1000, 600));
        spec.put("privacy", Map.of("model", "JDP", "epsilon", epsilon, "delta", 1e-5, "unit", "USER",
                "maxRoundsPerUser", 3, "budget", budget));
        return api.post("/bandits", spec);
    }

    @Test
    void aBudgetAdmitsABanditOfItsOwnFiguresAndNotASecond() {
        var created = budget("gdp-one", 1.0, null);
        assertThat(created.getStatusCode()).isEqualTo(HttpStatus.CREATED);
        assertThat(created.getBody().path("accountant").asText()).isEqualTo("GDP");
        for (String algorithm : List.of("LINUCB", "CAPRI")) {
            String id = "gdp-one-" + algorithm.toLowerCase();
            var b = budget(id, 1.0, null);
            assertThat(b.getStatusCode()).isEqualTo(HttpStatus.CREATED);
            var first = bandit(id + "-a", algorithm, 1.0, id);
            assertThat(first.getStatusCode()).as("%s", first.getBody()).isEqualTo(HttpStatus.CREATED);
            var second = bandit(id + "-b", algorithm, 1.0, id);
            ApiClient.assertProblem(second, HttpStatus.CONFLICT, "conflict");
            assertThat(second.getBody().path("detail").asText()).contains(id).contains("nothing was created");
            JsonNode figures = api.ok("/budgets/" + id);
            assertThat(figures.path("bandits").asInt()).isEqualTo(1);
            assertThat(figures.path("committed").asDouble()).isLessThanOrEqualTo(figures.path("total").asDouble());
            // What the one bandit commits is the whole budget: worth (1, 1e-5) at the budget's delta.
            assertThat(figures.path("epsilonCommitted").asDouble()).isBetween(1.0 - 1e-9, 1.0);
        }
    }

    @Test
    void aBudgetOfOneAndAHalfAdmitsTwoBanditsAtOneUnderGaussianDpAndOneUnderZcdp() {
        assertThat(budget("gdp-wide", 1.5, "GDP").getStatusCode()).isEqualTo(HttpStatus.CREATED);
        assertThat(bandit("gdp-wide-a", "LINUCB", 1.0, "gdp-wide").getStatusCode()).isEqualTo(HttpStatus.CREATED);
        assertThat(bandit("gdp-wide-b", "LINUCB", 1.0, "gdp-wide").getStatusCode()).isEqualTo(HttpStatus.CREATED);
        ApiClient.assertProblem(bandit("gdp-wide-c", "LINUCB", 1.0, "gdp-wide"), HttpStatus.CONFLICT, "conflict");
        // Two Gaussian bandits at (1, 1e-5) compose to mu = sqrt(2) mu(1, 1e-5): (1.47, 1e-5), independently.
        double mu = GaussianDp.mu(1.0, 1e-5);
        double twoAtOne = GaussianDp.epsilon(Math.sqrt(2) * mu, 1e-5);
        assertThat(twoAtOne).isBetween(1.46, 1.48);
        assertThat(api.ok("/budgets/gdp-wide").path("epsilonCommitted").asDouble()).isCloseTo(twoAtOne,
                org.assertj.core.api.Assertions.within(1e-6));

        // zCDP with Canonne-Kamath-Steinke's conversion holds fewer rho than the Gaussian bandits' mu^2/2.
        assertThat(budget("zcdp-wide", 1.5, "ZCDP").getStatusCode()).isEqualTo(HttpStatus.CREATED);
        double rhoEach = mu * mu / 2;
        double rhoBudget = ZcdpConversion.CANONNE_KAMATH_STEINKE.rho(1.5, 1e-5);
        int fits = (int) Math.floor(rhoBudget / rhoEach);
        assertThat(fits).isEqualTo(1);
        assertThat(bandit("zcdp-wide-a", "LINUCB", 1.0, "zcdp-wide").getStatusCode()).isEqualTo(HttpStatus.CREATED);
        ApiClient.assertProblem(bandit("zcdp-wide-b", "LINUCB", 1.0, "zcdp-wide"), HttpStatus.CONFLICT, "conflict");
    }

    @Test
    void exponentialMechanismsFitAZcdpBudgetBetterThanAGaussianOne() {
        // USCA: 10 releases of the exponential mechanism at 0.1. Under zCDP each is 0.1^2/8 (bounded
        // range); under Gaussian DP each enters through the curve that dominates any 0.1-DP mechanism.
        Map<String, Object> usca = new HashMap<>(Specs.usca("usca-shared", 8, 0.1, 1.0));
        double zcdpCost = 10 * BudgetFilter.ZCDP.exponential(0.1);
        double gdpCost = 10 * BudgetFilter.GDP.exponential(0.1);
        assertThat(zcdpCost).isLessThan(BudgetFilter.ZCDP.total(1.0, 1e-5));
        assertThat(gdpCost).isGreaterThan(BudgetFilter.GDP.total(1.0, 1e-5));
        for (String accountant : List.of("GDP", "ZCDP")) {
            String id = "usca-" + accountant.toLowerCase();
            assertThat(budget(id, 1.0, accountant).getStatusCode()).isEqualTo(HttpStatus.CREATED);
            Map<String, Object> spec = new HashMap<>(usca);
            spec.put("id", "usca-on-" + id);
            @SuppressWarnings("unchecked")
            Map<String, Object> privacy = new HashMap<>((Map<String, Object>) usca.get("privacy"));
            privacy.putAll(Map.of("unit", "USER", "maxRoundsPerUser", 1, "budget", id));
            spec.put("privacy", privacy);
            var answer = api.post("/bandits", spec);
            if (accountant.equals("ZCDP")) {
                assertThat(answer.getStatusCode()).as("%s", answer.getBody()).isEqualTo(HttpStatus.CREATED);
            } else {
                ApiClient.assertProblem(answer, HttpStatus.CONFLICT, "conflict");
            }
        }
    }

    @Test
    void theSameIdWithAnotherAccountantIsAConflict() {
        assertThat(budget("acct", 1.0, "GDP").getStatusCode()).isEqualTo(HttpStatus.CREATED);
        assertThat(budget("acct", 1.0, "GDP").getStatusCode()).isEqualTo(HttpStatus.OK);
        ApiClient.assertProblem(budget("acct", 1.0, "ZCDP"), HttpStatus.CONFLICT, "conflict");
    }
}

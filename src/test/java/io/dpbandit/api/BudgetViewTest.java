package io.dpbandit.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.testing.ApiClient;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.Specs;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The budget an analyst and an operator read says what happened, for each way a family spends
 * (issue: a fresh tree bandit looked exhausted because the whole horizon is charged at creation):
 * charged (the ledger), spent (the releases so far, worst case over users) and committed (the plan),
 * in the status, the release, the privacy report and the metrics alike.
 */
class BudgetViewTest extends PostgresIntegrationTest {

    @Autowired
    ApiClient api;
    @Autowired
    TestRestTemplate http;
    @Autowired
    LifecycleWorker lifecycle;
    @Autowired
    JdbcTemplate jdbc;

    JsonNode budget(String id) {
        return http.getForObject("/bandits/" + id, JsonNode.class).path("budget");
    }

    /** The tree's 16 leaves have m = ⌈log₂ 16⌉ + 1 = 5 levels; after 4 leaves the first user is in 3 released nodes. */
    @Test
    void aFreshTreeBanditShowsItsCommitmentNotExhaustionAndSpendsAsItsNodesAreReleased() {
        Map<String, Object> spec = Specs.linear("budget-tree", "LINUCB", 16, 600);
        spec.put("profile", "PAPER");
        spec.put("tuning", Map.of("leafRounds", 1));
        api.ok("/bandits", spec);
        JsonNode fresh = budget("budget-tree");
        assertThat(fresh.path("charging").asText()).isEqualTo("AT_CREATION");
        assertThat(fresh.path("epsilonSpent").asDouble(-1)).as("nothing released yet").isZero();
        assertThat(fresh.path("epsilonRemaining").asDouble()).isEqualTo(1.0);
        assertThat(fresh.path("epsilonCharged").asDouble()).as("the horizon charged at creation")
                .isGreaterThan(0.9).isLessThanOrEqualTo(1.0 + 1e-12);
        assertThat(fresh.path("epsilonCommitted").asDouble()).isEqualTo(fresh.path("epsilonCharged").asDouble());
        assertThat(fresh.path("spending").asText()).contains("at creation").contains("5 tree nodes");

        for (int t = 0; t < 4; t++) {
            String id = api.ok("/decide", Map.of("bandit", "budget-tree", "context", List.of(0.3, 0.7)))
                    .path("decisionId").asText();
            api.ok("/feedback", Map.of("decisionId", id, "reward", 0.5));
        }
        JsonNode unfolded = budget("budget-tree");
        assertThat(unfolded.path("epsilonSpent").asDouble(-1)).as("decisions alone release no node").isZero();
        FeedbackWindows.pass(jdbc, "budget-tree");
        lifecycle.settle("budget-tree");

        JsonNode after = budget("budget-tree");
        assertThat(after.path("accountant").asText()).isEqualTo("BASIC");
        assertThat(after.path("epsilonSpent").asDouble()).as(after.toString()).isPositive()
                .isLessThan(after.path("epsilonCommitted").asDouble());
        assertThat(after.path("epsilonRemaining").asDouble())
                .isCloseTo(1.0 - after.path("epsilonSpent").asDouble(), within(1e-12));
        assertThat(http.getForObject("/bandits/budget-tree/privacy", JsonNode.class).path("spent"))
                .as("the privacy report reads the same").isEqualTo(after);
        assertThat(http.getForObject("/release?bandit=budget-tree", JsonNode.class).path("budget"))
                .as("and so does the release").isEqualTo(after);

        String metrics = http.getForEntity("/actuator/prometheus", String.class).getBody();
        assertThat(gauge(metrics, "dpbandit_budget_spent_epsilon", "budget-tree"))
                .isCloseTo(after.path("epsilonSpent").asDouble(), within(1e-9));
        assertThat(gauge(metrics, "dpbandit_budget_committed_epsilon", "budget-tree"))
                .isCloseTo(after.path("epsilonCommitted").asDouble(), within(1e-9));
        assertThat(gauge(metrics, "dpbandit_budget_remaining_epsilon", "budget-tree"))
                .isCloseTo(after.path("epsilonRemaining").asDouble(), within(1e-9));
    }

    /** Under a Gaussian accountant the spent ρ is exactly the released nodes' share of the charge. */
    @Test
    void underAGaussianAccountantATreeHasSpentItsReleasedNodesShareOfRho() {
        Map<String, Object> spec = Specs.linear("budget-tree-rho", "LINUCB", 16, 600);
        spec.put("profile", "PAPER");
        spec.put("tuning", Map.of("leafRounds", 1));
        spec.put("privacy", Map.of("model", "JDP", "epsilon", 1.0, "delta", 1e-5, "accountant", "EXACT"));
        api.ok("/bandits", spec);
        assertThat(budget("budget-tree-rho").path("rhoSpent").asDouble(-1)).isZero();
        for (int t = 0; t < 4; t++) {
            api.ok("/decide", Map.of("bandit", "budget-tree-rho", "context", List.of(0.3, 0.7)));
        }
        FeedbackWindows.pass(jdbc, "budget-tree-rho");
        lifecycle.settle("budget-tree-rho");
        JsonNode after = budget("budget-tree-rho");
        double charged = after.path("rhoCharged").asDouble();
        assertThat(charged).isPositive();
        assertThat(after.path("rhoSpent").asDouble()).as("3 of the 5 nodes a user's round is in")
                .isCloseTo(charged * 3 / 5, within(1e-12));
        assertThat(after.path("epsilonSpent").asDouble()).isLessThan(after.path("epsilonCommitted").asDouble());
    }

    @Test
    void capriIsChargedPerReleaseAndCommitsItsPlanForTheHorizon() {
        api.ok("/bandits", Specs.capri("budget-capri", 100, 600));
        JsonNode b = budget("budget-capri");
        assertThat(b.path("charging").asText()).isEqualTo("PER_RELEASE");
        assertThat(b.path("spending").asText()).contains("closes the epoch");
        assertThat(b.path("epsilonSpent").asDouble(-1)).isZero();
        assertThat(b.path("epsilonCharged").asDouble(-1)).isZero();
        assertThat(b.path("epsilonCommitted").asDouble()).as("its epochs' plan").isPositive()
                .isLessThanOrEqualTo(b.path("epsilonTotal").asDouble());
        assertThat(b.path("epsilonRemaining").asDouble()).isEqualTo(b.path("epsilonTotal").asDouble());
    }

    @Test
    void aLocallyPrivateBanditSpendsOnTheDeviceFromTheFirstDecision() {
        api.ok("/bandits", Specs.linear("budget-ldp", "ONLINEUCB", 20, 600));
        JsonNode fresh = budget("budget-ldp");
        assertThat(fresh.path("charging").asText()).isEqualTo("ON_DEVICE");
        assertThat(fresh.path("epsilonSpent").asDouble(-1)).isZero();
        api.ok("/decide", Map.of("bandit", "budget-ldp", "context", List.of(0.3, 0.7)));
        JsonNode served = budget("budget-ldp");
        assertThat(served.path("epsilonSpent").asDouble()).as("a served user may have reported")
                .isEqualTo(served.path("epsilonCommitted").asDouble()).isPositive();
    }

    @Test
    void uscaCommitsItsSelectionsAndSpendsOnlyWhatItReleases() {
        api.ok("/bandits", Specs.usca("budget-usca", 40, 0.5, 1.0));
        JsonNode b = budget("budget-usca");
        assertThat(b.path("charging").asText()).isEqualTo("PER_RELEASE");
        assertThat(b.path("epsilonSpent").asDouble(-1)).isZero();
        assertThat(b.path("epsilonCommitted").asDouble()).isCloseTo(1.0, within(1e-12));
    }

    static double gauge(String exposition, String name, String bandit) {
        Matcher m = Pattern.compile("(?m)^" + name + "\\{bandit=\"" + bandit + "\"\\} (\\S+)$").matcher(exposition);
        assertThat(m.find()).as(name + " for " + bandit).isTrue();
        return Double.parseDouble(m.group(1));
    }
}

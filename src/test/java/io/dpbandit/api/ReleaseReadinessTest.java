package io.dpbandit.api;

import static io.dpbandit.testing.ApiClient.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.testing.ApiClient;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.Specs;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * POST /release answers from a model: before any exists (CAPRI before its first release, a
 * sequential model before its first round is in, USCA while learning) it is a 409 not-ready, never
 * an action that would look like a release. And USCA, pure epsilon-DP, refuses a delta rather than
 * dropping it.
 */
class ReleaseReadinessTest extends PostgresIntegrationTest {

    @Autowired
    ApiClient api;
    @Autowired
    LifecycleWorker lifecycle;
    @Autowired
    JdbcTemplate jdbc;

    /** Decides {@code rounds} times with {@code context}, answers each with {@code reward}, and lets the windows pass. */
    void learn(String bandit, int rounds, List<Double> context, double reward) {
        for (int t = 0; t < rounds; t++) {
            String id = api.ok("/decide", Map.of("bandit", bandit, "context", context)).path("decisionId").asText();
            assertThat(api.feedback(id, reward)).isEqualTo("ACCEPTED");
        }
        FeedbackWindows.pass(jdbc, bandit);
        lifecycle.settle(bandit);
    }

    void notReady(String bandit, List<Double> context) {
        var r = api.post("/release", Map.of("bandit", bandit, "context", context));
        assertProblem(r, HttpStatus.CONFLICT, "not-ready");
        assertThat(r.getBody().path("detail").asText()).contains(bandit);
    }

    @Test
    void capriReleasesNoActionBeforeItsFirstModel() {
        api.ok("/bandits", Specs.capri("ready-capri", 100, 600));
        notReady("ready-capri", List.of(0.2, 0.4));
        assertThat(api.ok("/release?bandit=ready-capri").path("model").isNull())
                .as("GET /release says there is no model").isTrue();
        learn("ready-capri", api.ok("/bandits/ready-capri").path("epochLength").asInt(), List.of(0.2, 0.4), 0.5);
        assertThat(api.ok("/bandits/ready-capri").path("epoch").asInt()).isEqualTo(2);
        JsonNode released = api.ok("/release", Map.of("bandit", "ready-capri", "context", List.of(0.2, 0.4)));
        assertThat(List.of("a1", "a2", "a3")).contains(released.path("action").asText());
        assertThat(released.path("charged").asBoolean()).isFalse();
    }

    @Test
    void linUcbAndGpUcbReleaseNoActionBeforeTheirFirstRoundIsIn() {
        api.ok("/bandits", Specs.linear("ready-lin", "LINUCB", 20, 600));
        api.ok("/bandits", Specs.gp("ready-gp", "JDP", 20));
        notReady("ready-lin", List.of(0.3, 0.7));
        notReady("ready-gp", List.of(0.3));
        // A decision is served all the same: uniform, or the prior's choice, is not a release.
        assertThat(api.ok("/decide", Map.of("bandit", "ready-lin", "context", List.of(0.3, 0.7))).has("action")).isTrue();

        learn("ready-lin", 19, List.of(0.3, 0.7), 0.8);
        learn("ready-gp", 20, List.of(0.3), 0.8);
        assertThat(api.ok("/release?bandit=ready-lin").path("model").path("observations").asLong()).isPositive();
        assertThat(api.ok("/release", Map.of("bandit", "ready-lin", "context", List.of(0.3, 0.7))).path("action")
                .asText()).isIn("a1", "a2", "a3");
        assertThat(api.ok("/release", Map.of("bandit", "ready-gp", "context", List.of(0.3))).path("action").asText())
                .isIn("low", "mid", "high");
    }

    @Test
    void uscaReleasesNothingWhileLearning() {
        api.ok("/bandits", Specs.usca("ready-usca", 10, 0.5, 1.0));
        notReady("ready-usca", List.of(0.2, 0.4));
        assertThat(api.ok("/bandits/ready-usca/ledger")).as("and charges nothing").isEmpty();
    }

    @Test
    void uscaRefusesADeltaItWouldNotUse() {
        for (double delta : new double[] {1e-5, 0.5}) {
            Map<String, Object> spec = Specs.usca("usca-delta", 10, 0.5, 1.0);
            spec.put("privacy", Map.of("model", "JDP", "epsilon", 0.5, "totalEpsilon", 1.0, "delta", delta));
            var refused = api.post("/bandits", spec);
            assertProblem(refused, HttpStatus.BAD_REQUEST, "validation");
            assertThat(refused.getBody().path("errors").get(0).path("field").asText()).isEqualTo("privacy.delta");
            assertThat(refused.getBody().path("errors").get(0).path("message").asText())
                    .contains("pure epsilon-DP");
        }
        assertThat(api.get("/bandits/usca-delta").getStatusCode()).as("nothing was created")
                .isEqualTo(HttpStatus.NOT_FOUND);

        Map<String, Object> zero = Specs.usca("usca-delta", 10, 0.5, 1.0);
        Map<String, Object> privacy = new HashMap<>(Map.of("model", "JDP", "epsilon", 0.5, "totalEpsilon", 1.0));
        privacy.put("delta", 0.0);
        zero.put("privacy", privacy);
        assertThat(api.post("/bandits", zero).getStatusCode()).as("a delta of 0 is what USCA spends")
                .isEqualTo(HttpStatus.CREATED);
        assertThat(api.ok("/bandits/usca-delta").path("budget").path("deltaTotal").asDouble()).isZero();
    }
}

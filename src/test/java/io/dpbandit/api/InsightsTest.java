package io.dpbandit.api;

import io.dpbandit.lifecycle.Step;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.Specs;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;

/** What the analyst page reads: the epochs' timeline and the public model's recommendations. */
class InsightsTest extends PostgresIntegrationTest {

    @Autowired
    TestRestTemplate http;
    @Autowired
    LifecycleWorker lifecycle;
    @Autowired
    org.springframework.jdbc.core.JdbcTemplate jdbc;

    @Test
    void epochsShowTheirTimelineReleaseAndChargeAndThePoolGetsRecommendations() {
        http.postForEntity("/bandits", Specs.capri("insights", 100, 600), JsonNode.class);
        JsonNode before = http.getForObject("/bandits/insights/epochs", JsonNode.class);
        assertThat(before).hasSize(1);
        assertThat(before.get(0).path("status").asText()).isEqualTo("OPEN");
        assertThat(before.get(0).path("width").isNull()).isTrue();
        JsonNode none = http.getForObject("/bandits/insights/recommendations", JsonNode.class);
        assertThat(none.path("actions")).as("no model yet: every action is active").hasSize(3);

        int length = before.get(0).path("length").asInt();
        for (int t = 0; t < length; t++) {
            String id = http.postForObject("/decide", Map.of("bandit", "insights", "context", List.of(0.2, 0.4)),
                    JsonNode.class).path("decisionId").asText();
            http.postForObject("/feedback", Map.of("decisionId", id, "reward", 0.7), JsonNode.class);
        }
        FeedbackWindows.pass(jdbc, "insights");
        assertThat(lifecycle.settle("insights")).isEqualTo(Step.CLOSED);

        JsonNode epochs = http.getForObject("/bandits/insights/epochs", JsonNode.class);
        assertThat(epochs).hasSize(2);
        JsonNode first = epochs.get(0);
        assertThat(first.path("status").asText()).isEqualTo("CLOSED");
        assertThat(first.path("folded").asInt()).isEqualTo(length);
        assertThat(first.path("width").asDouble()).isPositive();
        assertThat(first.path("projectionSize").asInt()).isPositive();
        assertThat(first.path("meanActiveSetSize").asDouble()).isBetween(1.0, 3.0);
        assertThat(first.path("epsilon").asDouble()).isPositive();
        assertThat(first.path("closedAt").asText()).isNotBlank();
        assertThat(epochs.get(1).path("status").asText()).isEqualTo("OPEN");

        JsonNode recommended = http.getForObject("/bandits/insights/recommendations", JsonNode.class);
        assertThat(recommended.path("poolSize").asInt()).isEqualTo(3);
        assertThat(recommended.path("contexts")).hasSize(3);
        for (JsonNode a : recommended.path("actions")) {
            assertThat(Set.of("a1", "a2", "a3")).contains(a.asText());
        }
        for (JsonNode size : recommended.path("activeSetSizes")) {
            assertThat(size.asInt()).isBetween(1, 3);
        }
    }

    @Test
    void aFullEpochReportsHowFarItsCloseHasComeInTheStatusUntilItCloses() {
        http.postForEntity("/bandits", Specs.capri("closing", 100, 600), JsonNode.class);
        lifecycle.settle("closing");
        int length = http.getForObject("/bandits/closing", JsonNode.class).path("epochLength").asInt();
        List<String> decisions = new java.util.ArrayList<>();
        for (int t = 0; t < length; t++) {
            decisions.add(http.postForObject("/decide", Map.of("bandit", "closing", "context", List.of(0.2, 0.4)),
                    JsonNode.class).path("decisionId").asText());
        }
        // Every reward comes at once, but progress follows the feedback windows, not the feedback:
        // only the rounds whose windows have passed (the first 3/5) are folded.
        for (String id : decisions) {
            http.postForObject("/feedback", Map.of("decisionId", id, "reward", 0.5), JsonNode.class);
        }
        assertThat(lifecycle.settle("closing")).isEqualTo(Step.NONE);
        int waitedOut = length * 3 / 5;
        FeedbackWindows.passFor(jdbc, decisions.subList(0, waitedOut));
        assertThat(lifecycle.settle("closing")).isEqualTo(Step.FOLDED);

        JsonNode current = http.getForObject("/bandits/closing", JsonNode.class).path("current");
        assertThat(current.path("status").asText()).isEqualTo("OPEN");
        assertThat(current.path("work").asText()).isEqualTo("CLOSING:FOLDING");
        assertThat(current.path("progress").asDouble()).isEqualTo((double) waitedOut / length);
        assertThat(current.path("folded").asInt()).isEqualTo(waitedOut);

        FeedbackWindows.pass(jdbc, "closing");
        assertThat(lifecycle.settle("closing")).isEqualTo(Step.CLOSED);
        JsonNode closed = http.getForObject("/bandits/closing/epochs", JsonNode.class).get(0);
        assertThat(closed.path("status").asText()).isEqualTo("CLOSED");
        assertThat(closed.path("work").isNull()).as("a closed epoch reports no work").isTrue();
        assertThat(closed.path("progress").isNull()).isTrue();
    }

    @Test
    void uscaRecommendsNothingForFreeAndChargesNothing() {
        http.postForEntity("/bandits", Specs.usca("insights-usca", 10, 0.5, 1.0), JsonNode.class);
        JsonNode r = http.getForObject("/bandits/insights-usca/recommendations", JsonNode.class);
        assertThat(r.path("actions")).isEmpty();
        assertThat(http.getForObject("/bandits/insights-usca/ledger", JsonNode.class)).isEmpty();
    }
}

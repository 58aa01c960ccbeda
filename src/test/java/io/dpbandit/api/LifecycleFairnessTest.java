package io.dpbandit.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.testing.ApiClient;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.Specs;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;

/**
 * Bandits do not wait on each other: with two bandits whose background work fails on every attempt
 * and one whose plan takes seconds, a new bandit's epochs still close promptly, through the real
 * lifecycle worker (on, in this context). The failures back off and show in health to ops.
 */
@TestPropertySource(properties = {"dpbandit.lifecycle.worker=true", "dpbandit.lifecycle.check-interval-ms=50"})
class LifecycleFairnessTest extends PostgresIntegrationTest {

    @Autowired
    ApiClient api;
    @Autowired
    TestRestTemplate http;
    @Autowired
    JdbcTemplate jdbc;

    @Test
    void failingAndHeavyBanditsDoNotDelayTheClosesOfOthers() throws Exception {
        for (String broken : List.of("broken-1", "broken-2")) {
            api.ok("/bandits", Specs.capri(broken, 100, 600));
            // An accumulator nothing can fold into (read afresh by every fold), the epoch's own and
            // each fold shard's, and rounds to fold: every step of these bandits fails.
            jdbc.update("UPDATE epoch SET accumulator = '\\x00'::bytea WHERE bandit_id = ?", broken);
            jdbc.update("INSERT INTO fold_shard (bandit_id, epoch, shard, accumulator, folded) SELECT ?, 1, k, "
                    + "'\\x00'::bytea, 1 FROM generate_series(0, 63) AS k", broken);
            for (int t = 0; t < 3; t++) {
                JsonNode d = api.ok("/decide", Map.of("bandit", broken, "context", List.of(0.2, 0.4)));
                api.ok("/feedback", Map.of("decisionId", d.path("decisionId").asText(), "reward", 0.5));
            }
            FeedbackWindows.pass(jdbc, broken);
        }
        api.ok("/bandits", CrashRecoveryTest.heavySpec("heavy"));
        api.ok("/bandits", Specs.capri("nimble", 400, 600));
        for (int epoch = 1; epoch <= 2; epoch++) {
            int length = http.getForObject("/bandits/nimble", JsonNode.class).path("epochLength").asInt();
            // A decision served from a runtime that has not yet seen the new epoch (at most
            // dpbandit.runtime.check-ms old) takes no slot and says learning = false; a caller who
            // wants the epoch full keeps deciding until it has its T_r learning rounds.
            int learning = 0;
            for (int sent = 0; learning < length && sent < 10 * length; sent++) {
                JsonNode d = api.ok("/decide", Map.of("bandit", "nimble", "context", List.of(0.2, 0.4)));
                api.ok("/feedback", Map.of("decisionId", d.path("decisionId").asText(), "reward", 0.5));
                learning += d.path("learning").asBoolean() ? 1 : 0;
            }
            assertThat(learning).as("learning rounds of epoch %d", epoch).isEqualTo(length);
            FeedbackWindows.pass(jdbc, "nimble");
            long start = System.nanoTime();
            while (http.getForObject("/bandits/nimble", JsonNode.class).path("epoch").asInt() == epoch
                    && System.nanoTime() - start < 30_000_000_000L) {
                Thread.sleep(20);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            assertThat(http.getForObject("/bandits/nimble", JsonNode.class).path("epoch").asInt()).isEqualTo(epoch + 1);
            // The heavy bandit's plan alone takes seconds of work; the worker interleaves it.
            assertThat(seconds).as("epoch %d of the new bandit closed after its last window passed", epoch).isLessThan(3.0);
        }
        HttpHeaders ops = new HttpHeaders();
        ops.set("X-API-Key", "test-ops-key");
        JsonNode health = http.exchange("/actuator/health", HttpMethod.GET, new HttpEntity<>(ops), JsonNode.class)
                .getBody();
        JsonNode failing = health.path("components").path("epochCloses").path("details").path("failing");
        assertThat(failing.has("broken-1")).as("%s", health).isTrue();
        assertThat(failing.has("broken-2")).isTrue();
        assertThat(failing.path("broken-1").path("attempts").asInt()).as("backing off, not retried every tick")
                .isLessThan(10);
    }
}

package io.dpbandit.decision;

import io.dpbandit.testing.Specs;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.TestApiKey;
import io.dpbandit.api.ServiceFlowTest;
import io.dpbandit.store.DecisionStore;
import io.dpbandit.testing.RawHttp;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A requestId is the calling key's: another key that sends it is refused with 409 whatever context
 * it sends (so it cannot test guessed contexts against it), never given the first key's decision,
 * and nothing is stored. A
 * context's keyed digest is kept only where a requestId needs it, and only for the replay window.
 */
class ReplayScopeTest extends PostgresIntegrationTest {

    static final String A = TestApiKey.ALL_ROLES;
    static final String B = "test-decider-key";

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    DecisionStore decisions;

    @Autowired

    io.dpbandit.store.DecisionRetention retention;

    @Test
    void aRequestIdIsScopedToTheKeyThatMadeIt() throws Exception {
        RawHttp http = new RawHttp(port);
        http.post("/bandits", A, new ObjectMapper().writeValueAsString(Specs.capri("replays", 100, 600)));
        String first = "{\"bandit\": \"replays\", \"context\": [0.2, 0.4], \"requestId\": \"shared-id\"}";
        String guess = "{\"bandit\": \"replays\", \"context\": [0.8, 0.1], \"requestId\": \"shared-id\"}";
        var a = http.post("/decide", A, first);
        assertThat(a.status()).isEqualTo(200);
        // The same key replaying with another context is refused, with the same context answered the same.
        assertThat(http.post("/decide", A, guess).status()).isEqualTo(409);
        assertThat(http.post("/decide", A, first).json().path("decisionId")).isEqualTo(a.json().path("decisionId"));
        // Another key: refused the same way whether it guesses the context or knows it, and nothing is stored.
        long before = jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = 'replays'", Long.class);
        var b1 = http.post("/decide", B, guess);
        var b2 = http.post("/decide", B, first);
        assertThat(b1.status()).isEqualTo(409);
        assertThat(b2.status()).isEqualTo(409);
        assertThat(b1.json().path("detail").asText()).isEqualTo(b2.json().path("detail").asText())
                .contains("another API key");
        assertThat(b1.body()).doesNotContain(a.json().path("decisionId").asText());
        assertThat(jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = 'replays'", Long.class))
                .isEqualTo(before);
    }

    @Test
    void aDigestIsKeptOnlyWithARequestIdAndOnlyForTheReplayWindow() throws Exception {
        RawHttp http = new RawHttp(port);
        http.post("/bandits", A, new ObjectMapper().writeValueAsString(Specs.capri("digests", 100, 600)));
        String without = http.post("/decide", A, "{\"bandit\": \"digests\", \"context\": [0.2, 0.4]}").json()
                .path("decisionId").asText();
        String with = http.post("/decide", A, "{\"bandit\": \"digests\", \"context\": [0.2, 0.4], \"requestId\": "
                + "\"windowed\"}").json().path("decisionId").asText();
        assertThat(jdbc.queryForObject("SELECT context_digest FROM decision WHERE id = ?::uuid", String.class,
                without)).isNull();
        assertThat(jdbc.queryForObject("SELECT context_digest FROM decision WHERE id = ?::uuid", String.class,
                with)).isNotNull();

        // The window passes (here: a window of 0 seconds): the requestId and the digest go, and a replay is
        // a new decision.
        assertThat(retention.forgetReplayData(0, 10_000)).isGreaterThanOrEqualTo(1);
        assertThat(jdbc.queryForList("SELECT request_id, context_digest, request_key FROM decision WHERE id = ?::uuid",
                with).get(0).values()).containsOnlyNulls();
        String again = http.post("/decide", A, "{\"bandit\": \"digests\", \"context\": [0.8, 0.1], \"requestId\": "
                + "\"windowed\"}").json().path("decisionId").asText();
        assertThat(again).isNotEqualTo(with);
    }
}

package io.dpbandit.api;

import io.dpbandit.lifecycle.Step;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.testing.ApiClient;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.Specs;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.jdbc.core.JdbcTemplate;

/** How releases are keyed and charged: HMAC keys for USCA, composition as an explicit choice. */
class PrivacyAccountingTest extends PostgresIntegrationTest {

    @Autowired
    ApiClient api;
    @Autowired
    TestRestTemplate http;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    LifecycleWorker lifecycle;

    @Test
    void uscaReleaseKeysCannotBeRecomputedFromAGuessedContextAndAreNotListed() throws Exception {
        api.ok("/bandits", Specs.usca("keyed", 4, 0.5, 1.0));
        for (int t = 0; t < 4; t++) {
            var d = api.ok("/decide", Map.of("bandit", "keyed", "context", List.of(0.2, 0.4)));
            api.ok("/feedback", Map.of("decisionId", d.path("decisionId").asText(), "reward", 0.4));
        }
        FeedbackWindows.pass(jdbc, "keyed");
        assertThat(lifecycle.settle("keyed")).isEqualTo(Step.CLOSED);
        var r = api.ok("/release", Map.of("bandit", "keyed", "context", List.of(0.2, 0.4)));
        assertThat(r.path("charged").asBoolean()).isTrue();

        String stored = jdbc.queryForObject("SELECT context_key FROM context_release WHERE bandit_id = 'keyed'",
                String.class);
        assertThat(stored).isNotEqualTo(sha256Key(new double[] {0.2, 0.4}))
                .as("a dictionary attack on the stored key needs the secret").hasSize(64);
        assertThat(jdbc.queryForObject("SELECT key_scheme FROM context_release WHERE bandit_id = 'keyed'",
                String.class)).isEqualTo("HMAC_SHA256");
        JsonNode listed = http.getForObject("/release?bandit=keyed", JsonNode.class);
        assertThat(listed.path("releases")).hasSize(1);
        assertThat(listed.toString()).doesNotContain(stored).doesNotContain("contextKey");
        assertThat(listed.path("releases").get(0).path("action").asText()).isEqualTo(r.path("action").asText());
    }

    @Test
    void aReleaseStoredUnderItsLegacyKeyIsFoundAndReKeyedNotChargedAgain() throws Exception {
        api.ok("/bandits", Specs.usca("legacy", 4, 0.5, 1.0));
        for (int t = 0; t < 4; t++) {
            var d = api.ok("/decide", Map.of("bandit", "legacy", "context", List.of(0.8, 0.1)));
            api.ok("/feedback", Map.of("decisionId", d.path("decisionId").asText(), "reward", 0.4));
        }
        FeedbackWindows.pass(jdbc, "legacy");
        assertThat(lifecycle.settle("legacy")).isEqualTo(Step.CLOSED);
        // A release from before HMAC keys: the old unsalted key, charged once.
        Long ledger = jdbc.queryForObject("INSERT INTO ledger (bandit_id, epsilon, delta, reason, composition) "
                + "VALUES ('legacy', 0.5, 0, 'USCA context release', 'SEQUENTIAL') RETURNING id", Long.class);
        jdbc.update("INSERT INTO context_release (bandit_id, context_key, action_index, ledger_id, key_scheme) "
                + "VALUES ('legacy', ?, 1, ?, 'SHA256')", sha256Key(new double[] {0.8, 0.1}), ledger);

        var r = api.ok("/release", Map.of("bandit", "legacy", "context", List.of(0.8, 0.1)));
        assertThat(r.path("charged").asBoolean()).isFalse();
        assertThat(r.path("action").asText()).isEqualTo("y");
        assertThat(jdbc.queryForList("SELECT key_scheme FROM context_release WHERE bandit_id = 'legacy'",
                String.class)).containsExactly("HMAC_SHA256");
        assertThat(http.getForObject("/bandits/legacy/ledger", JsonNode.class)).hasSize(1);
    }

    @Test
    void parallelCompositionIsAnExplicitChoiceShownInTheLedgerAndTheRelease() {
        Map<String, Object> spec = new HashMap<>(Specs.capri("parallel", 100, 600));
        spec.put("privacy", Map.of("model", "JDP", "epsilon", 1.0, "delta", 1e-5, "composition", "PARALLEL"));
        api.ok("/bandits", spec);
        int length = http.getForObject("/bandits/parallel", JsonNode.class).path("epochLength").asInt();
        for (int t = 0; t < length; t++) {
            var d = api.ok("/decide", Map.of("bandit", "parallel", "context", List.of(0.2, 0.4)));
            api.ok("/feedback", Map.of("decisionId", d.path("decisionId").asText(), "reward", 0.5));
        }
        FeedbackWindows.pass(jdbc, "parallel");
        assertThat(lifecycle.settle("parallel")).isEqualTo(Step.CLOSED);
        JsonNode ledger = http.getForObject("/bandits/parallel/ledger", JsonNode.class);
        assertThat(ledger).hasSize(1);
        assertThat(ledger.get(0).path("composition").asText()).isEqualTo("PARALLEL");
        // The whole budget on the first release: its rho is the Gaussian budget of (1, 1e-5), worth
        // epsilon 1 up to the accountant's rounding down.
        assertThat(ledger.get(0).path("accountant").asText()).isEqualTo("EXACT");
        assertThat(ledger.get(0).path("epsilon").asDouble()).isLessThanOrEqualTo(1.0).isCloseTo(1.0, within(1e-9));
        assertThat(http.getForObject("/release?bandit=parallel", JsonNode.class).path("privacy").path("composition")
                .asText()).isEqualTo("PARALLEL");

        // ENGINEERED tuning alone no longer implies it.
        Map<String, Object> engineered = new HashMap<>(Specs.capri("engineered", 100, 600));
        engineered.put("tuning", Map.of("mode", "ENGINEERED"));
        assertThat(api.ok("/bandits", engineered).path("id").asText()).isEqualTo("engineered");
        String stored = jdbc.queryForObject("SELECT spec #>> '{privacy,composition}' FROM bandit WHERE id = "
                + "'engineered'", String.class);
        assertThat(stored).isEqualTo("SEQUENTIAL");
    }

    @Test
    void compositionIsRefusedForUsca() {
        Map<String, Object> spec = new HashMap<>(Specs.usca("usca-parallel", 4, 0.5, 1.0));
        spec.put("privacy", Map.of("model", "JDP", "epsilon", 0.5, "composition", "PARALLEL"));
        var r = http.postForEntity("/bandits", spec, JsonNode.class);
        assertThat(r.getStatusCode().value()).isEqualTo(400);
        assertThat(r.getBody().path("errors").toString()).contains("privacy.composition");
    }

    /** The unsalted key the service used before HMAC keys. */
    static String sha256Key(double[] context) throws Exception {
        StringBuilder sb = new StringBuilder();
        for (double v : context) {
            sb.append(Long.toHexString(Double.doubleToLongBits(v == 0.0 ? 0.0 : v))).append(',');
        }
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(sb.toString().getBytes(StandardCharsets.UTF_8)));
    }
}

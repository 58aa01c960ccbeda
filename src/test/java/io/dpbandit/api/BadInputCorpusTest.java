package io.dpbandit.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.testing.Specs;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;

/** Every malformed request gets a 4xx problem+json and stores nothing. */
class BadInputCorpusTest extends PostgresIntegrationTest {

    @Autowired
    TestRestTemplate http;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    ObjectMapper json;

    record Case(String name, HttpMethod method, String path, String body) {
    }

    String spec(Map<String, Object> changes) throws Exception {
        Map<String, Object> s = new HashMap<>(Specs.capri("corpus-new", 100, 600));
        s.putAll(changes);
        s.values().removeIf(v -> v == null || "REMOVE".equals(v));
        return json.writeValueAsString(s);
    }

    Map<String, Long> counts() {
        Map<String, Long> c = new HashMap<>();
        for (String t : List.of("bandit", "epoch", "decision", "ledger", "context_release")) {
            c.put(t, jdbc.queryForObject("SELECT count(*) FROM " + t, Long.class));
        }
        c.put("feedback", jdbc.queryForObject("SELECT count(*) FROM decision WHERE feedback <> 'PENDING'", Long.class));
        return c;
    }

    @Test
    void everyBadRequestIsA4xxProblemAndStoresNothing() throws Exception {
        http.postForEntity("/bandits", Specs.capri("corpus", 100, 600), JsonNode.class);
        var replayed = http.postForEntity("/decide", Map.of("bandit", "corpus", "context", List.of(0.2, 0.4),
                "requestId", "replayed"), JsonNode.class).getBody();
        String decision = replayed.path("decisionId").asText();
        String hugeArray = "[" + "0.5,".repeat(200_000) + "0.5]";
        List<Case> cases = new ArrayList<>(List.of(
                new Case("horizon zero", HttpMethod.POST, "/bandits", spec(Map.of("horizon", 0))),
                new Case("horizon negative", HttpMethod.POST, "/bandits", spec(Map.of("horizon", -5))),
                new Case("horizon as text", HttpMethod.POST, "/bandits", spec(Map.of("horizon", "ten"))),
                new Case("epsilon zero", HttpMethod.POST, "/bandits",
                        spec(Map.of("privacy", Map.of("model", "JDP", "epsilon", 0, "delta", 1e-5)))),
                new Case("epsilon negative", HttpMethod.POST, "/bandits",
                        spec(Map.of("privacy", Map.of("model", "JDP", "epsilon", -1, "delta", 1e-5)))),
                new Case("delta zero", HttpMethod.POST, "/bandits",
                        spec(Map.of("privacy", Map.of("model", "JDP", "epsilon", 1, "delta", 0)))),
                new Case("delta one", HttpMethod.POST, "/bandits",
                        spec(Map.of("privacy", Map.of("model", "JDP", "epsilon", 1, "delta", 1)))),
                new Case("duplicate action ids", HttpMethod.POST, "/bandits", spec(Map.of("actions", List.of(
                        Map.of("id", "a", "features", List.of(0.1, 0.2)), Map.of("id", "a", "features", List.of(0.3, 0.4)))))),
                new Case("empty actions", HttpMethod.POST, "/bandits", spec(Map.of("actions", List.of()))),
                new Case("empty pool", HttpMethod.POST, "/bandits", spec(Map.of("contextPool", List.of()))),
                new Case("pool of wrong dimension", HttpMethod.POST, "/bandits",
                        spec(Map.of("contextPool", List.of(List.of(0.1, 0.2, 0.3))))),
                new Case("infinite feature", HttpMethod.POST, "/bandits",
                        spec(Map.of("id", "corpus-inf")).replace("0.9]", "1e999]")),
                new Case("NaN feature", HttpMethod.POST, "/bandits", spec(Map.of("id", "corpus-nan")).replace("0.9]", "NaN]")),
                new Case("unknown field", HttpMethod.POST, "/bandits", spec(Map.of("colour", "blue"))),
                new Case("bad id", HttpMethod.POST, "/bandits", spec(Map.of("id", "../etc/passwd"))),
                new Case("id too long", HttpMethod.POST, "/bandits", spec(Map.of("id", "x".repeat(65)))),
                new Case("empty object", HttpMethod.POST, "/bandits", "{}"),
                new Case("no body", HttpMethod.POST, "/bandits", ""),
                new Case("array body", HttpMethod.POST, "/bandits", "[1, 2]"),
                new Case("existing id, other spec", HttpMethod.POST, "/bandits",
                        json.writeValueAsString(Specs.capri("corpus", 200, 600))),
                new Case("decide NaN", HttpMethod.POST, "/decide", "{\"bandit\": \"corpus\", \"context\": [NaN, 0.1]}"),
                new Case("decide Infinity", HttpMethod.POST, "/decide", "{\"bandit\": \"corpus\", \"context\": [1e999, 0.1]}"),
                new Case("decide wrong dimension", HttpMethod.POST, "/decide", "{\"bandit\": \"corpus\", \"context\": [0.1]}"),
                new Case("decide empty context", HttpMethod.POST, "/decide", "{\"bandit\": \"corpus\", \"context\": []}"),
                new Case("decide huge context", HttpMethod.POST, "/decide", "{\"bandit\": \"corpus\", \"context\": " + hugeArray + "}"),
                new Case("decide context as text", HttpMethod.POST, "/decide", "{\"bandit\": \"corpus\", \"context\": \"abc\"}"),
                new Case("decide unknown field", HttpMethod.POST, "/decide",
                        "{\"bandit\": \"corpus\", \"context\": [0.1, 0.2], \"user\": 7}"),
                new Case("decide unknown bandit", HttpMethod.POST, "/decide", "{\"bandit\": \"nope\", \"context\": [0.1, 0.2]}"),
                new Case("decide malformed bandit", HttpMethod.POST, "/decide", "{\"bandit\": \"../x\", \"context\": [0.1, 0.2]}"),
                new Case("decide no bandit", HttpMethod.POST, "/decide", "{\"context\": [0.1, 0.2]}"),
                new Case("decide replayed requestId, other body", HttpMethod.POST, "/decide",
                        "{\"bandit\": \"corpus\", \"context\": [0.9, 0.9], \"requestId\": \"replayed\"}"),
                new Case("decide empty requestId", HttpMethod.POST, "/decide",
                        "{\"bandit\": \"corpus\", \"context\": [0.9, 0.9], \"requestId\": \"\"}"),
                new Case("feedback NaN", HttpMethod.POST, "/feedback", "{\"decisionId\": \"" + decision + "\", \"reward\": NaN}"),
                new Case("feedback Infinity", HttpMethod.POST, "/feedback",
                        "{\"decisionId\": \"" + decision + "\", \"reward\": 1e999}"),
                new Case("feedback reward as text", HttpMethod.POST, "/feedback",
                        "{\"decisionId\": \"" + decision + "\", \"reward\": \"high\"}"),
                new Case("feedback no reward", HttpMethod.POST, "/feedback", "{\"decisionId\": \"" + decision + "\"}"),
                new Case("feedback malformed id", HttpMethod.POST, "/feedback", "{\"decisionId\": \"12\", \"reward\": 1}"),
                new Case("feedback unknown id", HttpMethod.POST, "/feedback",
                        "{\"decisionId\": \"" + java.util.UUID.randomUUID() + "\", \"reward\": 1}"),
                new Case("feedback unknown field", HttpMethod.POST, "/feedback",
                        "{\"decisionId\": \"" + decision + "\", \"reward\": 1, \"x\": 1}"),
                new Case("release wrong dimension", HttpMethod.POST, "/release", "{\"bandit\": \"corpus\", \"context\": [1]}"),
                new Case("release unknown bandit", HttpMethod.POST, "/release", "{\"bandit\": \"nope\", \"context\": [1, 2]}"),
                new Case("release NaN", HttpMethod.POST, "/release", "{\"bandit\": \"corpus\", \"context\": [NaN, 2]}"),
                new Case("release status of unknown", HttpMethod.GET, "/release?bandit=nope", null),
                new Case("status of malformed id", HttpMethod.GET, "/bandits/%2e%2e", null),
                new Case("oversized body", HttpMethod.POST, "/decide",
                        "{\"bandit\": \"corpus\", \"context\": [" + "0.5,".repeat(3_000_000) + "0.5]}")));

        Map<String, Long> before = counts();
        for (Case c : cases) {
            HttpHeaders h = new HttpHeaders();
            h.setContentType(MediaType.APPLICATION_JSON);
            ResponseEntity<String> r = http.exchange(c.path(), c.method(), new HttpEntity<>(c.body(), h), String.class);
            assertThat(r.getStatusCode().is4xxClientError()).as(c.name() + ": " + r.getStatusCode() + " " + r.getBody())
                    .isTrue();
            assertThat(r.getHeaders().getContentType()).as(c.name()).isNotNull();
            assertThat(r.getHeaders().getContentType().toString()).as(c.name()).startsWith("application/problem+json");
            assertThat(r.getBody()).as(c.name()).contains("https://dpbandit.io/problems/").doesNotContain("Exception");
        }
        assertThat(counts()).isEqualTo(before);
    }

    @Test
    void anUnknownAlgorithmIsReportedWithEveryOtherProblemOfTheSpec() throws Exception {
        Map<String, Long> before = counts();
        Map<String, Object> changes = new HashMap<>();
        changes.put("algorithm", "CAPRY");
        changes.put("horizon", 0);
        changes.put("actions", List.of());
        changes.put("privacy", Map.of("model", "JDP", "epsilon", -1, "delta", 1e-5));
        for (String path : List.of("/bandits", "/bandits/plan")) {
            ResponseEntity<JsonNode> r = http.postForEntity(path, new HttpEntity<>(spec(changes), jsonHeaders()),
                    JsonNode.class);
            assertThat(r.getStatusCode().value()).as(path).isEqualTo(400);
            List<String> fields = new ArrayList<>();
            r.getBody().path("errors").forEach(e -> fields.add(e.path("field").asText()));
            assertThat(fields).as(path).contains("actions", "algorithm", "horizon", "privacy.epsilon")
                    .doesNotHaveDuplicates();
            assertThat(r.getBody().path("errors").toString())
                    .contains("must be one of [CAPRI, USCA, LINUCB, ONLINEUCB, GPUCB]").doesNotContain("CAPRY");
            assertThat(fields).as("sorted by field").isSorted();
        }
        assertThat(counts()).isEqualTo(before);
    }

    @Test
    void numbersSentAsStringsAreRefusedNamingTheFieldAndStoreNothing() throws Exception {
        http.postForEntity("/bandits", Specs.capri("corpus-strings", 100, 600), JsonNode.class);
        String decision = http.postForEntity("/decide", Map.of("bandit", "corpus-strings", "context",
                List.of(0.2, 0.4)), JsonNode.class).getBody().path("decisionId").asText();
        Map<String, Long> before = counts();
        for (String reward : List.of("\"1\"", "\"0.5\"", "true")) {
            ResponseEntity<JsonNode> r = http.postForEntity("/feedback", new HttpEntity<>("{\"decisionId\": \""
                    + decision + "\", \"reward\": " + reward + "}", jsonHeaders()), JsonNode.class);
            assertThat(r.getStatusCode().value()).as(reward).isEqualTo(400);
            assertThat(r.getBody().path("detail").asText()).as(reward).startsWith("field 'reward' must be a JSON "
                    + "number, got a " + (reward.equals("true") ? "boolean" : "string"));
            assertThat(r.getBody().path("errors").get(0).path("field").asText()).isEqualTo("reward");
        }
        ResponseEntity<JsonNode> horizon = http.postForEntity("/bandits", new HttpEntity<>(spec(Map.of("id",
                "corpus-strings-2", "horizon", "100")), jsonHeaders()), JsonNode.class);
        assertThat(horizon.getBody().path("detail").asText())
                .isEqualTo("field 'horizon' must be a JSON number, got a string");
        assertThat(counts()).isEqualTo(before);
    }

    static HttpHeaders jsonHeaders() {
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.APPLICATION_JSON);
        return headers;
    }
}

package io.dpbandit.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.testing.Specs;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Every endpoint (and HEAD wherever GET) × every role × every way an HTTP client can spell its path,
 * sent as written ({@code java.net.http} does not normalise paths; RestTemplate would). Only a role
 * the endpoint allows gets a 2xx, and only for a spelling that means the documented path; every
 * other role gets 400, 401 or 403, always as problem+json, or 404 where the spelling is a path that
 * nothing serves (a trailing slash, upper case): never for a spelling the service serves, so a 404
 * cannot stand in for an authorization. This is the test the hand-written role filter failed: it
 * matched the raw URI while Spring MVC matched the decoded one.
 */
class PathSpellingTest extends PostgresIntegrationTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final String BANDIT = "paths";
    /** The bandit the admin's pause, resume and retire are spelled on (it ends retired). */
    static final String SERVING = "paths-serving";
    /** A bandit with a released model, which POST /release answers from. */
    static final String RELEASED = "paths-released";
    static final String NO_SUCH_ENDPOINT = "no such endpoint; the API is described at /v3/api-docs";

    /** The roles, as the keys of the test profile (null: no key). */
    static final Map<String, String> KEYS = new java.util.LinkedHashMap<>();

    static {
        KEYS.put("none", null);
        KEYS.put("decider", "test-decider-key");
        KEYS.put("analyst", "test-analyst-key");
        KEYS.put("admin", "test-admin-key");
        KEYS.put("ops", "test-ops-key");
    }

    record Endpoint(String method, String path, String query, Object body, Set<String> allowed) {
    }

    record Spelling(String name, boolean canonical, UnaryOperator<String> apply) {
    }

    static final List<Spelling> SPELLINGS = List.of(
            new Spelling("as documented", true, p -> p),
            new Spelling("percent-encoded first letter", true,
                    p -> "/%" + Integer.toHexString(p.charAt(1)).toUpperCase(Locale.ROOT) + p.substring(2)),
            new Spelling("matrix parameter", false, p -> {
                int end = p.indexOf('/', 1);
                return end < 0 ? p + ";x=1" : p.substring(0, end) + ";x=1" + p.substring(end);
            }),
            new Spelling("double slash", false, p -> "/" + p),
            new Spelling("trailing slash", false, p -> p + "/"),
            new Spelling("dot segment", false, p -> "/." + p),
            new Spelling("dot-dot segment", false, p -> "/x/.." + p),
            new Spelling("upper case", false, p -> {
                int end = p.indexOf('/', 1);
                return end < 0 ? p.toUpperCase(Locale.ROOT) : p.substring(0, end).toUpperCase(Locale.ROOT) + p.substring(end);
            }),
            new Spelling("encoded slash", false, p -> p.indexOf('/', 1) > 0
                    ? p.substring(0, p.indexOf('/', 1)) + "%2F" + p.substring(p.indexOf('/', 1) + 1) : p + "%2F"),
            new Spelling("encoded dot segment", false, p -> "/%2e" + p));

    @LocalServerPort
    int port;

    @Autowired
    TestRestTemplate rest;
    @Autowired
    io.dpbandit.lifecycle.LifecycleWorker lifecycle;
    @Autowired
    org.springframework.jdbc.core.JdbcTemplate jdbc;

    final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    String decisionId;

    @BeforeEach
    void bandit() {
        rest.postForEntity("/bandits", Specs.capri(BANDIT, 400, 600), JsonNode.class);
        rest.postForEntity("/bandits", Specs.capri(SERVING, 400, 600), JsonNode.class);
        rest.postForEntity("/bandits", Specs.capri(RELEASED, 100, 600), JsonNode.class);
        JsonNode released = rest.getForObject("/bandits/" + RELEASED, JsonNode.class);
        if (released.path("epoch").asInt() == 1) {
            for (int t = 0; t < released.path("epochLength").asInt(); t++) {
                String id = rest.postForObject("/decide", Map.of("bandit", RELEASED, "context", List.of(0.2, 0.4)),
                        JsonNode.class).path("decisionId").asText();
                rest.postForObject("/feedback", Map.of("decisionId", id, "reward", 0.5), JsonNode.class);
            }
            io.dpbandit.testing.FeedbackWindows.pass(jdbc, RELEASED);
            lifecycle.settle(RELEASED);
        }
        decisionId = rest.postForEntity("/decide", Map.of("bandit", BANDIT, "context", List.of(0.2, 0.4)),
                JsonNode.class).getBody().path("decisionId").asText();
        var ldp = new java.util.HashMap<>(Specs.capri(BANDIT + "-ldp", 400, 600));
        ldp.put("privacy", Map.of("model", "LDP", "epsilon", 1.0, "delta", 1e-5));
        rest.postForEntity("/bandits", ldp, JsonNode.class);
        lifecycle.settle(BANDIT + "-ldp"); // plans epoch 1, so its randomiser plan exists
        rest.postForEntity("/budgets", BUDGET, JsonNode.class);
    }

    static final Map<String, Object> BUDGET = Map.of("id", "spelled-budget", "epsilon", 2.0, "delta", 1e-5);

    List<Endpoint> endpoints() {
        Set<String> analysts = Set.of("analyst", "admin");
        Set<String> everyone = Set.copyOf(KEYS.keySet());
        List<Endpoint> documented = List.of(
                new Endpoint("POST", "/bandits", "", Specs.capri(BANDIT, 400, 600), Set.of("admin")),
                new Endpoint("POST", "/bandits/" + SERVING + "/pause", "", null, Set.of("admin")),
                new Endpoint("POST", "/bandits/" + SERVING + "/resume", "", null, Set.of("admin")),
                new Endpoint("POST", "/bandits/" + SERVING + "/retire", "", null, Set.of("admin")),
                new Endpoint("GET", "/bandits", "", null, analysts),
                new Endpoint("GET", "/bandits/" + BANDIT, "", null, analysts),
                new Endpoint("GET", "/bandits/" + BANDIT + "/ledger", "", null, analysts),
                new Endpoint("GET", "/bandits/" + BANDIT + "/privacy", "", null, analysts),
                new Endpoint("POST", "/budgets", "", BUDGET, Set.of("admin")),
                new Endpoint("GET", "/budgets", "", null, analysts),
                new Endpoint("GET", "/budgets/spelled-budget", "", null, analysts),
                new Endpoint("GET", "/bandits/" + BANDIT + "/feedback", "", null, Set.of("ops")),
                new Endpoint("GET", "/bandits/" + BANDIT + "/epochs", "", null, analysts),
                new Endpoint("GET", "/bandits/" + BANDIT + "/recommendations", "", null, analysts),
                new Endpoint("GET", "/bandits/" + BANDIT + "/plan", "", null, analysts),
                new Endpoint("POST", "/bandits/plan", "?gap=0.2", Specs.capri("planned", 400, 600),
                        analysts),
                new Endpoint("POST", "/decide", "", Map.of("bandit", BANDIT, "context", List.of(0.2, 0.4)),
                        Set.of("decider")),
                new Endpoint("POST", "/feedback", "", Map.of("decisionId", decisionId, "reward", 0.5),
                        Set.of("decider")),
                new Endpoint("GET", "/release", "?bandit=" + BANDIT, null, analysts),
                new Endpoint("GET", "/bandits/" + BANDIT + "-ldp/epochs/1/randomiser", "", null,
                        Set.of("decider", "analyst", "admin")),
                new Endpoint("POST", "/release", "", Map.of("bandit", RELEASED, "context", List.of(0.5, 0.5)), analysts),
                new Endpoint("GET", "/actuator/prometheus", "", null, Set.of("ops")),
                new Endpoint("GET", "/actuator/metrics", "", null, Set.of("ops")),
                new Endpoint("GET", "/actuator/info", "", null, Set.of("ops")),
                new Endpoint("GET", "/actuator/health", "", null, everyone),
                // The probes' liveness and readiness groups on the main port.
                new Endpoint("GET", "/livez", "", null, everyone),
                new Endpoint("GET", "/readyz", "", null, everyone),
                new Endpoint("GET", "/v3/api-docs", "", null, everyone),
                // The analyst page's shell: static files, open to anyone; its data needs a key.
                new Endpoint("GET", "/ui/", "", null, everyone),
                new Endpoint("GET", "/ui/app.js", "", null, everyone));
        // HEAD wherever GET, with the same roles.
        List<Endpoint> all = new ArrayList<>(documented);
        for (Endpoint e : documented) {
            if (e.method().equals("GET")) {
                all.add(new Endpoint("HEAD", e.path(), e.query(), null, e.allowed()));
            }
        }
        return all;
    }

    @Test
    void onlyAnAllowedRoleWithTheDocumentedPathGetsA2xxAndEverythingElseIsAProblem() throws Exception {
        List<String> failures = new ArrayList<>();
        int requests = 0;
        for (Endpoint e : endpoints()) {
            for (Spelling s : SPELLINGS) {
                for (var role : KEYS.entrySet()) {
                    String path = s.apply().apply(e.path()) + e.query();
                    HttpResponse<String> r = send(e.method(), path, e.body(), role.getValue());
                    requests++;
                    boolean allowed = e.allowed().contains(role.getKey());
                    int status = r.statusCode();
                    String type = r.headers().firstValue("Content-Type").orElse("");
                    String what = e.method() + " " + path + " as " + role.getKey() + " (" + s.name() + ") -> "
                            + status + " " + type;
                    if (allowed && s.canonical()) {
                        if (status / 100 != 2) {
                            failures.add(what + ": expected 2xx");
                        }
                        if (e.method().equals("HEAD") && !r.body().isEmpty()) {
                            failures.add(what + ": a HEAD answer has no body");
                        }
                        continue;
                    }
                    boolean open = e.allowed().size() == KEYS.size();
                    if (status / 100 == 2 && !open) {
                        // An open endpoint (health, API docs) may also answer another spelling that
                        // its own mapping accepts, e.g. /actuator/health/; no role boundary is crossed.
                        failures.add(what + ": must not succeed");
                    } else if (!allowed && status != 400 && status != 401 && status != 403 && status != 404) {
                        failures.add(what + ": expected 400, 401, 403 or 404");
                    }
                    if (status == 404 && s.canonical()) {
                        failures.add(what + ": a spelling the service serves is never 404 before authorization");
                    } else if (status == 404 && !e.method().equals("HEAD")
                            && !NO_SUCH_ENDPOINT.equals(JSON.readTree(r.body()).path("detail").asText())) {
                        failures.add(what + ": a 404 here says only that nothing serves the path");
                    }
                    if (status / 100 != 2 && !type.startsWith("application/problem+json")) {
                        failures.add(what + ": expected problem+json");
                    }
                }
            }
        }
        assertThat(requests).isEqualTo(endpoints().size() * SPELLINGS.size() * KEYS.size());
        assertThat(failures).as("%d of %d requests answered wrongly", failures.size(), requests).isEmpty();
    }

    @Test
    void aPathNothingServesIs404ForEveryRoleAndNoKeyWithAnyMethod() throws Exception {
        List<String> failures = new ArrayList<>();
        for (String path : List.of("/nowhere", "/bandits/" + BANDIT + "/nothing", "/decide/x", "/release/" + BANDIT,
                "/bandits/" + BANDIT + "/epochs/1", "/budgets/x/y", "/actuator/nothing", "/v3", "/bandits/x/y/z")) {
            for (String method : List.of("GET", "HEAD", "POST", "DELETE")) {
                for (var role : KEYS.entrySet()) {
                    HttpResponse<String> r = send(method, path, method.equals("POST") ? Map.of() : null,
                            role.getValue());
                    String what = method + " " + path + " as " + role.getKey() + " -> " + r.statusCode();
                    if (r.statusCode() != 404) {
                        failures.add(what + ": expected 404");
                    } else if (!r.headers().firstValue("Content-Type").orElse("").startsWith("application/problem+json")) {
                        failures.add(what + ": expected problem+json");
                    } else if (!method.equals("HEAD")
                            && !NO_SUCH_ENDPOINT.equals(JSON.readTree(r.body()).path("detail").asText())) {
                        failures.add(what + ": " + r.body());
                    }
                }
            }
            // A key that is presented but unknown is a 401 wherever it is sent.
            assertThat(send("GET", path, null, "not-a-key").statusCode()).as(path).isEqualTo(401);
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void whetherABanditExistsIsNoAnswerWithoutTheRoleToReadIt() throws Exception {
        for (String id : List.of(BANDIT, "no-such-bandit")) {
            for (String path : List.of("/bandits/" + id, "/bandits/" + id + "/ledger", "/bandits/" + id + "/epochs",
                    "/bandits/" + id + "/privacy", "/release?bandit=" + id)) {
                for (String method : List.of("GET", "HEAD")) {
                    assertThat(send(method, path, null, null).statusCode()).as("%s %s, no key", method, path)
                            .isEqualTo(401);
                    assertThat(send(method, path, null, "test-decider-key").statusCode()).as("%s %s, decider",
                            method, path).isEqualTo(403);
                    assertThat(send(method, path, null, "test-analyst-key").statusCode()).as("%s %s, analyst",
                            method, path).isEqualTo(id.equals(BANDIT) ? 200 : 404);
                }
            }
            for (String action : List.of("pause", "resume", "retire")) {
                String path = "/bandits/no-such-bandit/" + action;
                assertThat(send("POST", path, null, null).statusCode()).as(path).isEqualTo(401);
                assertThat(send("POST", path, null, "test-analyst-key").statusCode()).as(path).isEqualTo(403);
                assertThat(send("POST", path, null, "test-admin-key").statusCode()).as(path).isEqualTo(404);
            }
        }
    }

    @Test
    void firewallRefusalsAreProblemsAndNeverReachAController() throws Exception {
        long decisions = rest.getForObject("/bandits/" + BANDIT, JsonNode.class).path("decisions").asLong();
        for (String path : List.of("/decide;x=1", "//decide", "/x/../decide", "/./decide", "/%2e/decide",
                "/decide%2F", "/de%25cide", "/decide%5C")) {
            HttpResponse<String> r = send("POST", path, Map.of("bandit", BANDIT, "context", List.of(0.2, 0.4)),
                    "test-decider-key");
            assertThat(r.statusCode()).as(path).isEqualTo(400);
            assertThat(r.headers().firstValue("Content-Type").orElse("")).as(path)
                    .startsWith("application/problem+json");
            assertThat(JSON.readTree(r.body()).path("type").asText()).as(path)
                    .isEqualTo("https://dpbandit.io/problems/rejected-request");
        }
        assertThat(rest.getForObject("/bandits/" + BANDIT, JsonNode.class).path("decisions").asLong())
                .as("no refused request made a decision").isEqualTo(decisions);
    }

    @Test
    void anonymousHealthShowsTheStatusOnlyWhateverTheSpellingAndOpsSeesTheDetails() throws Exception {
        for (String path : List.of("/actuator/health", "/actuator/health/", "/%61ctuator/health")) {
            HttpResponse<String> anonymous = send("GET", path, null, null);
            assertThat(anonymous.statusCode()).as(path).isEqualTo(200);
            JsonNode body = JSON.readTree(anonymous.body());
            assertThat(body.path("status").asText()).isEqualTo("UP");
            assertThat(body.has("components")).as("%s shows no components anonymously", path).isFalse();
            assertThat(anonymous.body()).doesNotContain(BANDIT).doesNotContain("PostgreSQL").doesNotContain("path");
            for (String role : List.of("test-decider-key", "test-analyst-key")) {
                assertThat(JSON.readTree(send("GET", path, null, role).body()).has("components"))
                        .as("%s shows no components to a key without ops", path).isFalse();
            }
        }
        JsonNode ops = JSON.readTree(send("GET", "/actuator/health", null, "test-ops-key").body());
        assertThat(ops.path("components").path("db").path("details").path("database").asText())
                .isEqualTo("PostgreSQL");
        assertThat(ops.path("components").has("epochCloses")).isTrue();
    }

    HttpResponse<String> send(String method, String path, Object body, String key) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
                .header("Content-Type", "application/json");
        if (key != null) {
            b.header("X-API-Key", key);
        }
        return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }
}

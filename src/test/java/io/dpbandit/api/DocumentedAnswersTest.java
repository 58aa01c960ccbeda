package io.dpbandit.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.testing.ApiClient;
import io.dpbandit.testing.DocumentedAnswers;
import io.dpbandit.testing.RawHttp;
import io.dpbandit.testing.RepositoryPaths;
import io.dpbandit.testing.Specs;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * openapi.yaml lists per operation the answers it can really give. Both ways, for a sample of
 * operations: every listed status is reached here, by a request the document describes, except the
 * few that need a fault, a wait or a load to provoke (their own tests provoke them: 408 in
 * HostileRequestsTest, 429 in RateLimitTest, 500 and 503 in ErrorHandlersWebTest and
 * DatabaseOutageTest); and nothing else is ever answered, here or in any other full-context test
 * ({@link DocumentedAnswers}, checked after each).
 */
class DocumentedAnswersTest extends PostgresIntegrationTest {

    static final Set<Integer> PROVOKED_ELSEWHERE = Set.of(408, 429, 500, 503);

    @LocalServerPort
    int port;
    @Autowired
    ApiClient api;

    static Set<Integer> documented(String path, String method) throws Exception {
        JsonNode doc = new ObjectMapper(new YAMLFactory()).readTree(RepositoryPaths.root().resolve("openapi.yaml")
                .toFile());
        Set<Integer> codes = new TreeSet<>();
        doc.path("paths").path(path).path(method).path("responses").fieldNames()
                .forEachRemaining(c -> codes.add(Integer.valueOf(c)));
        assertThat(codes).as("%s %s is documented", method, path).isNotEmpty();
        return codes;
    }

    static Set<Integer> reachable(Set<Integer> documented) {
        Set<Integer> out = new TreeSet<>(documented);
        out.removeAll(PROVOKED_ELSEWHERE);
        return out;
    }

    @Test
    void everyAnswerOfPostReleaseIsListedAndEveryListedOneIsReached() throws Exception {
        api.ok("/bandits", Specs.capri("answers-release", 100, 600));
        api.ok("/bandits", Specs.capri("answers-retired", 100, 600));
        api.ok("/bandits/answers-retired/retire", "");
        RawHttp http = new RawHttp(port);
        String all = io.dpbandit.TestApiKey.ALL_ROLES;
        String ok = "{\"bandit\": \"answers-release\", \"context\": [0.2, 0.4]}";
        Set<Integer> answered = new TreeSet<>();
        // 409 not-ready: no model yet; then one epoch later, 200.
        answered.add(http.post("/release", all, ok).status());
        answered.add(http.post("/release", all, "{\"bandit\": \"answers-retired\", \"context\": [0.2, 0.4]}")
                .status());
        answered.add(http.post("/release", all, "{\"bandit\": \"answers-release\", \"context\": \"x\"}").status());
        answered.add(http.post("/release", all, "{\"bandit\": \"answers-nobody\", \"context\": [0.2, 0.4]}").status());
        answered.add(http.post("/release", "not-a-key", ok).status());
        answered.add(http.post("/release", "test-decider-key", ok).status());
        answered.add(http.post("/release", all, ok, "Accept", "text/html").status());
        answered.add(http.post("/release", all, "{\"bandit\": \"" + "x".repeat(70_000) + "\"}").status());
        answered.add(http.send("POST", "/release", ok, "X-API-Key", all, "Content-Type", "text/plain").status());
        assertThat(answered).doesNotContain(200);
        api.ok("/release?bandit=answers-release"); // GET /release answers before any model
        var decisions = new java.util.ArrayList<String>();
        for (int t = 0; t < api.ok("/bandits/answers-release").path("epochLength").asInt(); t++) {
            decisions.add(api.decide("answers-release", List.of(0.2, 0.4)).path("decisionId").asText());
        }
        decisions.forEach(id -> api.feedback(id, 0.5));
        io.dpbandit.testing.FeedbackWindows.pass(jdbc, "answers-release");
        lifecycle.settle("answers-release");
        answered.add(http.post("/release", all, ok).status());
        assertThat(answered).isEqualTo(reachable(documented("/release", "post")));
    }

    @Test
    void everyAnswerOfARetireAndOfALedgerPageIsListedAndEveryListedOneIsReached() throws Exception {
        api.ok("/bandits", Specs.capri("answers-ledger", 100, 600));
        RawHttp http = new RawHttp(port);
        Set<Integer> retire = new TreeSet<>();
        for (String[] request : List.of(new String[] {"/bandits/answers-ledger/retire", "test-admin-key"},
                new String[] {"/bandits/answers-ledger/retire?x=%00", "test-admin-key"},
                new String[] {"/bandits/answers-nobody/retire", "test-admin-key"},
                new String[] {"/bandits/answers-ledger/retire", "test-analyst-key"},
                new String[] {"/bandits/answers-ledger/retire", "not-a-key"})) {
            retire.add(http.send("POST", request[0], null, "X-API-Key", request[1]).status());
        }
        retire.add(http.send("POST", "/bandits/answers-ledger/retire", null, "X-API-Key", "test-admin-key",
                "Accept", "application/xml").status());
        assertThat(retire).isEqualTo(reachable(documented("/bandits/{id}/retire", "post")));
        assertThat(http.send("POST", "/bandits/answers-ledger/resume", null, "X-API-Key", "test-admin-key").status())
                .as("and resume's 409").isEqualTo(409);

        Set<Integer> ledger = new TreeSet<>();
        for (String[] request : List.of(new String[] {"/bandits/answers-ledger/ledger", "test-analyst-key"},
                new String[] {"/bandits/answers-ledger/ledger?limit=0", "test-analyst-key"},
                new String[] {"/bandits/answers-nobody/ledger", "test-analyst-key"},
                new String[] {"/bandits/answers-ledger/ledger", "test-decider-key"},
                new String[] {"/bandits/answers-ledger/ledger", "not-a-key"})) {
            ledger.add(http.get(request[0], request[1]).status());
        }
        ledger.add(http.get("/bandits/answers-ledger/ledger", "test-analyst-key", "Accept", "text/html").status());
        assertThat(ledger).isEqualTo(reachable(documented("/bandits/{id}/ledger", "get")));
    }

    @Test
    void anAnswerTheDocumentDoesNotListIsCaught() {
        assertThat(DocumentedAnswers.check("GET", "/bandits/x", false, 409)).isPresent();
        assertThat(DocumentedAnswers.check("HEAD", "/bandits/x", false, 409)).as("HEAD as its GET").isPresent();
        assertThat(DocumentedAnswers.check("GET", "/budgets", false, 404)).isPresent();
        assertThat(DocumentedAnswers.check("POST", "/bandits", false, 404)).isPresent();
        assertThat(DocumentedAnswers.check("POST", "/bandits/plan", false, 503)).as("busy").isEmpty();
        assertThat(DocumentedAnswers.check("POST", "/bandits/plan", false, 404)).as("plan is not /bandits/{id}")
                .isPresent();
        assertThat(DocumentedAnswers.check("POST", "/bandits", false, 201)).isEmpty();
        assertThat(DocumentedAnswers.check("GET", "/bandits/x", false, 404)).isEmpty();
        assertThat(DocumentedAnswers.check("GET", "/bandits/x", true, 415)).as("a GET with a body is not described")
                .isEmpty();
        assertThat(DocumentedAnswers.check("GET", "/bandits/x/", false, 404)).as("nor is another spelling").isEmpty();
        assertThat(DocumentedAnswers.check("DELETE", "/bandits/x", false, 405)).as("nor another method").isEmpty();
    }

    @Autowired
    org.springframework.jdbc.core.JdbcTemplate jdbc;
    @Autowired
    io.dpbandit.lifecycle.LifecycleWorker lifecycle;
}

package io.dpbandit.api;

import static io.dpbandit.testing.ApiClient.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.lifecycle.Step;
import io.dpbandit.store.DecisionStore;
import io.dpbandit.testing.ApiClient;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.RawHttp;
import io.dpbandit.testing.Specs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Pausing, resuming and retiring a bandit, from the caller's side: a paused bandit refuses new
 * decisions and keeps every promise made to the rounds it served (their feedback, their epoch's
 * release); a retired one serves nothing, for good, while everything it published stays readable.
 */
class ServingStateTest extends PostgresIntegrationTest {

    static final List<Double> CONTEXT = List.of(0.2, 0.4);

    @Autowired
    ApiClient api;
    @Autowired
    LifecycleWorker lifecycle;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    DecisionStore store;
    @LocalServerPort
    int port;

    JsonNode decision(String bandit, String requestId) {
        return api.ok("/decide", Map.of("bandit", bandit, "context", CONTEXT, "requestId", requestId));
    }

    long decisions(String bandit) {
        return api.ok("/bandits/" + bandit).path("decisions").asLong();
    }

    @Test
    void aPausedBanditRefusesDecisionsKeepsItsPromisesAndDecidesAgainOnceResumed() {
        api.ok("/bandits", Specs.capri("pausing", 100, 600));
        int length = api.ok("/bandits/pausing").path("epochLength").asInt();
        List<String> served = new ArrayList<>();
        for (int t = 0; t < length; t++) {
            served.add(decision("pausing", "r-" + t).path("decisionId").asText());
        }

        JsonNode paused = api.ok("/bandits/pausing/pause", "");
        assertThat(paused.path("serving").asText()).isEqualTo("PAUSED");
        assertThat(paused.path("servingSince").asText()).isNotBlank();
        assertThat(api.ok("/bandits/pausing").path("serving").asText()).isEqualTo("PAUSED");
        long before = decisions("pausing");
        var refused = api.post("/decide", Map.of("bandit", "pausing", "context", CONTEXT));
        assertProblem(refused, HttpStatus.CONFLICT, "paused");
        assertThat(refused.getBody().path("detail").asText()).contains("/bandits/pausing/resume");
        assertThat(decisions("pausing")).as("a refused decision is not stored").isEqualTo(before);
        assertThat(decision("pausing", "r-0").path("decisionId").asText())
                .as("a retried requestId is answered as before").isEqualTo(served.get(0));
        assertThat(api.ok("/bandits/pausing/pause", "").path("serving").asText()).as("pausing again")
                .isEqualTo("PAUSED");

        // The rounds it served while active: their rewards are taken, and their epoch closes.
        for (String id : served) {
            assertThat(api.feedback(id, 0.7)).isEqualTo("ACCEPTED");
        }
        FeedbackWindows.pass(jdbc, "pausing");
        assertThat(lifecycle.settle("pausing")).isEqualTo(Step.CLOSED);
        JsonNode epochs = api.ok("/bandits/pausing/epochs");
        assertThat(epochs.get(0).path("status").asText()).isEqualTo("CLOSED");
        assertThat(epochs.get(0).path("folded").asInt()).isEqualTo(length);
        assertThat(api.ok("/bandits/pausing/ledger")).as("the release is paid for").hasSize(1);
        assertThat(api.ok("/release", Map.of("bandit", "pausing", "context", CONTEXT)).path("action").asText())
                .as("releases are served while paused").isNotBlank();

        JsonNode resumed = api.ok("/bandits/pausing/resume", "");
        assertThat(resumed.path("serving").asText()).isEqualTo("ACTIVE");
        assertThat(decision("pausing", "after-resume").path("epoch").asInt()).isEqualTo(2);
        assertThat(decisions("pausing")).isEqualTo(before + 1);
        assertThat(api.ok("/bandits/pausing/resume", "").path("serving").asText()).as("resuming again")
                .isEqualTo("ACTIVE");
    }

    @Test
    void aRetiredBanditServesNothingForGoodAndEverythingItPublishedStaysReadable() {
        api.ok("/bandits", Specs.capri("retiring", 100, 600));
        String inFlight = decision("retiring", "before").path("decisionId").asText();
        String answered = decision("retiring", "answered").path("decisionId").asText();
        assertThat(api.feedback(answered, 0.4)).isEqualTo("ACCEPTED");
        // A decision this instance does not remember (as if another instance had made it): its feedback
        // reads the owner from the row, where the two above are remembered (RecentDecisions).
        UUID elsewhere = UUID.randomUUID();
        store.insert(elsewhere, "retiring", "test", null, 1, true, new double[] {0.2, 0.4}, null, 0, 0.5, 600, 0);

        JsonNode retired = api.ok("/bandits/retiring/retire", "");
        assertThat(retired.path("serving").asText()).isEqualTo("RETIRED");
        String since = retired.path("servingSince").asText();

        assertProblem(api.post("/decide", Map.of("bandit", "retiring", "context", CONTEXT)), HttpStatus.CONFLICT,
                "retired");
        var feedback = api.post("/feedback", Map.of("decisionId", inFlight, "reward", 1.0));
        assertProblem(feedback, HttpStatus.CONFLICT, "retired");
        assertProblem(api.post("/feedback", Map.of("decisionId", elsewhere.toString(), "reward", 1.0)),
                HttpStatus.CONFLICT, "retired");
        assertProblem(api.post("/release", Map.of("bandit", "retiring", "context", CONTEXT)), HttpStatus.CONFLICT,
                "retired");
        assertThat(api.ok("/bandits/retiring/feedback").path("counts").path("PENDING").asLong())
                .as("the refused rewards were not stored").isEqualTo(2);

        // Everything it published stays readable.
        assertThat(api.ok("/bandits/retiring").path("serving").asText()).isEqualTo("RETIRED");
        assertThat(api.ok("/bandits/retiring").path("decisions").asLong()).isEqualTo(3);
        assertThat(api.ok("/bandits/retiring/ledger").isArray()).isTrue();
        assertThat(api.ok("/bandits/retiring/epochs")).hasSize(1);
        assertThat(api.ok("/bandits/retiring/privacy").path("bandit").asText()).isEqualTo("retiring");
        assertThat(api.ok("/release?bandit=retiring").path("bandit").asText()).isEqualTo("retiring");
        assertThat(api.ok("/bandits/retiring/recommendations").path("bandit").asText()).isEqualTo("retiring");

        // For good: retiring again changes nothing, resuming and pausing are refused.
        JsonNode again = api.ok("/bandits/retiring/retire", "");
        assertThat(again.path("serving").asText()).isEqualTo("RETIRED");
        assertThat(again.path("servingSince").asText()).as("retiring again changes nothing").isEqualTo(since);
        assertProblem(api.post("/bandits/retiring/resume", ""), HttpStatus.CONFLICT, "retired");
        assertProblem(api.post("/bandits/retiring/pause", ""), HttpStatus.CONFLICT, "retired");
        assertThatThrownBy(() -> jdbc.update("UPDATE bandit_state SET serving = 'ACTIVE' WHERE bandit_id = ?",
                "retiring")).as("the database refuses it too").hasMessageContaining("retired, for good");
        assertThat(api.ok("/bandits/retiring").path("serving").asText()).isEqualTo("RETIRED");

        // Its epoch can never fill: the lifecycle abandons it (AbandonedEpochsTest), never releasing it,
        // and the round in flight is dropped with it: done, never folded, forgotten by retention.
        FeedbackWindows.pass(jdbc, "retiring");
        assertThat(lifecycle.settle("retiring")).isEqualTo(Step.ABANDONED);
        assertThat(api.ok("/bandits/retiring/epochs").get(0).path("status").asText()).isEqualTo("ABANDONED");
        assertThat(api.ok("/bandits/retiring/ledger")).as("an abandoned epoch is never released").isEmpty();
        JsonNode counts = api.ok("/bandits/retiring/feedback").path("counts");
        assertThat(counts.path("ACCEPTED").asLong()).isEqualTo(1);
        assertThat(counts.path("DEFAULTED").asLong()).isZero();
    }

    @Test
    void aRetiredBanditsIdIsNeverCreatedAgainWithItsSpecOrAnother() {
        var spec = Specs.capri("gone", 100, 600);
        api.ok("/bandits", spec);
        assertThat(api.post("/bandits", spec).getStatusCode()).as("a retry while active").isEqualTo(HttpStatus.OK);
        api.ok("/bandits/gone/retire", "");

        var same = api.post("/bandits", spec);
        assertProblem(same, HttpStatus.CONFLICT, "retired");
        assertThat(same.getBody().path("detail").asText()).contains("'gone'").contains("never re-created")
                .contains("choose a new id");
        var other = Specs.capri("gone", 200, 600);
        var different = api.post("/bandits", other);
        assertProblem(different, HttpStatus.CONFLICT, "retired");
        assertThat(different.getBody().path("detail").asText()).contains("never re-created");
        assertThat(api.ok("/bandits/gone").path("serving").asText()).isEqualTo("RETIRED");
        assertThat(api.ok("/bandits", Specs.capri("gone-2", 100, 600)).path("serving").asText())
                .as("a new id is the way").isEqualTo("ACTIVE");
    }

    @Test
    void deletingABanditIs405NamingRetireAfterTheKeyIsChecked() {
        api.ok("/bandits", Specs.capri("kept", 100, 600));
        RawHttp http = new RawHttp(port);
        for (String key : List.of("test-admin-key", "test-analyst-key")) {
            RawHttp.Answer delete = http.send("DELETE", "/bandits/kept", null, "X-API-Key", key);
            assertThat(delete.status()).as(key).isEqualTo(405);
            assertThat(delete.header("Content-Type")).startsWith("application/problem+json");
            assertThat(delete.problemType()).isEqualTo("method-not-allowed");
            assertThat(delete.json().path("detail").asText()).contains("never deleted")
                    .contains("POST /bandits/kept/retire");
            assertThat(delete.header("Allow")).contains("GET").contains("HEAD").doesNotContain("DELETE");
        }
        RawHttp.Answer anonymous = http.send("DELETE", "/bandits/kept", null);
        assertThat(anonymous.status()).as("no key: 401 first, as on every served path").isEqualTo(401);
        assertThat(anonymous.problemType()).isEqualTo("unauthorized");
        assertThat(http.send("DELETE", "/bandits/kept", null, "X-API-Key", "test-decider-key").status())
                .isEqualTo(403);
        assertThat(api.ok("/bandits/kept").path("serving").asText()).as("nothing changed").isEqualTo("ACTIVE");
    }

    @Test
    void onlyAnAdminPausesResumesOrRetires() {
        api.ok("/bandits", Specs.capri("admin-only", 100, 600));
        RawHttp http = new RawHttp(port);
        for (String action : List.of("pause", "resume", "retire")) {
            String path = "/bandits/admin-only/" + action;
            for (String key : List.of("test-decider-key", "test-analyst-key", "test-ops-key")) {
                RawHttp.Answer refused = http.send("POST", path, null, "X-API-Key", key);
                assertThat(refused.status()).as("%s by %s", action, key).isEqualTo(403);
                assertThat(refused.problemType()).isEqualTo("forbidden");
            }
            assertThat(http.send("POST", path, null).status()).as("%s without a key", action).isEqualTo(401);
            assertThat(api.ok("/bandits/admin-only").path("serving").asText()).as("nothing changed")
                    .isEqualTo("ACTIVE");
        }
        assertThat(http.send("POST", "/bandits/admin-only/pause", null, "X-API-Key", "test-admin-key").json()
                .path("serving").asText()).isEqualTo("PAUSED");
        assertThat(http.send("POST", "/bandits/admin-only/retire", null, "X-API-Key", "test-admin-key").json()
                .path("serving").asText()).isEqualTo("RETIRED");
        RawHttp.Answer unknown = http.send("POST", "/bandits/no-such/retire", null, "X-API-Key", "test-admin-key");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.problemType()).isEqualTo("not-found");
    }
}

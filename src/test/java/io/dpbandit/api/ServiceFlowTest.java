package io.dpbandit.api;

import io.dpbandit.lifecycle.Step;

import static io.dpbandit.testing.ApiClient.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.policy.capri.EpochSchedule;
import io.dpbandit.privacy.ZcdpAccounting;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.testing.ApiClient;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.Specs;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.JdbcTemplate;

/** The whole HTTP contract against a real PostgreSQL: every status of every endpoint. */
public class ServiceFlowTest extends PostgresIntegrationTest {

    @Autowired
    ApiClient api;

    @Autowired
    TestRestTemplate http;

    @Autowired
    LifecycleWorker lifecycle;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    io.dpbandit.store.DecisionStore decisions;

    @Autowired

    io.dpbandit.store.DecisionRetention retention;

    @Test
    void createIsIdempotentForTheSameSpecAndConflictsForAnother() {
        var first = api.post("/bandits", Specs.capri("create-1", 100, 600));
        assertThat(first.getStatusCode()).isEqualTo(HttpStatus.CREATED);
        assertThat(first.getHeaders().getLocation()).hasToString("/bandits/create-1");
        assertThat(first.getBody().path("epoch").asInt()).isEqualTo(1);
        assertThat(first.getBody().path("epochLength").asInt()).isEqualTo(10);
        assertThat(first.getBody().path("phase").asText()).isEqualTo("EXPLORE");
        assertThat(first.getBody().path("budget").path("epsilonRemaining").asDouble()).isEqualTo(1.0);

        assertThat(api.post("/bandits", Specs.capri("create-1", 100, 600)).getStatusCode()).isEqualTo(HttpStatus.OK);
        assertProblem(api.post("/bandits", Specs.capri("create-1", 200, 600)), HttpStatus.CONFLICT, "conflict");
        assertThat(api.get("/bandits").getBody().findValuesAsText("id")).contains("create-1");
        assertProblem(api.get("/bandits/nope"), HttpStatus.NOT_FOUND, "not-found");
    }

    @Test
    void invalidSpecsAreRefusedWithEveryProblemListed() {
        var spec = new java.util.HashMap<>(Specs.capri("bad spec!", -5, 600));
        spec.put("actions", List.of(Map.of("id", "a", "features", List.of(0.1)), Map.of("id", "a", "features", List.of(0.2))));
        var r = api.post("/bandits", spec);
        assertProblem(r, HttpStatus.BAD_REQUEST, "validation");
        Set<String> fields = new HashSet<>(r.getBody().path("errors").findValuesAsText("field"));
        assertThat(fields).contains("id", "horizon", "actions[1].id");

        var ldp = new java.util.HashMap<>(Specs.usca("ldp", 100, 0.5, 1.0));
        ldp.put("privacy", Map.of("model", "LDP", "epsilon", 1.0));
        var refused = api.post("/bandits", ldp);
        assertProblem(refused, HttpStatus.BAD_REQUEST, "validation");
        assertThat(refused.getBody().path("detail").asText()).contains("JDP only");

        var badKernel = new java.util.HashMap<>(Specs.capri("kern", 100, 600));
        badKernel.put("kernel", Map.of("type", "RBF", "lengthScale", -1));
        assertProblem(api.post("/bandits", badKernel), HttpStatus.BAD_REQUEST, "validation");
        assertProblem(api.post("/bandits", "{not json"), HttpStatus.BAD_REQUEST, "validation");
        var unknown = new java.util.HashMap<>(Specs.capri("unk", 100, 600));
        unknown.put("colour", "blue");
        assertProblem(api.post("/bandits", unknown), HttpStatus.BAD_REQUEST, "validation");
        assertThat(api.get("/bandits/unk").getStatusCode()).isEqualTo(HttpStatus.NOT_FOUND);
    }

    @Test
    void decideFeedbackCloseAndReleaseForCapri() {
        api.post("/bandits", Specs.capri("flow", 100, 600));
        int length = api.get("/bandits/flow").getBody().path("epochLength").asInt();

        var d = api.post("/decide", Map.of("bandit", "flow", "context", List.of(0.2, 0.4), "requestId", "r-1"));
        assertThat(d.getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(d.getBody().path("action").asText()).isIn("a1", "a2", "a3");
        assertThat(d.getBody().path("propensity").asDouble()).isEqualTo(1.0 / 3);
        assertThat(d.getBody().path("epoch").asInt()).isEqualTo(1);
        assertThat(d.getBody().path("phase").asText()).isEqualTo("EXPLORE");
        String first = d.getBody().path("decisionId").asText();

        var again = api.post("/decide", Map.of("bandit", "flow", "context", List.of(0.2, 0.4), "requestId", "r-1"));
        assertThat(again.getBody().path("decisionId").asText()).isEqualTo(first);
        assertThat(api.get("/bandits/flow").getBody().path("decisions").asLong()).isEqualTo(1);
        assertProblem(api.post("/decide", Map.of("bandit", "flow", "context", List.of(0.9, 0.4), "requestId", "r-1")),
                HttpStatus.CONFLICT, "conflict");
        assertProblem(api.post("/decide", Map.of("bandit", "flow", "context", List.of(0.2))), HttpStatus.BAD_REQUEST,
                "validation");
        assertProblem(api.post("/decide", Map.of("bandit", "ghost", "context", List.of(0.2, 0.4))),
                HttpStatus.NOT_FOUND, "not-found");

        var fb = api.post("/feedback", Map.of("decisionId", first, "reward", 0.5));
        assertThat(fb.getBody().path("status").asText()).isEqualTo("ACCEPTED");
        assertThat(fb.getBody().path("clipped").asBoolean()).isFalse();
        assertThat(api.post("/feedback", Map.of("decisionId", first, "reward", 0.1)).getBody().path("status").asText())
                .isEqualTo("DUPLICATE");
        assertProblem(api.post("/feedback", "{\"decisionId\": \"" + first + "\", \"reward\": NaN}"),
                HttpStatus.BAD_REQUEST, "validation");
        assertProblem(api.post("/feedback", Map.of("decisionId", java.util.UUID.randomUUID().toString(), "reward", 1)),
                HttpStatus.NOT_FOUND, "not-found");
        assertProblem(api.post("/feedback", Map.of("decisionId", "not-a-uuid", "reward", 1)), HttpStatus.BAD_REQUEST,
                "validation");

        // Fill the epoch: rewards outside [-B, B] are clipped and say so.
        String pending = null;
        for (int t = 1; t < length + 1; t++) {
            var di = api.post("/decide", Map.of("bandit", "flow", "context", List.of(0.8, 0.1)));
            String id = di.getBody().path("decisionId").asText();
            if (t == length) {
                // One more decision than the epoch needs: served from the same active sets, but not a
                // learning round, and the answer says so.
                assertThat(di.getBody().path("learning").asBoolean()).isFalse();
                pending = id;
                continue;
            }
            assertThat(di.getBody().path("learning").asBoolean()).isTrue();
            var f = api.post("/feedback", Map.of("decisionId", id, "reward", t % 2 == 0 ? 7.0 : -0.3));
            assertThat(f.getBody().path("clipped").asBoolean()).isEqualTo(t % 2 == 0);
        }
        assertThat(api.get("/release?bandit=flow").getBody().path("model").isNull()).isTrue();

        FeedbackWindows.pass(jdbc, "flow");
        assertThat(lifecycle.settle("flow")).isEqualTo(Step.CLOSED);
        assertThat(lifecycle.settle("flow")).isNotEqualTo(Step.CLOSED);
        var status = api.get("/bandits/flow").getBody();
        assertThat(status.path("epoch").asInt()).isEqualTo(2);
        assertThat(status.path("epochLength").asInt()).isEqualTo(2 * length);
        assertThat(status.path("rounds").asLong()).isEqualTo(length);
        // Under the EXACT accountant (the default), every epoch is calibrated at the whole mu: a round
        // is in one epoch, so one user's contribution costs one release in all (Gaussian DP). The first
        // release is charged the whole rho_total, its ledger entry the epsilon the Gaussian profile at
        // that rho is worth: the bandit's (1, 1e-5), to within the calibration's 1e-12 margin.
        double rhoTotal = ZcdpAccounting.budgetRho(new PrivacyCost(1.0, 1e-5));
        var ledger = api.get("/bandits/flow/ledger").getBody();
        assertThat(ledger).hasSize(1);
        assertThat(ledger.get(0).path("epoch").asInt()).isEqualTo(1);
        assertThat(ledger.get(0).path("composition").asText()).isEqualTo("SEQUENTIAL");
        assertThat(ledger.get(0).path("accountant").asText()).isEqualTo("EXACT");
        assertThat(ledger.get(0).path("mechanism").asText()).isEqualTo("GAUSSIAN");
        double rho = ledger.get(0).path("rho").asDouble();
        assertThat(rho).isLessThanOrEqualTo(rhoTotal).isCloseTo(rhoTotal, within(1e-9 * rhoTotal));
        double epsilon = ZcdpAccounting.gaussianEpsilon(rho, 1e-5);
        assertThat(ledger.get(0).path("epsilon").asDouble()).isCloseTo(epsilon, within(1e-9)).isCloseTo(1.0,
                within(1e-6));
        assertThat(status.path("budget").path("epsilonSpent").asDouble()).isCloseTo(epsilon, within(1e-9));
        assertThat(status.path("budget").path("rhoSpent").asDouble()).isCloseTo(rho, within(1e-15));

        // The decision beyond epoch 1's rounds was never a learning round: its reward is not used.
        assertThat(api.post("/feedback", Map.of("decisionId", pending, "reward", 1)).getBody().path("status").asText())
                .isEqualTo("NOT_USED");

        var release = api.get("/release?bandit=flow").getBody();
        assertThat(release.path("epoch").asInt()).isEqualTo(1);
        int m = release.path("model").path("coefficients").size();
        assertThat(m).isPositive();
        assertThat(release.path("model").path("projectionPoints").size()).isEqualTo(m);
        assertThat(release.path("model").path("projectionPoints").get(0).size()).isEqualTo(4);
        assertThat(release.path("provenance").path("java").asText()).isNotBlank();
        assertThat(release.path("privacy").path("composition").asText()).isEqualTo("SEQUENTIAL");
        var best = api.post("/release", Map.of("bandit", "flow", "context", List.of(0.5, 0.5)));
        assertThat(best.getBody().path("action").asText()).isIn("a1", "a2", "a3");
        assertThat(best.getBody().path("charged").asBoolean()).isFalse();
        assertThat(api.get("/bandits/flow/ledger").getBody()).hasSize(1);

        // Raw contexts and rewards of the closed epoch are deleted (retention 0) at the next tick;
        // the open epoch's are kept.
        api.post("/decide", Map.of("bandit", "flow", "context", List.of(0.5, 0.5)));
        retention.forgetRawData(0, 10_000);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = 'flow' AND epoch = 1 AND "
                + "(context IS NOT NULL OR reward IS NOT NULL)", Long.class)).isZero();
        assertThat(jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = 'flow' AND epoch = 2 AND "
                + "context IS NOT NULL", Long.class)).isEqualTo(1);
    }

    @Test
    void decisionsWithoutFeedbackCountWithTheDefaultRewardAfterTheWait() throws Exception {
        api.post("/bandits", Specs.capri("waits", 16, 1));
        int length = api.get("/bandits/waits").getBody().path("epochLength").asInt();
        for (int t = 0; t < length; t++) {
            api.post("/decide", Map.of("bandit", "waits", "context", List.of(0.2, 0.4)));
        }
        assertThat(lifecycle.settle("waits")).isNotEqualTo(Step.CLOSED);
        Thread.sleep(1_200);
        assertThat(lifecycle.settle("waits")).isEqualTo(Step.CLOSED);
        assertThat(api.get("/bandits/waits").getBody().has("feedback")).as("not an analyst's").isFalse();
        var counts = api.get("/bandits/waits/feedback").getBody().path("counts");
        assertThat(counts.path("DEFAULTED").asLong()).isEqualTo(length);
    }

    @Test
    void uscaLearnsThenReleasesPerContextWithinItsBudget() {
        api.post("/bandits", Specs.usca("usca", 6, 0.5, 1.0));
        assertProblem(api.post("/release", Map.of("bandit", "usca", "context", List.of(0.2, 0.4))), HttpStatus.CONFLICT,
                "not-ready");
        for (int t = 0; t < 6; t++) {
            var d = api.post("/decide", Map.of("bandit", "usca", "context", List.of(0.2, 0.4)));
            assertThat(d.getBody().path("propensity").asDouble()).isEqualTo(0.5);
            api.post("/feedback", Map.of("decisionId", d.getBody().path("decisionId").asText(), "reward", 0.4));
        }
        FeedbackWindows.pass(jdbc, "usca");
        assertThat(lifecycle.settle("usca")).isEqualTo(Step.CLOSED);
        assertThat(api.get("/bandits/usca").getBody().path("phase").asText()).isEqualTo("RELEASE");

        var r1 = api.post("/release", Map.of("bandit", "usca", "context", List.of(0.2, 0.4)));
        assertThat(r1.getBody().path("charged").asBoolean()).isTrue();
        var again = api.post("/release", Map.of("bandit", "usca", "context", List.of(0.2, 0.4)));
        assertThat(again.getBody().path("charged").asBoolean()).isFalse();
        assertThat(again.getBody().path("action").asText()).isEqualTo(r1.getBody().path("action").asText());
        assertThat(api.post("/release", Map.of("bandit", "usca", "context", List.of(0.8, 0.1))).getBody()
                .path("charged").asBoolean()).isTrue();
        assertProblem(api.post("/release", Map.of("bandit", "usca", "context", List.of(0.5, 0.5))), HttpStatus.CONFLICT,
                "budget-exhausted");
        assertThat(api.get("/bandits/usca/ledger").getBody()).hasSize(2);
        var releases = api.get("/release?bandit=usca").getBody().path("releases");
        assertThat(releases).hasSize(2);
        // Each release shows its action, ledger entry and time only: never the context it was made for.
        releases.forEach(r -> assertThat(r.fieldNames()).toIterable()
                .containsExactlyInAnyOrder("action", "ledgerId", "releasedAt"));
    }

    @Test
    void metricsAndHealthReportTheLifecycleWithoutEverShowingData() {
        api.post("/bandits", Specs.capri("metered", 16, 600));
        int length = api.get("/bandits/metered").getBody().path("epochLength").asInt();
        for (int t = 0; t < length; t++) {
            var d = api.post("/decide", Map.of("bandit", "metered", "context", List.of(0.123457, 0.654321)));
            api.post("/feedback", Map.of("decisionId", d.getBody().path("decisionId").asText(), "reward", 0.918273));
        }
        FeedbackWindows.pass(jdbc, "metered");
        assertThat(lifecycle.settle("metered")).isEqualTo(Step.CLOSED);

        String metrics = http.getForEntity("/actuator/prometheus", String.class).getBody();
        assertThat(metrics).contains("dpbandit_decisions_total{algorithm=\"CAPRI\",bandit=\"metered\",learning=\"true\"}")
                .contains("dpbandit_feedback_total{bandit=\"metered\",status=\"ACCEPTED\"}")
                .contains("dpbandit_epoch_closes_seconds_count{bandit=\"metered\",outcome=\"CLOSED\"} 1")
                .contains("dpbandit_budget_remaining_epsilon{bandit=\"metered\"}")
                .contains("http_server_requests_seconds_count{")
                .contains("uri=\"/decide\"");
        assertThat(metrics).doesNotContain("0.123457").doesNotContain("0.654321").doesNotContain("0.918273");

        var health = api.get("/actuator/health").getBody();
        assertThat(health.path("components").path("epochCloses").path("status").asText()).isEqualTo("UP");
    }

    @Test
    void oversizedBodiesWrongMediaTypesAndUnknownPathsAreProblems() {
        String huge = "{\"bandit\": \"x\", \"context\": [" + "0.5,".repeat(3_000_000) + "0.5]}";
        assertProblem(api.post("/decide", huge), HttpStatus.PAYLOAD_TOO_LARGE, "payload-too-large");
        HttpHeaders text = new HttpHeaders();
        text.setContentType(MediaType.TEXT_PLAIN);
        assertProblem(http.exchange("/decide", HttpMethod.POST, new HttpEntity<>("hello", text), JsonNode.class),
                HttpStatus.UNSUPPORTED_MEDIA_TYPE, "unsupported-media-type");
        assertProblem(http.exchange("/decide", HttpMethod.GET, null, JsonNode.class), HttpStatus.METHOD_NOT_ALLOWED,
                "method-not-allowed");
        // A path that is not part of the API is 404, whatever the key.
        assertProblem(api.get("/nowhere"), HttpStatus.NOT_FOUND, "not-found");
        assertProblem(api.get("/release"), HttpStatus.BAD_REQUEST, "validation");
    }

    @Test
    void theLedgerIsAppendOnly() {
        api.post("/bandits", Specs.usca("append-only", 2, 0.5, 1.0));
        jdbc.update("INSERT INTO ledger (bandit_id, epsilon, delta, reason, composition) "
                + "VALUES ('append-only', 0.1, 0, 'test', 'SEQUENTIAL')");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> jdbc.update("UPDATE ledger SET epsilon = 0"))
                .hasMessageContaining("append-only");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> jdbc.update("DELETE FROM ledger"))
                .hasMessageContaining("append-only");
        assertThat(api.get("/bandits/append-only/ledger").getBody()).hasSize(1);
    }
}

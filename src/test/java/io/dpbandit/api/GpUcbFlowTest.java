package io.dpbandit.api;

import static io.dpbandit.testing.ApiClient.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.client.gpucb.GpUcbParameters;
import io.dpbandit.client.gpucb.GpUcbRandomiser;
import io.dpbandit.client.gpucb.GpUcbReport;
import io.dpbandit.client.privacy.SeededNoiseSource;
import io.dpbandit.testing.ApiClient;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.Specs;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Private GP-UCB through HTTP in both privacy models, from the caller's side: JDP charged once for
 * the horizon with rewards folded into the tree, and local JDP that takes only device reports.
 */
class GpUcbFlowTest extends PostgresIntegrationTest {

    static final ObjectMapper JSON = new ObjectMapper();

    @Autowired
    ApiClient api;
    @Autowired
    TestRestTemplate http;
    @Autowired
    LifecycleWorker lifecycle;
    @Autowired
    JdbcTemplate jdbc;

    JsonNode decide(String bandit, double context) {
        return api.ok("/decide", Map.of("bandit", bandit, "context", List.of(context)));
    }

    @Test
    void jdpGpUcbIsChargedOnceAndFoldsEveryAcceptedReward() {
        assertThat(api.post("/bandits", Specs.gp("gp-jdp", "JDP", 20)).getStatusCode()).isEqualTo(HttpStatus.CREATED);
        assertThat(http.getForObject("/bandits/gp-jdp/ledger", JsonNode.class)).hasSize(1);
        List<String> ids = new ArrayList<>();
        for (int t = 0; t < 20; t++) {
            JsonNode d = decide("gp-jdp", t % 2 == 0 ? 0.3 : 0.7);
            assertThat(d.path("learning").asBoolean()).isTrue();
            assertThat(d.has("randomiser")).isFalse();
            ids.add(d.path("decisionId").asText());
        }
        for (String id : ids) {
            assertThat(api.ok("/feedback", Map.of("decisionId", id, "reward", 0.6)).path("status").asText())
                    .isEqualTo("ACCEPTED");
        }
        FeedbackWindows.pass(jdbc, "gp-jdp");
        lifecycle.settle("gp-jdp");
        JsonNode release = http.getForObject("/release?bandit=gp-jdp", JsonNode.class);
        assertThat(release.path("phase").asText()).isEqualTo("EXPLOIT");
        assertThat(release.path("model").path("observations").asLong()).isEqualTo(20);
        assertThat(release.path("model").path("theta")).hasSize(32);
        assertThat(release.path("model").path("features").path("nodesPerDimension").asInt()).isEqualTo(4);
        assertThat(decide("gp-jdp", 0.5).path("learning").asBoolean()).as("past the horizon").isFalse();
    }

    @Test
    void localGpUcbTakesOnlyDeviceReports() throws Exception {
        api.ok("/bandits", Specs.gp("gp-ldp", "LDP", 12));
        SeededNoiseSource device = new SeededNoiseSource(5);
        List<JsonNode> decisions = new ArrayList<>();
        for (int t = 0; t < 12; t++) {
            decisions.add(decide("gp-ldp", 0.4));
        }
        JsonNode first = decisions.get(0);
        assertThat(first.path("randomiser").path("features")).hasSize(32);
        String id0 = first.path("decisionId").asText();
        assertProblem(api.post("/feedback", Map.of("decisionId", id0, "reward", 1.0)), HttpStatus.BAD_REQUEST,
                "validation");
        GpUcbReport honest = report(first, 1.0, device);
        Map<String, Object> forged = JSON.convertValue(honest, Map.class);
        forged.put("gramSigma", honest.gramSigma() / 4);
        assertProblem(api.post("/feedback", Map.of("decisionId", id0, "report", forged)), HttpStatus.BAD_REQUEST,
                "validation");
        Map<String, Object> shortGram = JSON.convertValue(honest, Map.class);
        shortGram.put("noisyGram", Collections.nCopies(10, 0.0));
        assertProblem(api.post("/feedback", Map.of("decisionId", id0, "report", shortGram)), HttpStatus.BAD_REQUEST,
                "validation");
        for (int t = 0; t < 10; t++) {
            JsonNode d = decisions.get(t);
            GpUcbReport r = t == 0 ? honest : report(d, 0.5, device);
            assertThat(api.ok("/feedback", Map.of("decisionId", d.path("decisionId").asText(), "report", r))
                    .path("status").asText()).isEqualTo("ACCEPTED");
        }
        // The last two users stay silent: the windows pass (rather than sleeping through them).
        FeedbackWindows.pass(jdbc, "gp-ldp");
        lifecycle.settle("gp-ldp");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = 'gp-ldp' "
                + "AND (context IS NOT NULL OR (reward IS NOT NULL AND feedback <> 'DEFAULTED'))", Long.class))
                .as("no context, no user's reward").isZero();
        JsonNode release = http.getForObject("/release?bandit=gp-ldp", JsonNode.class);
        assertThat(release.path("model").path("rounds").asLong()).as("10 reports and 2 stand-ins").isEqualTo(12);
        assertThat(release.path("model").has("reports")).as("nothing published counts reports").isFalse();
        assertThat(release.path("privacy").path("model").asText()).isEqualTo("LDP");
    }

    @Test
    void aGpUcbSpecNeedsAnRbfKernelAndAFewDimensions() {
        Map<String, Object> matern = Specs.gp("gp-bad-1", "JDP", 20);
        matern.put("kernel", Map.of("type", "MATERN32", "lengthScale", 0.5));
        assertProblem(api.post("/bandits", matern), HttpStatus.BAD_REQUEST, "validation");
        Map<String, Object> wide = Specs.gp("gp-bad-2", "JDP", 20);
        wide.put("contextDimension", 8);
        wide.remove("gpucb");
        assertProblem(api.post("/bandits", wide), HttpStatus.BAD_REQUEST, "validation");
        Map<String, Object> tooMany = Specs.gp("gp-bad-3", "JDP", 20);
        tooMany.put("gpucb", Map.of("nodesPerDimension", 40));
        assertProblem(api.post("/bandits", tooMany), HttpStatus.BAD_REQUEST, "validation");
        for (Object scale : List.of(11, -1)) {
            Map<String, Object> radius = Specs.gp("gp-bad-4", "JDP", 20);
            radius.put("gpucb", Map.of("radiusScale", scale));
            assertField(api.post("/bandits", radius), "gpucb.radiusScale");
        }
        Map<String, Object> ridge = Specs.gp("gp-bad-5", "JDP", 20);
        ridge.put("gpucb", Map.of("regulariser", "RIDGE"));
        assertField(api.post("/bandits", ridge), "gpucb.regulariser");
        Map<String, Object> linearOptions = Specs.gp("gp-bad-6", "JDP", 20);
        linearOptions.put("linear", Map.of("regulariser", "FLOOR"));
        assertField(api.post("/bandits", linearOptions), "linear");
        Map<String, Object> onLinUcb = Specs.linear("lin-bad-7", "LINUCB", 20, 600);
        onLinUcb.put("gpucb", Map.of("regulariser", "FLOOR", "radiusScale", 0.5));
        assertField(api.post("/bandits", onLinUcb), "gpucb");
        for (String id : List.of("gp-bad-4", "gp-bad-5", "gp-bad-6", "lin-bad-7")) {
            assertThat(http.getForEntity("/bandits/" + id, JsonNode.class).getStatusCode())
                    .isEqualTo(HttpStatus.NOT_FOUND);
        }
        Map<String, Object> floored = Specs.gp("gp-floor", "JDP", 20);
        floored.put("gpucb", Map.of("nodesPerDimension", 4, "regulariser", "FLOOR", "radiusScale", 0.5));
        assertThat(api.post("/bandits", floored).getStatusCode()).isEqualTo(HttpStatus.CREATED);
        assertThat(jdbc.queryForObject("SELECT spec #>> '{gpucb,regulariser}' FROM bandit WHERE id = 'gp-floor'",
                String.class)).isEqualTo("FLOOR");
        assertThat(jdbc.queryForObject("SELECT spec #>> '{gpucb,radiusScale}' FROM bandit WHERE id = 'gp-floor'",
                String.class)).isEqualTo("0.5");
        Map<String, Object> chosen = Specs.gp("gp-default", "JDP", 1000);
        chosen.remove("gpucb");
        assertThat(api.post("/bandits", chosen).getStatusCode()).as("m-bar chosen from the horizon")
                .isEqualTo(HttpStatus.CREATED);
    }

    /** What dpbandit-client does on the user's device. */
    static GpUcbReport report(JsonNode decision, double reward, SeededNoiseSource noise) throws Exception {
        JsonNode in = decision.path("randomiser");
        GpUcbParameters parameters = JSON.treeToValue(in.path("parameters"), GpUcbParameters.class);
        double[] features = JSON.treeToValue(in.path("features"), double[].class);
        return new GpUcbRandomiser(parameters, PrivacyFloor.of(1.0, 1e-5)).randomise(features, reward, noise);
    }

    static void assertField(org.springframework.http.ResponseEntity<JsonNode> r, String field) {
        assertThat(r.getStatusCode()).as("%s", r.getBody()).isEqualTo(HttpStatus.BAD_REQUEST);
        assertThat(r.getBody().toString()).contains(field);
    }
}

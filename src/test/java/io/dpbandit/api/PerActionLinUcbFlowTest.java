package io.dpbandit.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.testing.ApiClient;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.Specs;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Disjoint LinUCB (linear.featureMap PER_ACTION) from a product backend's side: actions without
 * features, contexts of any dimension, one model block per action, and the 400s for what it
 * cannot take.
 */
class PerActionLinUcbFlowTest extends PostgresIntegrationTest {

    @Autowired
    TestRestTemplate http;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    LifecycleWorker lifecycle;
    @Autowired
    com.fasterxml.jackson.databind.ObjectMapper json;

    ApiClient api;

    @BeforeEach
    void client() {
        api = new ApiClient(http, json);
    }

    /** Four labels, contexts of 5 numbers, actions named only. */
    static Map<String, Object> spec(String id, Map<String, Object> linear) {
        Map<String, Object> spec = new HashMap<>(Specs.linear(id, "LINUCB", 400, 600));
        spec.put("contextDimension", 5);
        spec.put("actions", List.of(Map.of("id", "cat"), Map.of("id", "dog"), Map.of("id", "fox"),
                Map.of("id", "owl")));
        spec.put("linear", linear);
        return spec;
    }

    @Test
    void actionsNeedNoFeaturesAndEachGetsItsOwnModelBlock() {
        var created = api.post("/bandits", spec("labels", Map.of("featureMap", "PER_ACTION")));
        assertThat(created.getStatusCode()).as("%s", created.getBody()).isEqualTo(HttpStatus.CREATED);
        // The same spec again is a safe retry: the normalised form (one-hot blocks filled in) validates again.
        assertThat(api.post("/bandits", spec("labels", Map.of("featureMap", "PER_ACTION"))).getStatusCode())
                .isEqualTo(HttpStatus.OK);

        List<String> ids = new ArrayList<>();
        for (int t = 0; t < 40; t++) {
            double[] c = {0.3, -0.2, 0.1, 0.4, 0.5};
            var d = api.post("/decide", Map.of("bandit", "labels", "context", c));
            assertThat(d.getStatusCode()).as("%s", d.getBody()).isEqualTo(HttpStatus.OK);
            assertThat(d.getBody().path("action").asText()).isIn("cat", "dog", "fox", "owl");
            ids.add(d.getBody().path("decisionId").asText());
            api.feedback(d.getBody().path("decisionId").asText(), d.getBody().path("action").asText().equals("fox")
                    ? 1.0 : 0.0);
        }
        FeedbackWindows.pass(jdbc, "labels");
        for (int i = 0; i < 50; i++) {
            lifecycle.settle("labels");
        }
        JsonNode release = api.get("/release?bandit=labels").getBody();
        // One θ of 5 numbers per action: d = 4 × 5.
        assertThat(release.path("model").path("theta").size()).as("%s", release).isEqualTo(20);

        // A context of the wrong size is a 400 naming it, and stores nothing.
        long before = jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = 'labels'", Long.class);
        var wrong = api.post("/decide", Map.of("bandit", "labels", "context", List.of(0.3, 0.2)));
        ApiClient.assertProblem(wrong, HttpStatus.BAD_REQUEST, "validation");
        assertThat(wrong.getBody().path("detail").asText()).contains("context");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = 'labels'", Long.class))
                .isEqualTo(before);
    }

    @Test
    void whatPerActionCannotTakeIsA400NamingTheField() {
        Map<String, Object> withFeatures = new HashMap<>(spec("featured", Map.of("featureMap", "PER_ACTION")));
        withFeatures.put("actions", List.of(Map.of("id", "a", "features", List.of(0.5, 0.5)),
                Map.of("id", "b", "features", List.of(0.0, 1.0))));
        assertField(api.post("/bandits", withFeatures), "actions[0].features");

        Map<String, Object> noFeatures = new HashMap<>(spec("bare", Map.of("featureMap", "OUTER_PRODUCT")));
        assertField(api.post("/bandits", noFeatures), "actions[0].features");

        assertField(api.post("/bandits", spec("wide", Map.of("featureMap", "PER_ACTION", "radiusScale", 11))),
                "linear.radiusScale");
        assertField(api.post("/bandits", spec("negative", Map.of("featureMap", "PER_ACTION", "radiusScale", -1))),
                "linear.radiusScale");
        assertField(api.post("/bandits", spec("odd", Map.of("featureMap", "PER_ACTION", "regulariser", "RIDGE"))),
                "linear.regulariser");

        Map<String, Object> huge = new HashMap<>(spec("huge", Map.of("featureMap", "PER_ACTION")));
        huge.put("contextDimension", 200);
        assertField(api.post("/bandits", huge), "linear.featureMap");

        Map<String, Object> online = new HashMap<>(Specs.linear("online", "ONLINEUCB", 400, 600));
        online.put("linear", Map.of("regulariser", "FLOOR"));
        assertField(api.post("/bandits", online), "linear.regulariser");

        for (String id : List.of("featured", "bare", "wide", "negative", "odd", "huge", "online")) {
            assertThat(api.get("/bandits/" + id).getStatusCode()).isEqualTo(HttpStatus.NOT_FOUND);
        }
    }

    @Test
    void epochReleasesAreServedAndRefusedWhereTheyDoNotApply() {
        // The first epoch pinned at T/8 (the LEARN profile would plan it from the spec).
        var created = api.post("/bandits", spec("epochs", Map.of("featureMap", "PER_ACTION", "release", "EPOCHS",
                "firstEpoch", 0.125)));
        assertThat(created.getStatusCode()).as("%s", created.getBody()).isEqualTo(HttpStatus.CREATED);
        assertThat(api.post("/bandits", spec("epochs", Map.of("featureMap", "PER_ACTION", "release", "EPOCHS",
                "firstEpoch", 0.125)))
                .getStatusCode()).as("a safe retry").isEqualTo(HttpStatus.OK);
        for (int t = 0; t < 120; t++) {
            var d = api.post("/decide", Map.of("bandit", "epochs", "context", new double[] {0.3, -0.2, 0.1, 0.4, 0.5}));
            assertThat(d.getStatusCode()).isEqualTo(HttpStatus.OK);
            if (t < 50) {
                // No release yet (the first epoch is played uniformly): each of the 4 labels with 1/4, and the
                // answer says so, where an off-policy estimate would otherwise weigh the round by 1.
                assertThat(d.getBody().path("propensity").asDouble()).isEqualTo(0.25);
            }
            api.feedback(d.getBody().path("decisionId").asText(),
                    d.getBody().path("action").asText().equals("owl") ? 1.0 : 0.0);
        }
        FeedbackWindows.pass(jdbc, "epochs");
        for (int i = 0; i < 50; i++) {
            lifecycle.settle("epochs");
        }
        JsonNode release = api.get("/release?bandit=epochs").getBody();
        // T = 400, leaves of 2 rounds: the first epoch is T/8 = 50 rounds, the second ends at 150.
        assertThat(release.path("model").path("releases").asInt()).as("%s", release).isEqualTo(1);
        assertThat(release.path("model").path("theta").size()).isEqualTo(20);
        assertThat(api.get("/bandits/epochs/ledger").getBody()).as("one charge, at creation").hasSize(1);
        assertThat(api.get("/bandits/epochs/privacy").getBody().path("mechanisms").get(0).path("name").asText())
                .contains("once per epoch");

        // The forecast: uniform until the first release, then the releases' score error.
        org.springframework.http.HttpHeaders analyst = new org.springframework.http.HttpHeaders();
        analyst.set("X-API-Key", "test-analyst-key");
        var plan = http.exchange("/bandits/plan?gap=0.3", org.springframework.http.HttpMethod.POST,
                new org.springframework.http.HttpEntity<>(spec("epochs-plan", Map.of("featureMap", "PER_ACTION",
                        "release", "EPOCHS", "firstEpoch", 0.125)), analyst), JsonNode.class);
        assertThat(plan.getStatusCode()).as("%s", plan.getBody()).isEqualTo(HttpStatus.OK);
        assertThat(plan.getBody().path("linear").path("points").get(0).path("rounds").asLong()).isEqualTo(50);
        assertThat(plan.getBody().path("notes").toString()).contains("uniform until the first epoch");

        assertField(api.post("/bandits", spec("epochs-outer", Map.of("featureMap", "OUTER_PRODUCT", "release",
                "EPOCHS"))), "linear.release");
        assertField(api.post("/bandits", spec("epochs-shift", Map.of("featureMap", "PER_ACTION", "release", "EPOCHS",
                "regulariser", "SHIFT"))), "linear.release");
        assertField(api.post("/bandits", spec("epochs-paper", Map.of("featureMap", "PER_ACTION", "release", "EPOCHS",
                "mode", "PAPER"))), "linear.release");
        assertField(api.post("/bandits", spec("epochs-long", Map.of("featureMap", "PER_ACTION", "release", "EPOCHS",
                "firstEpoch", 0.6))), "linear.firstEpoch");
        // A first epoch with the tree is refused (without a release, LEARN takes EPOCHS for it).
        assertField(api.post("/bandits", spec("tree-first", Map.of("featureMap", "PER_ACTION", "release", "TREE",
                "firstEpoch", 0.3))), "linear.firstEpoch");
        var third = api.post("/bandits", spec("epochs-third", Map.of("featureMap", "PER_ACTION", "release", "EPOCHS",
                "firstEpoch", 0.34)));
        assertThat(third.getStatusCode()).as("%s", third.getBody()).isEqualTo(HttpStatus.CREATED);
    }

    static void assertField(org.springframework.http.ResponseEntity<JsonNode> r, String field) {
        assertThat(r.getStatusCode()).as("%s", r.getBody()).isEqualTo(HttpStatus.BAD_REQUEST);
        assertThat(r.getBody().toString()).contains(field);
    }
}

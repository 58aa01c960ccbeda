package io.dpbandit.api;

import static io.dpbandit.testing.ApiClient.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.client.onlineucb.OnlineUcbParameters;
import io.dpbandit.client.onlineucb.OnlineUcbRandomiser;
import io.dpbandit.client.onlineucb.OnlineUcbReport;
import io.dpbandit.client.onlineucb.OnlineUcbTicket;
import io.dpbandit.client.privacy.SeededNoiseSource;
import io.dpbandit.testing.ApiClient;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.Specs;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Private LinUCB (JDP) and OnlineUCB (LDP) through HTTP, from the caller's side: decision sets,
 * the whole horizon charged once at creation, rewards folded in decision order, the model public
 * on /release, and a locally private bandit that never takes a raw reward.
 */
class LinearBanditFlowTest extends PostgresIntegrationTest {

    static final ObjectMapper JSON = new ObjectMapper();

    @Autowired
    ApiClient api;
    @Autowired
    TestRestTemplate http;
    @Autowired
    LifecycleWorker lifecycle;
    @Autowired
    JdbcTemplate jdbc;

    JsonNode decide(String bandit, List<Double> context, List<String> candidates) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("bandit", bandit);
        body.put("context", context);
        if (candidates != null) {
            body.put("candidates", candidates);
        }
        return api.ok("/decide", body);
    }

    @Test
    void linUcbChargesItsHorizonOnceServesDecisionSetsAndFoldsEveryAcceptedReward() {
        var created = api.post("/bandits", Specs.linear("lin-flow", "LINUCB", 40, 600));
        assertThat(created.getStatusCode()).isEqualTo(HttpStatus.CREATED);
        assertThat(created.getBody().path("epochLength").asInt()).as("the horizon is one learning run")
                .isEqualTo(40);
        JsonNode ledger = http.getForObject("/bandits/lin-flow/ledger", JsonNode.class);
        assertThat(ledger).hasSize(1);
        assertThat(ledger.get(0).path("epsilon").asDouble()).isLessThanOrEqualTo(1.0 + 1e-12);
        assertThat(api.post("/bandits", Specs.linear("lin-flow", "LINUCB", 40, 600)).getStatusCode())
                .as("the same spec again is a safe retry").isEqualTo(HttpStatus.OK);
        assertThat(http.getForObject("/bandits/lin-flow/ledger", JsonNode.class))
                .as("and charges nothing more").hasSize(1);

        Set<String> offered = new HashSet<>();
        List<String> learning = new ArrayList<>();
        for (int t = 0; t < 40; t++) {
            JsonNode d = decide("lin-flow", List.of(0.3, 0.7), List.of("a2", "a3"));
            offered.add(d.path("action").asText());
            assertThat(d.path("learning").asBoolean()).isTrue();
            assertThat(d.has("randomiser")).as("a JDP bandit sends nothing to randomise").isFalse();
            learning.add(d.path("decisionId").asText());
        }
        assertThat(offered).as("only the candidates are ever chosen").isSubsetOf(Set.of("a2", "a3"));
        JsonNode past = decide("lin-flow", List.of(0.3, 0.7), null);
        assertThat(past.path("learning").asBoolean()).as("past the horizon").isFalse();

        for (int t = 0; t < learning.size(); t++) {
            var fb = api.ok("/feedback", Map.of("decisionId", learning.get(t), "reward", t % 2 == 0 ? 0.9 : 5.0));
            assertThat(fb.path("status").asText()).isEqualTo("ACCEPTED");
            assertThat(fb.path("clipped").asBoolean()).isEqualTo(t % 2 != 0);
        }
        assertThat(api.ok("/feedback", Map.of("decisionId", past.path("decisionId").asText(), "reward", 0.5))
                .path("status").asText()).isEqualTo("NOT_USED");
        assertProblem(api.post("/feedback", Map.of("decisionId", learning.get(0), "report", Map.of("base", 0))),
                HttpStatus.BAD_REQUEST, "validation");

        FeedbackWindows.pass(jdbc, "lin-flow");
        lifecycle.settle("lin-flow");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = 'lin-flow' "
                + "AND folded_at IS NOT NULL AND feedback = 'ACCEPTED'", Long.class)).isEqualTo(40);
        JsonNode release = http.getForObject("/release?bandit=lin-flow", JsonNode.class);
        assertThat(release.path("phase").asText()).isEqualTo("EXPLOIT");
        assertThat(release.path("model").path("observations").asLong()).isEqualTo(40);
        assertThat(release.path("model").path("theta")).hasSize(4); // OUTER_PRODUCT: 2 × 2
        assertThat(release.toString()).as("no raw reward or context in a release").doesNotContain("0.3,0.7");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM ledger WHERE bandit_id = 'lin-flow'", Long.class))
                .as("folding charges nothing: the horizon was paid at creation").isEqualTo(1);
        // After the horizon the bandit keeps serving from its last model.
        assertThat(decide("lin-flow", List.of(0.3, 0.7), List.of("a1")).path("action").asText()).isEqualTo("a1");
    }

    /**
     * The tree takes its rounds on a fixed public grid: leaf k is learning rounds 4k−3 … 4k in
     * decision order, and goes in once all four windows have passed, whatever feedback came. Six
     * rounds waited out make one leaf (four observations); the model shows nothing of rounds 5–6
     * until their leaf is full; the horizon's last leaf takes what is left.
     */
    @Test
    void aTreeBanditFoldsWholeLeavesOfItsGridOnceTheirWindowsHavePassed() {
        Map<String, Object> spec = Specs.linear("lin-grid", "LINUCB", 10, 600);
        spec.put("tuning", Map.of("leafRounds", 4));
        api.ok("/bandits", spec);
        List<String> ids = new ArrayList<>();
        for (int t = 0; t < 6; t++) {
            ids.add(decide("lin-grid", List.of(0.3, 0.7), null).path("decisionId").asText());
            api.ok("/feedback", Map.of("decisionId", ids.get(t), "reward", 0.5));
        }
        lifecycle.settle("lin-grid");
        assertThat(http.getForObject("/release?bandit=lin-grid", JsonNode.class).path("model").path("observations")
                .asLong()).as("every reward is in, no window has passed").isZero();
        FeedbackWindows.pass(jdbc, "lin-grid");
        lifecycle.settle("lin-grid");
        assertThat(http.getForObject("/release?bandit=lin-grid", JsonNode.class).path("model").path("observations")
                .asLong()).as("one whole leaf; rounds 5-6 wait for theirs").isEqualTo(4);
        JsonNode status = http.getForObject("/bandits/lin-grid", JsonNode.class);
        assertThat(status.path("current").path("folded").asInt()).isEqualTo(4);
        for (int t = 6; t < 10; t++) {
            decide("lin-grid", List.of(0.3, 0.7), null);
        }
        FeedbackWindows.pass(jdbc, "lin-grid");
        lifecycle.settle("lin-grid");
        JsonNode release = http.getForObject("/release?bandit=lin-grid", JsonNode.class);
        assertThat(release.path("model").path("observations").asLong()).as("leaf 2 and the short last leaf")
                .isEqualTo(10);
        assertThat(release.path("phase").asText()).isEqualTo("EXPLOIT");
    }

    @Test
    void leafRoundsIsTheTreeBanditsAloneAndDefaultsTo256Leaves() {
        Map<String, Object> spec = Specs.linear("lin-default-grid", "LINUCB", 5000, 600);
        assertThat(api.ok("/bandits", spec).path("id").asText()).isEqualTo("lin-default-grid");
        assertThat(http.getForObject("/release?bandit=lin-default-grid", JsonNode.class).path("provenance")
                .path("tuning").path("leafRounds").asInt()).as("ceil(5000 / 256)").isEqualTo(20);
        Map<String, Object> online = Specs.linear("online-grid", "ONLINEUCB", 100, 600);
        online.put("tuning", Map.of("leafRounds", 4));
        assertProblem(api.post("/bandits", online), HttpStatus.BAD_REQUEST, "validation");
        Map<String, Object> capri = new LinkedHashMap<>(Specs.capri("capri-grid", 100, 600));
        capri.put("tuning", Map.of("leafRounds", 4));
        var refused = api.post("/bandits", capri);
        assertProblem(refused, HttpStatus.BAD_REQUEST, "validation");
        assertThat(refused.getBody().toString()).contains("tuning.leafRounds");
        Map<String, Object> zero = Specs.linear("lin-zero-grid", "LINUCB", 100, 600);
        zero.put("tuning", Map.of("leafRounds", 0));
        assertProblem(api.post("/bandits", zero), HttpStatus.BAD_REQUEST, "validation");
    }

    @Test
    void aDecisionSetMustNameTheBanditsActionsAndOnlyLinearBanditsTakeOne() {
        api.ok("/bandits", Specs.linear("lin-cands", "LINUCB", 20, 600));
        api.ok("/bandits", Specs.capri("capri-cands", 100, 600));
        assertProblem(api.post("/decide", Map.of("bandit", "lin-cands", "context", List.of(0.1, 0.2),
                "candidates", List.of("a1", "nope"))), HttpStatus.BAD_REQUEST, "validation");
        assertProblem(api.post("/decide", Map.of("bandit", "lin-cands", "context", List.of(0.1, 0.2),
                "candidates", List.of())), HttpStatus.BAD_REQUEST, "validation");
        assertProblem(api.post("/decide", Map.of("bandit", "capri-cands", "context", List.of(0.1, 0.2),
                "candidates", List.of("a1"))), HttpStatus.BAD_REQUEST, "validation");
        assertProblem(api.post("/decide", Map.of("bandit", "lin-cands", "context", List.of(0.1, 0.2, 0.3))),
                HttpStatus.BAD_REQUEST, "validation");
    }

    @Test
    void aLinearSpecIsCheckedLikeAnyOther() {
        Map<String, Object> ldpLin = Specs.linear("lin-bad-1", "LINUCB", 20, 600);
        ldpLin.put("privacy", Map.of("model", "LDP", "epsilon", 1.0, "delta", 1e-5));
        assertProblem(api.post("/bandits", ldpLin), HttpStatus.BAD_REQUEST, "validation");
        Map<String, Object> noDelta = Specs.linear("lin-bad-2", "LINUCB", 20, 600);
        noDelta.put("privacy", Map.of("epsilon", 1.0));
        assertProblem(api.post("/bandits", noDelta), HttpStatus.BAD_REQUEST, "validation");
        Map<String, Object> wrongKnob = Specs.linear("lin-bad-3", "ONLINEUCB", 20, 600);
        wrongKnob.put("linear", Map.of("noise", "WISHART"));
        assertProblem(api.post("/bandits", wrongKnob), HttpStatus.BAD_REQUEST, "validation");
        Map<String, Object> huge = Specs.linear("lin-bad-4", "LINUCB", 20, 600);
        huge.put("contextDimension", 500);
        huge.put("actions", List.of(Map.of("id", "a", "features", java.util.Collections.nCopies(500, 0.01)),
                Map.of("id", "b", "features", java.util.Collections.nCopies(500, 0.02))));
        assertProblem(api.post("/bandits", huge), HttpStatus.BAD_REQUEST, "validation");
    }

    /**
     * A generic backend sends the reward of every decision. A locally private bandit's decisions past
     * its horizon expect none: the answer says so, and a reward sent anyway is answered NOT_USED and
     * never stored, where a learning decision's raw reward is still refused.
     */
    @Test
    void aLocallyPrivateDecisionThatDoesNotLearnSaysNoFeedbackIsExpectedAndDropsWhatComes() {
        api.ok("/bandits", Specs.linear("ldp-quiet", "ONLINEUCB", 2, 600));
        JsonNode learning = decide("ldp-quiet", List.of(0.5, 0.5), null);
        decide("ldp-quiet", List.of(0.5, 0.5), null);
        JsonNode quiet = decide("ldp-quiet", List.of(0.5, 0.5), null);
        assertThat(learning.path("feedbackExpected").asBoolean()).isTrue();
        assertThat(quiet.path("learning").asBoolean()).isFalse();
        assertThat(quiet.path("feedbackExpected").isBoolean()).isTrue();
        assertThat(quiet.path("feedbackExpected").asBoolean()).isFalse();
        assertThat(quiet.has("randomiser")).isFalse();

        JsonNode answer = api.ok("/feedback", Map.of("decisionId", quiet.path("decisionId").asText(), "reward", 0.7));
        assertThat(answer.path("status").asText()).isEqualTo("NOT_USED");
        assertThat(api.ok("/feedback", Map.of("decisionId", quiet.path("decisionId").asText(), "reward", 0.7))
                .path("status").asText()).as("a retry, the same").isEqualTo("NOT_USED");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = 'ldp-quiet' "
                + "AND (reward IS NOT NULL OR report IS NOT NULL)", Long.class)).as("nothing of it stored").isZero();
        assertProblem(api.post("/feedback", Map.of("decisionId", learning.path("decisionId").asText(), "reward", 0.7)),
                HttpStatus.BAD_REQUEST, "validation");

        JsonNode status = http.getForObject("/bandits/ldp-quiet", JsonNode.class);
        assertThat(status.path("decisions").asLong()).isEqualTo(3);
        assertThat(status.path("learningDecisions").asLong()).isEqualTo(2);
        assertThat(status.path("notes").get(0).asText()).startsWith("2 of 3 decisions took a learning slot")
                .contains("horizon of 2 learning rounds was reached").contains("feedbackExpected false");
        assertThat(status.path("notes").get(1).asText()).contains("rounds (0)").contains("modelRounds (0)");
    }

    @Test
    void onlineUcbTakesOnlyClientRandomisedReportsAndNeverARawReward() throws Exception {
        api.ok("/bandits", Specs.linear("ldp-flow", "ONLINEUCB", 31, 600));
        JsonNode ledger = http.getForObject("/bandits/ldp-flow/ledger", JsonNode.class);
        assertThat(ledger).hasSize(1);
        assertProblem(api.post("/release", Map.of("bandit", "ldp-flow", "context", List.of(0.5, 0.5))),
                HttpStatus.CONFLICT, "not-ready");

        SeededNoiseSource userNoise = new SeededNoiseSource(11);
        List<JsonNode> decisions = new ArrayList<>();
        for (int t = 0; t < 30; t++) {
            decisions.add(decide("ldp-flow", List.of(0.5, 0.5), null));
        }
        JsonNode first = decisions.get(0);
        assertThat(first.path("randomiser").path("features")).as("the played action's joint features").hasSize(4);
        String id0 = first.path("decisionId").asText();

        assertProblem(api.post("/feedback", Map.of("decisionId", id0, "reward", 0.7)), HttpStatus.BAD_REQUEST,
                "validation");
        assertProblem(api.post("/feedback", Map.of("decisionId", id0)), HttpStatus.BAD_REQUEST, "validation");
        OnlineUcbReport honest = report(first, 0.7, userNoise);
        Map<String, Object> forged = JSON.convertValue(honest, Map.class);
        forged.put("epsilon", 50.0);
        assertProblem(api.post("/feedback", Map.of("decisionId", id0, "report", forged)), HttpStatus.BAD_REQUEST,
                "validation");
        Map<String, Object> broken = JSON.convertValue(honest, Map.class);
        broken.put("gradient", List.of(1.0));
        assertProblem(api.post("/feedback", Map.of("decisionId", id0, "report", broken)), HttpStatus.BAD_REQUEST,
                "validation");
        assertThat(api.ok("/feedback", Map.of("decisionId", id0, "report", honest)).path("status").asText())
                .isEqualTo("ACCEPTED");
        assertThat(api.ok("/feedback", Map.of("decisionId", id0, "report", honest)).path("status").asText())
                .as("a retry").isEqualTo("DUPLICATE");

        // A retried decide gets the same decision and its randomiser inputs again.
        Map<String, Object> retried = Map.of("bandit", "ldp-flow", "context", List.of(0.5, 0.5), "requestId", "r-1");
        JsonNode once = api.ok("/decide", retried);
        JsonNode twice = api.ok("/decide", retried);
        assertThat(once.path("learning").asBoolean()).isTrue();
        assertThat(once.path("randomiser").path("ticket").path("theta")).hasSize(4);
        assertThat(twice.path("decisionId")).isEqualTo(once.path("decisionId"));
        assertThat(twice.path("randomiser").path("features")).isEqualTo(once.path("randomiser").path("features"));

        // All but the last five users report (and the retried one); theirs default once the windows pass.
        for (int t = 1; t < 25; t++) {
            JsonNode d = decisions.get(t);
            assertThat(api.ok("/feedback", Map.of("decisionId", d.path("decisionId").asText(), "report",
                    report(d, 0.4, userNoise))).path("status").asText()).isEqualTo("ACCEPTED");
        }
        FeedbackWindows.pass(jdbc, "ldp-flow"); // the wait passes (a 2 s wait raced a loaded machine)
        lifecycle.settle("ldp-flow");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = 'ldp-flow' "
                + "AND reward IS NOT NULL AND feedback <> 'DEFAULTED'", Long.class))
                .as("the server never holds a user's reward (only the public default)").isZero();
        assertThat(jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = 'ldp-flow' "
                + "AND feedback = 'DEFAULTED'", Long.class)).as("the five silent users and the retried one")
                .isEqualTo(6);
        JsonNode release = http.getForObject("/release?bandit=ldp-flow", JsonNode.class);
        assertThat(release.path("model").path("rounds").asLong())
                .as("every round is in the model: 25 reports and 6 stand-ins for the silent users").isEqualTo(31);
        assertThat(release.path("model").has("reports")).as("nothing published counts reports").isFalse();
        assertThat(jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = 'ldp-flow' "
                + "AND context IS NOT NULL", Long.class)).as("a locally private bandit keeps no context").isZero();
        assertThat(release.path("privacy").path("model").asText()).isEqualTo("LDP");
        assertThat(api.ok("/release", Map.of("bandit", "ldp-flow", "context", List.of(0.5, 0.5))).path("action")
                .asText()).as("the model holds reports now").isIn("a1", "a2", "a3");
    }

    /** What dpbandit-client does on the user's device with a decision's randomiser inputs. */
    static OnlineUcbReport report(JsonNode decision, double reward, SeededNoiseSource noise) throws Exception {
        JsonNode in = decision.path("randomiser");
        OnlineUcbParameters parameters = JSON.treeToValue(in.path("parameters"), OnlineUcbParameters.class);
        OnlineUcbTicket ticket = JSON.treeToValue(in.path("ticket"), OnlineUcbTicket.class);
        double[] features = JSON.treeToValue(in.path("features"), double[].class);
        return new OnlineUcbRandomiser(parameters, PrivacyFloor.of(1.0, 1e-5)).randomise(features, ticket, reward, noise);
    }

    @Test
    void aContextFreeBanditDecidesWithoutAContextWhileOthersStillNeedOne() {
        Map<String, Object> spec = Specs.linear("ranking-free", "ONLINEUCB", 40, 600);
        spec.put("contextDimension", 0);
        spec.put("linear", Map.of("featureMap", "ACTION"));
        api.ok("/bandits", spec);
        JsonNode absent = api.ok("/decide", Map.of("bandit", "ranking-free", "requestId", "no-context"));
        assertThat(absent.path("action").asText()).isIn("a1", "a2", "a3");
        assertThat(api.ok("/decide", Map.of("bandit", "ranking-free", "context", List.of(), "requestId",
                "no-context")).path("decisionId").asText()).as("absent is the empty context: the same request")
                .isEqualTo(absent.path("decisionId").asText());
        var wrong = api.post("/decide", Map.of("bandit", "ranking-free", "context", List.of(0.5)));
        assertProblem(wrong, HttpStatus.BAD_REQUEST, "validation");
        assertThat(wrong.getBody().path("errors").get(0).path("field").asText()).isEqualTo("context");

        api.ok("/bandits", Specs.linear("ranking-ctx", "ONLINEUCB", 40, 600));
        long before = api.ok("/bandits/ranking-ctx").path("decisions").asLong();
        var missing = api.post("/decide", Map.of("bandit", "ranking-ctx"));
        assertProblem(missing, HttpStatus.BAD_REQUEST, "validation");
        assertThat(missing.getBody().path("errors").get(0).path("field").asText()).isEqualTo("context");
        assertThat(missing.getBody().path("detail").asText()).isEqualTo("context: is required: an array of 2 numbers");
        assertThat(api.ok("/bandits/ranking-ctx").path("decisions").asLong()).isEqualTo(before);
    }
}

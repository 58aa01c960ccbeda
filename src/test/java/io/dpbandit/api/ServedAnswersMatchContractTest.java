package io.dpbandit.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.client.capri.CapriRandomiser;
import io.dpbandit.client.capri.CapriRandomiserPlan;
import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.client.privacy.SeededNoiseSource;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.testing.ApiClient;
import io.dpbandit.testing.DocumentSchemas;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.Specs;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * What the service answers is what openapi.yaml says, for a bandit of every algorithm and privacy
 * model: each is created and driven until it has a release, ledger entries and a closed epoch (or
 * its one learning run folded), and every answer of its status, release, ledger, epochs and privacy
 * report (and the decisions, feedback and context releases on the way) is validated against the
 * document's schema for its operation, with objects closed: an undocumented field, a missing
 * required one or a null where the document allows none fails with its JSON pointer.
 */
class ServedAnswersMatchContractTest extends PostgresIntegrationTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static DocumentSchemas document;

    @Autowired
    ApiClient api;
    @Autowired
    LifecycleWorker lifecycle;
    @Autowired
    JdbcTemplate jdbc;

    final List<String> mismatches = new ArrayList<>();

    @BeforeAll
    static void readDocument() {
        document = DocumentSchemas.openapiYaml();
    }

    @Test
    void everyAlgorithmsAnswersAreWhatTheDocumentDescribes() throws Exception {
        List<String> bandits = new ArrayList<>();
        bandits.add(capriJdp("contract-capri"));
        bandits.add(capriLdp("contract-capri-ldp"));
        bandits.add(usca("contract-usca"));
        bandits.add(sequential(Specs.linear("contract-linucb", "LINUCB", 12, 600), List.of(0.3, 0.7)));
        Map<String, Object> epochs = PerActionLinUcbFlowTest.spec("contract-linucb-epochs", Map.of("featureMap",
                "PER_ACTION", "release", "EPOCHS", "firstEpoch", 0.25));
        epochs.put("horizon", 80);
        bandits.add(sequential(epochs, 24, List.of(0.3, -0.2, 0.1, 0.4, 0.5)));
        bandits.add(onlineUcb("contract-onlineucb"));
        bandits.add(sequential(Specs.gp("contract-gpucb", "JDP", 12), List.of(0.4)));
        bandits.add(localGpUcb("contract-gpucb-ldp"));

        for (String id : bandits) {
            check("GET", "/bandits/{id}", api.ok("/bandits/" + id));
            JsonNode release = api.ok("/release?bandit=" + id);
            assertThat(release.path("model").isMissingNode() && release.path("releases").isMissingNode())
                    .as("%s has something released: %s", id, release).isFalse();
            check("GET", "/release", release);
            JsonNode ledger = api.ok("/bandits/" + id + "/ledger");
            assertThat(ledger).as("%s's ledger", id).isNotEmpty();
            check("GET", "/bandits/{id}/ledger", ledger);
            check("GET", "/bandits/{id}/epochs", api.ok("/bandits/" + id + "/epochs"));
            check("GET", "/bandits/{id}/privacy", api.ok("/bandits/" + id + "/privacy"));
        }
        assertThat(api.ok("/bandits/contract-capri/epochs").findValuesAsText("status")).contains("CLOSED");
        check("GET", "/bandits", api.ok("/bandits?limit=1000"));
        assertThat(mismatches).as("answers that openapi.yaml does not describe").isEmpty();
    }

    @Test
    void anUndocumentedFieldAndAnUnexpectedNullAreMismatchesWithTheirPointer() {
        api.ok("/bandits", Specs.capri("contract-broken", 100, 600));
        ObjectNode status = api.ok("/bandits/contract-broken").deepCopy();
        assertThat(document.mismatches("GET", "/bandits/{id}", status)).isEmpty();
        status.put("undocumented", 1);
        ((ObjectNode) status.path("budget")).putNull("epsilonTotal");
        assertThat(document.mismatches("GET", "/bandits/{id}", status))
                .anySatisfy(m -> assertThat(m).startsWith("/budget/epsilonTotal"))
                .anySatisfy(m -> assertThat(m).contains("undocumented"));
    }

    void check(String method, String path, JsonNode answer) {
        document.mismatches(method, path, answer).forEach(m -> mismatches.add(method + " " + path + " "
                + m + "  in " + abbreviate(answer)));
    }

    static String abbreviate(JsonNode answer) {
        String text = answer.toString();
        return text.length() > 300 ? text.substring(0, 300) + "..." : text;
    }

    JsonNode decide(String bandit, List<Double> context) {
        JsonNode d = api.ok("/decide", Map.of("bandit", bandit, "context", context));
        check("POST", "/decide", d);
        return d;
    }

    void feedback(Map<String, Object> body) {
        check("POST", "/feedback", api.ok("/feedback", body));
    }

    void settle(String bandit) {
        FeedbackWindows.pass(jdbc, bandit);
        for (int i = 0; i < 5; i++) {
            lifecycle.settle(bandit);
        }
    }

    String capriJdp(String id) {
        check("POST", "/bandits", api.ok("/bandits", Specs.capri(id, 100, 600)));
        int length = api.ok("/bandits/" + id).path("epochLength").asInt();
        for (int t = 0; t < length; t++) {
            JsonNode d = decide(id, List.of(0.2 + 0.05 * (t % 3), 0.4));
            feedback(Map.of("decisionId", d.path("decisionId").asText(), "reward", t % 2 == 0 ? 0.9 : 0.1));
        }
        settle(id);
        check("POST", "/release", api.ok("/release", Map.of("bandit", id, "context", List.of(0.5, 0.5))));
        return id;
    }

    String capriLdp(String id) throws Exception {
        api.ok("/bandits", Specs.capriLdp(id));
        int length = api.ok("/bandits/" + id).path("epochLength").asInt();
        List<List<Double>> contexts = List.of(List.of(0.2, 0.4), List.of(0.8, 0.1), List.of(0.5, 0.5));
        List<JsonNode> decisions = new ArrayList<>();
        for (int t = 0; t < length; t++) {
            decisions.add(decide(id, contexts.get(t % 3)));
        }
        lifecycle.settle(id); // plans the epoch
        JsonNode planned = api.ok(decisions.get(0).path("randomiser").path("plan").asText());
        CapriRandomiser device = new CapriRandomiser(JSON.treeToValue(planned, CapriRandomiserPlan.class),
                PrivacyFloor.of(1.0, 1e-5));
        SeededNoiseSource noise = new SeededNoiseSource(3);
        for (int t = 0; t < length; t++) {
            JsonNode d = decisions.get(t);
            feedback(Map.of("decisionId", d.path("decisionId").asText(), "report",
                    CapriLdpFlowTest.report(device, d, contexts.get(t % 3), 0.5, noise)));
        }
        settle(id);
        return id;
    }

    String usca(String id) {
        api.ok("/bandits", Specs.usca(id, 6, 0.5, 1.0));
        for (int t = 0; t < 6; t++) {
            JsonNode d = decide(id, List.of(0.2, 0.4));
            feedback(Map.of("decisionId", d.path("decisionId").asText(), "reward", 0.4));
        }
        settle(id);
        check("POST", "/release", api.ok("/release", Map.of("bandit", id, "context", List.of(0.2, 0.4))));
        return id;
    }

    /** A JDP sequential bandit: its horizon decided with feedback, folded. */
    String sequential(Map<String, Object> spec, List<Double> context) {
        return sequential(spec, ((Number) spec.get("horizon")).intValue(), context);
    }

    /** {@code rounds} decisions with feedback, folded (an epoch release: the first epoch's rounds). */
    String sequential(Map<String, Object> spec, int rounds, List<Double> context) {
        String id = (String) spec.get("id");
        api.ok("/bandits", spec);
        for (int t = 0; t < rounds; t++) {
            JsonNode d = decide(id, context);
            feedback(Map.of("decisionId", d.path("decisionId").asText(), "reward", t % 2 == 0 ? 0.8 : 0.2));
        }
        settle(id);
        check("POST", "/release", api.ok("/release", Map.of("bandit", id, "context", context)));
        return id;
    }

    String onlineUcb(String id) throws Exception {
        api.ok("/bandits", Specs.linear(id, "ONLINEUCB", 8, 600));
        SeededNoiseSource noise = new SeededNoiseSource(11);
        for (int t = 0; t < 8; t++) {
            JsonNode d = decide(id, List.of(0.5, 0.5));
            feedback(Map.of("decisionId", d.path("decisionId").asText(), "report",
                    LinearBanditFlowTest.report(d, 0.4, noise)));
        }
        settle(id);
        return id;
    }

    String localGpUcb(String id) throws Exception {
        api.ok("/bandits", Specs.gp(id, "LDP", 8));
        SeededNoiseSource noise = new SeededNoiseSource(5);
        for (int t = 0; t < 8; t++) {
            JsonNode d = decide(id, List.of(0.4));
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("decisionId", d.path("decisionId").asText());
            body.put("report", GpUcbFlowTest.report(d, 0.5, noise));
            feedback(body);
        }
        settle(id);
        return id;
    }
}

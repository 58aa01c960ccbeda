package io.dpbandit.api;

import io.dpbandit.client.privacy.PrivacyFloor;
import io.dpbandit.lifecycle.Step;

import static io.dpbandit.testing.ApiClient.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.client.capri.CapriRandomiser;
import io.dpbandit.client.capri.CapriRandomiserPlan;
import io.dpbandit.client.capri.CapriReport;
import io.dpbandit.client.privacy.SeededNoiseSource;
import io.dpbandit.testing.ApiClient;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.Specs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * CAPRI with local DP through HTTP, from the caller's side: the server still picks the action from
 * the active set, each user's device randomises its own contribution with dpbandit-client from the
 * epoch's public plan, the server takes only such reports (never a raw reward) and keeps no
 * context, and the epoch closes on the reports into a release with its ledger charge.
 */
class CapriLdpFlowTest extends PostgresIntegrationTest {

    static final ObjectMapper JSON = new ObjectMapper();

    @Autowired
    ApiClient api;
    @Autowired
    TestRestTemplate http;
    @Autowired
    LifecycleWorker lifecycle;
    @Autowired
    JdbcTemplate jdbc;

    @Test
    void usersRandomiseTheirOwnContributionsAndTheEpochClosesOnTheirReports() throws Exception {
        Map<String, Object> silentDefault = Specs.capriLdp("ldp-default");
        silentDefault.put("feedback", Map.of("waitSeconds", 600, "defaultReward", 0.5));
        assertProblem(api.post("/bandits", silentDefault), HttpStatus.BAD_REQUEST, "validation");

        assertThat(api.post("/bandits", Specs.capriLdp("ldp-capri")).getStatusCode()).isEqualTo(HttpStatus.CREATED);
        int length = http.getForObject("/bandits/ldp-capri", JsonNode.class).path("epochLength").asInt();
        List<JsonNode> decisions = new ArrayList<>();
        List<List<Double>> contexts = List.of(List.of(0.2, 0.4), List.of(0.8, 0.1), List.of(0.5, 0.5));
        for (int t = 0; t < length; t++) {
            JsonNode d = api.ok("/decide", Map.of("bandit", "ldp-capri", "context", contexts.get(t % 3)));
            assertThat(d.path("learning").asBoolean()).isTrue();
            assertThat(d.path("randomiser").path("epoch").asInt()).isEqualTo(1);
            decisions.add(d);
        }
        String planPath = decisions.get(0).path("randomiser").path("plan").asText();
        assertThat(planPath).isEqualTo("/bandits/ldp-capri/epochs/1/randomiser");
        assertProblem(http.getForEntity(planPath, JsonNode.class), HttpStatus.CONFLICT, "not-ready");

        lifecycle.settle("ldp-capri"); // plans epoch 1; nothing to fold yet
        ResponseEntity<JsonNode> planned = http.getForEntity(planPath, JsonNode.class);
        assertThat(planned.getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(planned.getHeaders().getCacheControl()).contains("immutable");
        CapriRandomiserPlan plan = JSON.treeToValue(planned.getBody(), CapriRandomiserPlan.class);
        // The device's own floor: it accepts at most what this bandit's spec asks for, (1, 1e-5).
        CapriRandomiser device = new CapriRandomiser(plan, PrivacyFloor.of(1.0, 1e-5));
        SeededNoiseSource noise = new SeededNoiseSource(3);

        JsonNode first = decisions.get(0);
        String id0 = first.path("decisionId").asText();
        assertProblem(api.post("/feedback", Map.of("decisionId", id0, "reward", 0.9)), HttpStatus.BAD_REQUEST,
                "validation");
        CapriReport honest = report(device, first, contexts.get(0), 0.9, noise);
        Map<String, Object> forged = JSON.convertValue(honest, Map.class);
        forged.put("contribution", java.util.Collections.nCopies(plan.projectionSize(), 1e6));
        assertProblem(api.post("/feedback", Map.of("decisionId", id0, "report", forged)), HttpStatus.BAD_REQUEST,
                "validation");
        Map<String, Object> otherEpoch = JSON.convertValue(honest, Map.class);
        otherEpoch.put("epoch", 2);
        assertProblem(api.post("/feedback", Map.of("decisionId", id0, "report", otherEpoch)), HttpStatus.BAD_REQUEST,
                "validation");
        Map<String, Object> weaker = JSON.convertValue(honest, Map.class);
        weaker.put("sigma", plan.sigma() / 2);
        assertProblem(api.post("/feedback", Map.of("decisionId", id0, "report", weaker)), HttpStatus.BAD_REQUEST,
                "validation");
        // A report that declares an enormous σ still has its contribution judged by the plan's σ.
        Map<String, Object> inflated = JSON.convertValue(honest, Map.class);
        inflated.put("sigma", 1e300);
        inflated.put("contribution", java.util.Collections.nCopies(plan.projectionSize(), 1e6));
        assertProblem(api.post("/feedback", Map.of("decisionId", id0, "report", inflated)), HttpStatus.BAD_REQUEST,
                "validation");
        Map<String, Object> extra = JSON.convertValue(honest, Map.class);
        extra.put("reward", 0.9);
        assertProblem(api.post("/feedback", Map.of("decisionId", id0, "report", extra)), HttpStatus.BAD_REQUEST,
                "validation");

        for (int t = 0; t < length; t++) {
            JsonNode d = decisions.get(t);
            CapriReport r = t == 0 ? honest : report(device, d, contexts.get(t % 3), 0.5, noise);
            assertThat(api.ok("/feedback", Map.of("decisionId", d.path("decisionId").asText(), "report", r))
                    .path("status").asText()).isEqualTo("ACCEPTED");
        }
        assertThat(api.ok("/feedback", Map.of("decisionId", id0, "report", honest)).path("status").asText())
                .as("a retry").isEqualTo("DUPLICATE");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = 'ldp-capri' "
                + "AND (context IS NOT NULL OR reward IS NOT NULL)", Long.class))
                .as("the server keeps no context and never holds a reward").isZero();

        FeedbackWindows.pass(jdbc, "ldp-capri");
        assertThat(lifecycle.settle("ldp-capri")).isEqualTo(Step.CLOSED);
        JsonNode release = http.getForObject("/release?bandit=ldp-capri", JsonNode.class);
        assertThat(release.path("epoch").asInt()).isEqualTo(1);
        assertThat(release.path("privacy").path("model").asText()).isEqualTo("LDP");
        JsonNode ledger = http.getForObject("/bandits/ldp-capri/ledger", JsonNode.class);
        assertThat(ledger).hasSize(1);
        // The EXACT accountant charges the user's k reports' rho, k (2 C_r / sigma)^2 / 2, and the epsilon it is worth:
        // the plan's epsilon up to the rounding of sigma's bisection.
        assertThat(ledger.get(0).path("accountant").asText()).isEqualTo("EXACT");
        double mu = 2 * plan.contributionBound() / plan.sigma();
        assertThat(ledger.get(0).path("rho").asDouble()).isCloseTo(mu * mu / 2, org.assertj.core.api.Assertions
                .within(1e-12 * mu * mu));
        assertThat(ledger.get(0).path("epsilon").asDouble()).isCloseTo(plan.epsilon(),
                org.assertj.core.api.Assertions.within(1e-9));
    }

    @Test
    void aJdpBanditHasNoRandomiserPlanAndTakesNoReport() {
        api.ok("/bandits", Specs.capri("jdp-no-plan", 100, 600));
        assertProblem(http.getForEntity("/bandits/jdp-no-plan/epochs/1/randomiser", JsonNode.class),
                HttpStatus.BAD_REQUEST, "validation");
        JsonNode d = api.ok("/decide", Map.of("bandit", "jdp-no-plan", "context", List.of(0.2, 0.4)));
        assertThat(d.has("randomiser")).isFalse();
        assertProblem(api.post("/feedback", Map.of("decisionId", d.path("decisionId").asText(), "report",
                Map.of("epoch", 1))), HttpStatus.BAD_REQUEST, "validation");
        assertProblem(http.getForEntity("/bandits/jdp-no-plan/epochs/x/randomiser", JsonNode.class),
                HttpStatus.BAD_REQUEST, "validation");
    }

    /** What dpbandit-client does on the user's device. */
    static CapriReport report(CapriRandomiser device, JsonNode decision, List<Double> context, double reward,
            SeededNoiseSource noise) throws Exception {
        double[] c = context.stream().mapToDouble(Double::doubleValue).toArray();
        double[] a = JSON.treeToValue(decision.path("randomiser").path("actionFeatures"), double[].class);
        return device.randomise(c, a, reward, noise);
    }
}

package io.dpbandit.api;

import io.dpbandit.testing.ApiClient;
import io.dpbandit.lifecycle.Step;

import static io.dpbandit.testing.ApiClient.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.Specs;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

/**
 * POST /bandits/plan from the caller's side: a forecast for a spec before the bandit exists, for the
 * analyst and admin roles only, validated like POST /bandits, storing nothing; and a CAPRI bandit
 * created with the planner's refinements (pairwise elimination, planned projection and tau, reward
 * offset) runs its epochs through the service.
 */
class PlanEndpointTest extends PostgresIntegrationTest {

    @Autowired
    TestRestTemplate http;
    @Autowired
    LifecycleWorker lifecycle;
    @Autowired
    org.springframework.jdbc.core.JdbcTemplate jdbc;

    ResponseEntity<JsonNode> plan(Object spec, String key, String query) {
        HttpHeaders h = new HttpHeaders();
        h.set("X-API-Key", key);
        return http.exchange("/bandits/plan" + query, HttpMethod.POST, new HttpEntity<>(spec, h), JsonNode.class);
    }

    @Test
    void aCapriForecastListsEveryReleasingEpochAndStoresNothing() {
        var spec = Specs.capri("planned-capri", 5000, 600);
        ResponseEntity<JsonNode> r = plan(spec, "test-analyst-key", "?gap=0.2");
        assertThat(r.getStatusCode()).as("%s", r.getBody()).isEqualTo(HttpStatus.OK);
        JsonNode capri = r.getBody().path("capri");
        assertThat(r.getBody().path("algorithm").asText()).isEqualTo("CAPRI");
        assertThat(capri.path("gap").asDouble()).isEqualTo(0.2);
        JsonNode epochs = capri.path("epochs");
        assertThat(epochs.size()).isEqualTo(capri.path("releasingEpochs").asInt()).isGreaterThan(1);
        long start = 0;
        double charged = 0;
        for (JsonNode e : epochs) {
            assertThat(e.path("startRound").asLong()).isEqualTo(start);
            start += e.path("length").asLong();
            charged += e.path("chargedEpsilon").asDouble();
            assertThat(e.path("noiseSigma").asDouble()).isPositive();
            assertThat(e.path("resolvableGap").asDouble()).isPositive();
        }
        assertThat(start).isLessThanOrEqualTo(5000);
        assertThat(charged).isLessThanOrEqualTo(1.0 + 1e-12);
        assertThat(capri.path("totalEpsilon").asDouble()).isEqualTo(charged, org.assertj.core.api.Assertions.within(1e-9));
        // The first epoch's length is the one the bandit will run.
        assertThat(http.getForEntity("/bandits/planned-capri", JsonNode.class).getStatusCode())
                .as("planning stores nothing").isEqualTo(HttpStatus.NOT_FOUND);
        http.postForEntity("/bandits", spec, JsonNode.class);
        assertThat(http.getForObject("/bandits/planned-capri", JsonNode.class).path("epochLength").asInt())
                .isEqualTo(epochs.get(0).path("length").asInt());

        // The existing bandit's forecast: computed once in the background, then the same report.
        JsonNode forecast = io.dpbandit.testing.BanditForecasts.awaitDone(
                () -> http.getForObject("/bandits/planned-capri/plan", JsonNode.class));
        assertThat(forecast.path("status").asText()).as("%s", forecast).isEqualTo("READY");
        assertThat(forecast.path("report").path("capri").path("epochs").size()).isEqualTo(epochs.size());
        assertThat(forecast.path("report").path("capri").path("actions").asInt()).isEqualTo(3);
        HttpHeaders decider = new HttpHeaders();
        decider.set("X-API-Key", "test-decider-key");
        assertThat(http.exchange("/bandits/planned-capri/plan", HttpMethod.GET, new HttpEntity<>(decider),
                JsonNode.class).getStatusCode()).isEqualTo(HttpStatus.FORBIDDEN);
        assertThat(http.getForEntity("/bandits/no-such-bandit/plan", JsonNode.class).getStatusCode())
                .isEqualTo(HttpStatus.NOT_FOUND);
    }

    /**
     * ONLINEUCB: the devices' noise and when the model resolves the gap, from the spec alone, for a spec
     * and for an existing bandit; under privacy.unit USER each of a user's k reports is noisier, so more
     * reports and at least a k-th as many users are needed. The forecast is arithmetic (no horizon is
     * too long for it); a bad gap is a 400 naming it.
     */
    @Test
    void anOnlineUcbForecastComesFromTheDevicesPublicParameters() {
        var online = Specs.linear("planned-online", "ONLINEUCB", 2_000_000_000, 600);
        ResponseEntity<JsonNode> r = plan(online, "test-analyst-key", "?gap=0.5");
        assertThat(r.getStatusCode()).as("%s", r.getBody()).isEqualTo(HttpStatus.OK);
        assertThat(r.getBody().path("algorithm").asText()).isEqualTo("ONLINEUCB");
        JsonNode f = r.getBody().path("onlineucb");
        assertThat(f.path("dimension").asInt()).as("OUTER_PRODUCT of 2 x 2").isEqualTo(4);
        assertThat(f.path("reportsPerUser").asInt()).isEqualTo(1);
        assertThat(f.path("reportEpsilon").asDouble()).isEqualTo(1.0);
        assertThat(f.path("points")).hasSize(4);
        assertThat(f.path("points").get(3).path("rounds").asLong()).isEqualTo(2_000_000_000L);
        long rounds = f.path("roundsToResolve").asLong();
        assertThat(rounds).isPositive();
        assertThat(f.path("usersToResolve").asLong()).isEqualTo(rounds);
        assertThat(r.getBody().path("linear").isNull()).isTrue();

        var users = Specs.linear("planned-online-users", "ONLINEUCB", 2_000_000_000, 600);
        users.put("privacy", Map.of("model", "LDP", "epsilon", 1.0, "delta", 1e-5, "unit", "USER",
                "maxRoundsPerUser", 4));
        JsonNode u = plan(users, "test-analyst-key", "?gap=0.5").getBody().path("onlineucb");
        assertThat(u.path("reportsPerUser").asInt()).isEqualTo(4);
        assertThat(u.path("reportEpsilon").asDouble()).isLessThan(1.0);
        assertThat(u.path("featureSigma").asDouble()).isGreaterThan(f.path("featureSigma").asDouble());
        long userRounds = u.path("roundsToResolve").asLong();
        assertThat(userRounds).isGreaterThan(rounds);
        assertThat(u.path("usersToResolve").asLong()).isEqualTo((userRounds + 3) / 4);

        assertProblem(plan(online, "test-analyst-key", "?gap=0"), HttpStatus.BAD_REQUEST, "validation");
        ResponseEntity<JsonNode> badGap = plan(online, "test-analyst-key", "?gap=-0.5");
        assertProblem(badGap, HttpStatus.BAD_REQUEST, "validation");
        assertThat(badGap.getBody().toString()).contains("gap");

        // An existing bandit's forecast is the same report, computed in the background.
        var small = Specs.linear("planned-online", "ONLINEUCB", 20000, 600);
        assertThat(http.postForEntity("/bandits", small, JsonNode.class).getStatusCode()).isEqualTo(HttpStatus.CREATED);
        JsonNode forecast = io.dpbandit.testing.BanditForecasts.awaitDone(
                () -> http.getForObject("/bandits/planned-online/plan", JsonNode.class));
        assertThat(forecast.path("status").asText()).as("%s", forecast).isEqualTo("READY");
        assertThat(forecast.path("report").path("onlineucb"))
                .isEqualTo(plan(small, "test-analyst-key", "").getBody().path("onlineucb"));
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aUscaForecastGivesTheReleaseSharpnessAndCoverage() {
        var spec = Specs.usca(null, 2000, 1.0, 1.0);
        spec.remove("id");
        ResponseEntity<JsonNode> r = plan(spec, "test-admin-key", "");
        assertThat(r.getStatusCode()).as("%s", r.getBody()).isEqualTo(HttpStatus.OK);
        JsonNode usca = r.getBody().path("usca");
        assertThat(usca.path("supportSize").asInt()).isEqualTo(4);
        assertThat(usca.path("approximationDraws").asLong()).isEqualTo(20);
        assertThat(usca.path("coverage").asDouble()).isBetween(0.0, 1.0);
        assertThat(usca.path("bestProbabilityAtGap").asDouble()).isBetween(0.5, 1.0);
        assertThat(r.getBody().path("capri").isNull()).isTrue();
    }

    @Test
    void onlyAnalystsAndAdminsPlanAndBadSpecsOrOptionsAreProblems() {
        var spec = Specs.capri("planned-other", 2000, 600);
        assertThat(plan(spec, "test-decider-key", "").getStatusCode()).isEqualTo(HttpStatus.FORBIDDEN);
        assertThat(plan(spec, "test-ops-key", "").getStatusCode()).isEqualTo(HttpStatus.FORBIDDEN);
        assertThat(plan(spec, "dpb_wrong", "").getStatusCode()).isEqualTo(HttpStatus.UNAUTHORIZED);

        var bad = Specs.capri("planned-bad", 2000, 600);
        bad.put("horizon", -3);
        assertProblem(plan(bad, "test-analyst-key", ""), HttpStatus.BAD_REQUEST, "validation");
        assertProblem(plan(spec, "test-analyst-key", "?gap=-1"), HttpStatus.BAD_REQUEST, "validation");
        assertProblem(plan(spec, "test-analyst-key", "?gap=abc"), HttpStatus.BAD_REQUEST, "validation");
        // LINUCB: the model's noise and when it resolves the gap, from the spec alone.
        var linear = Specs.linear("planned-linear", "LINUCB", 100000, 600);
        linear.put("linear", Map.of("featureMap", "PER_ACTION"));
        linear.put("actions", List.of(Map.of("id", "a"), Map.of("id", "b"), Map.of("id", "c")));
        ResponseEntity<JsonNode> linearPlan = plan(linear, "test-analyst-key", "?gap=0.3");
        assertThat(linearPlan.getStatusCode()).as("%s", linearPlan.getBody()).isEqualTo(HttpStatus.OK);
        JsonNode lf = linearPlan.getBody().path("linear");
        assertThat(lf.path("blocks").asInt()).isEqualTo(3);
        assertThat(lf.path("blockDimension").asInt()).isEqualTo(2);
        assertThat(lf.path("points")).hasSize(4);
        assertThat(lf.path("roundsToResolve").asLong()).isPositive();
        assertThat(linearPlan.getBody().path("notes").toString()).contains("learning rounds");


        var pairwise = Specs.capri("planned-pairwise", 2000, 600);
        pairwise.put("tuning", Map.of("elimination", "PAIRWISE"));
        ResponseEntity<JsonNode> tooLarge = plan(pairwise, "test-analyst-key", "");
        assertProblem(tooLarge, HttpStatus.BAD_REQUEST, "validation");
        assertThat(tooLarge.getBody().toString()).contains("tuning.projectionCap");
    }

    /** GPUCB, JDP and LDP: the model's noise and when it resolves the gap, for a spec and for a bandit. */
    @Test
    void aGpUcbForecastIsServedForSpecsAndBandits() {
        for (String model : List.of("JDP", "LDP")) {
            var spec = Specs.gp(null, model, 20000);
            spec.remove("id");
            ResponseEntity<JsonNode> r = plan(spec, "test-analyst-key", "?gap=0.3");
            assertThat(r.getStatusCode()).as("%s", r.getBody()).isEqualTo(HttpStatus.OK);
            assertThat(r.getBody().path("algorithm").asText()).isEqualTo("GPUCB");
            JsonNode g = r.getBody().path("gpucb");
            assertThat(g.path("privacyModel").asText()).isEqualTo(model);
            assertThat(g.path("featureDimension").asInt()).isEqualTo(32);
            assertThat(g.path("gap").asDouble()).isEqualTo(0.3);
            assertThat(g.path("points")).hasSize(4);
            assertThat(g.path("regulariser").asText()).isEqualTo("SHIFT");
            assertThat(r.getBody().path("notes").toString()).contains("a gap of 0.300");
            assertThat(r.getBody().path("linear").isNull()).isTrue();
        }
        var badGap = Specs.gp("planned-gp", "JDP", 2000);
        assertProblem(plan(badGap, "test-analyst-key", "?gap=0"), HttpStatus.BAD_REQUEST, "validation");

        http.postForEntity("/bandits", Specs.gp("planned-gp", "JDP", 2000), JsonNode.class);
        JsonNode forecast = http.getForObject("/bandits/planned-gp/plan", JsonNode.class);
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (forecast.path("status").asText().equals("COMPUTING") && System.nanoTime() < deadline) {
            sleep(100);
            forecast = http.getForObject("/bandits/planned-gp/plan", JsonNode.class);
        }
        assertThat(forecast.path("status").asText()).as("%s", forecast).isEqualTo("READY");
        assertThat(forecast.path("report").path("gpucb").path("horizon").asLong()).isEqualTo(2000);
        assertThat(forecast.path("report").path("gpucb").path("leafRounds").asLong()).isEqualTo(8);
    }

    @Test
    void aRefinedCapriBanditRunsItsEpochsThroughTheService() {
        var spec = Specs.capri("refined", 400, 600);
        spec.put("privacy", Map.of("model", "JDP", "epsilon", 1.0, "delta", 1e-5, "composition", "PARALLEL"));
        spec.put("rewardBound", 0.5);
        spec.put("feedback", Map.of("waitSeconds", 600, "defaultReward", 0.5));
        // The paper's decisions pinned (exploit NONE): every decision of these epochs is a learning round.
        spec.put("tuning", Map.of("elimination", "PAIRWISE", "statisticalWidth", "VARIANCE", "projection", "PLANNED",
                "tauRule", "PLANNED", "rewardOffset", 0.5, "projectionCap", 200, "exploit", "NONE"));
        ResponseEntity<JsonNode> forecast = plan(spec, "test-analyst-key", "");
        assertThat(forecast.getStatusCode()).as("%s", forecast.getBody()).isEqualTo(HttpStatus.OK);
        assertThat(forecast.getBody().path("capri").path("elimination").asText()).isEqualTo("PAIRWISE");
        assertThat(http.postForEntity("/bandits", spec, JsonNode.class).getStatusCode()).isEqualTo(HttpStatus.CREATED);
        for (int epoch = 1; epoch <= 2; epoch++) {
            JsonNode status = http.getForObject("/bandits/refined", JsonNode.class);
            int left = status.path("epochLength").asInt() - status.path("current").path("assigned").asInt();
            for (int t = 0; t < left; t++) {
                List<Double> context = t % 2 == 0 ? List.of(0.2, 0.4) : List.of(0.8, 0.1);
                JsonNode d = http.postForObject("/decide", Map.of("bandit", "refined", "context", context),
                        JsonNode.class);
                // Rewards in [0, 1] enter as clip(y - 0.5, -0.5, 0.5): 1.0 is not clipped.
                JsonNode f = http.postForObject("/feedback", Map.of("decisionId", d.path("decisionId").asText(),
                        "reward", d.path("action").asText().equals("a1") ? 1.0 : 0.0), JsonNode.class);
                assertThat(f.path("status").asText()).isEqualTo("ACCEPTED");
                assertThat(f.path("clipped").asBoolean()).isFalse();
            }
            FeedbackWindows.pass(jdbc, "refined");
            assertThat(lifecycle.settle("refined")).isEqualTo(Step.CLOSED);
        }
        JsonNode release = http.getForObject("/release?bandit=refined", JsonNode.class);
        assertThat(release.path("epoch").asInt()).isEqualTo(2);
        JsonNode ledger = http.getForObject("/bandits/refined/ledger", JsonNode.class);
        double spent = 0;
        for (JsonNode charge : ledger) {
            spent += charge.path("epsilon").asDouble();
        }
        assertThat(spent).as("PARALLEL: the first release pays the whole epsilon (the rho of its noise, a hair "
                + "under the budget's), later ones nothing").isLessThanOrEqualTo(1.0)
                .isEqualTo(1.0, org.assertj.core.api.Assertions.within(1e-9));
        JsonNode recommendations = http.getForObject("/bandits/refined/recommendations", JsonNode.class);
        assertThat(recommendations.path("actions").size()).isEqualTo(3);
    }
}

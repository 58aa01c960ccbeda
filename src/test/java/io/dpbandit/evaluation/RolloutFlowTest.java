package io.dpbandit.evaluation;

import static io.dpbandit.testing.ApiClient.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.privacy.ZcdpAccounting;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.testing.ApiClient;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.Specs;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A rollout from the caller's side: decisions that name a baseline are served by a public coin, both
 * arms' rewards are taken, the evaluation releases on its schedule, and AUTO promotion acts on the
 * lift's interval: a bandit far better than its baseline is promoted, one worse than a perfect baseline
 * is rolled back and never promoted.
 *
 * <p>The world: action a2 always rewards 1, the others 0, whatever the context. Contexts are drawn
 * from a seeded source; the service's own draws are its own.
 */
class RolloutFlowTest extends PostgresIntegrationTest {

    @Autowired
    ApiClient api;
    @Autowired
    LifecycleWorker lifecycle;
    @Autowired
    JdbcTemplate jdbc;

    /**
     * LINUCB over three labels at (4, 1e-5) with a rollout of ten looks of 200 decisions, rewards in [0, 1]. At ε = 1 and windows this small
     * the evaluation's noise (5 % of the budget's μ²) is wider than its sampling error: the
     * half-width shrinks with the window as 1/√(N · window) (docs/launch.md, "What it costs").
     */
    static Map<String, Object> spec(String id, String promotion) {
        return spec(id, promotion, null);
    }

    static Map<String, Object> spec(String id, String promotion, Integer firstAutoLook) {
        Map<String, Object> spec = Specs.linear(id, "LINUCB", 2000, 600);
        spec.put("privacy", Map.of("model", "JDP", "epsilon", 4.0, "delta", 1e-5));
        // Labels: LEARN serves one model block per action, released in epochs (the README's walkthrough).
        spec.put("actions", List.of(Map.of("id", "a1"), Map.of("id", "a2"), Map.of("id", "a3")));
        Map<String, Object> rollout = new HashMap<>(Map.of("share", 0.5, "promotion", promotion, "window", 200,
                "looks", 10, "rewardRange", List.of(0.0, 1.0)));
        if (firstAutoLook != null) {
            rollout.put("firstAutoLook", firstAutoLook);
        }
        spec.put("rollout", rollout);
        return spec;
    }

    /** Plays {@code n} decisions with the baseline named, answers each at once; counts per arm. */
    Map<String, Integer> play(String bandit, String baseline, int n, Random world) throws Exception {
        return play(bandit, baseline, n, world, false);
    }

    /**
     * As above, four users at a time (the order within 100 is theirs), the lifecycle driven after each 100
     * as the worker would (it is off in tests); {@code fresh}: the bandit has made no release yet when the
     * first 100 decisions are made.
     */
    Map<String, Integer> play(String bandit, String baseline, int n, Random world, boolean fresh) throws Exception {
        Map<String, Integer> served = new java.util.concurrent.ConcurrentHashMap<>();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            for (int from = 0; from < n; from += 100) {
                List<java.util.concurrent.Future<?>> users = new java.util.ArrayList<>();
                for (int t = from; t < Math.min(n, from + 100); t++) {
                    List<Double> context = List.of(world.nextDouble(), world.nextDouble());
                    boolean first = fresh && t < 100;
                    users.add(pool.submit(() -> user(bandit, baseline, context, first, served)));
                }
                for (var u : users) {
                    u.get();
                }
                // What the worker does (it is off in tests): the waits pass, the model and the evaluation release.
                FeedbackWindows.pass(jdbc, bandit);
                lifecycle.settle(bandit);
            }
        } finally {
            pool.shutdownNow();
        }
        return served;
    }

    /** One decision naming the baseline, checked from the caller's side, and its reward: 1 for a2. */
    void user(String bandit, String baseline, List<Double> context, boolean beforeFirstRelease,
            Map<String, Integer> served) {
        JsonNode d = api.ok("/decide", Map.of("bandit", bandit, "context", context, "baseline", baseline));
        String arm = d.path("servedBy").asText();
        served.merge(arm, 1, Integer::sum);
        if (arm.equals("BASELINE")) {
            assertThat(d.path("action").asText()).isEqualTo(baseline);
            assertThat(d.path("propensity").asDouble()).isEqualTo(1.0);
            assertThat(d.path("learning").asBoolean()).isFalse();
        } else {
            assertThat(arm).isEqualTo("BANDIT");
            assertThat(d.path("propensity").asDouble()).isBetween(1e-9, 1.0);
            if (beforeFirstRelease) {
                // Before its first release the bandit plays its three labels alike: 1/3 each.
                assertThat(d.path("propensity").asDouble()).isCloseTo(1.0 / 3,
                        org.assertj.core.data.Offset.offset(1e-12));
            }
        }
        double reward = d.path("action").asText().equals("a2") ? 1.0 : 0.0;
        assertThat(api.feedback(d.path("decisionId").asText(), reward)).as("both arms' rewards are taken")
                .isEqualTo("ACCEPTED");
    }

    @Test
    void aBanditFarBetterThanItsBaselineIsPromotedAndThenServesEveryDecision() throws Exception {
        // The planner says, from the spec alone, what one window's lift interval will be.
        String note = null;
        for (JsonNode n : api.ok("/bandits/plan", spec("rollout-weak", "AUTO")).path("notes")) {
            note = n.asText().startsWith("Rollout:") ? n.asText() : note;
        }
        assertThat(note).isNotNull().contains("from look");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("tells a lift of ±([0-9.]+)").matcher(note);
        assertThat(m.find()).as(note).isTrue();
        double forecastHalfWidth = Double.parseDouble(m.group(1));
        JsonNode created = api.ok("/bandits", spec("rollout-weak", "AUTO"));
        // LEARN's first epoch (linear.firstEpoch of the 2000 learning rounds, twice that in decisions at share
        // 0.5) is uniform play: AUTO judges the windows of 200 decisions after it.
        JsonNode choice = null;
        for (JsonNode c : created.path("choices")) {
            choice = c.path("field").asText().equals("rollout.firstAutoLook") ? c : choice;
        }
        assertThat(choice).as("%s", created).isNotNull();
        double firstEpoch = 0;
        for (JsonNode c : created.path("choices")) {
            firstEpoch = c.path("field").asText().equals("linear.firstEpoch") ? c.path("value").asDouble() : firstEpoch;
        }
        int firstAutoLook = (int) Math.ceil(firstEpoch * 2000 / 0.5 / 200) + 1;
        assertThat(firstEpoch).isPositive();
        assertThat(choice.path("value").asInt()).isEqualTo(firstAutoLook);
        assertThat(created.path("rollout").path("state").asText()).isEqualTo("TRIAL");
        assertThat(created.path("rollout").path("share").asDouble()).isEqualTo(0.5);
        JsonNode ledger = api.ok("/bandits/rollout-weak/ledger");
        assertThat(ledger.findValuesAsText("reason")).contains("evaluation");
        double rho = 0;
        for (JsonNode e : ledger) {
            rho += e.path("rho").asDouble();
        }
        assertThat(rho).as("learning and evaluation together within the budget's rho")
                .isLessThanOrEqualTo(ZcdpAccounting.budgetRho(new PrivacyCost(4.0, 1e-5)));
        assertThat(rho).as("and spending nearly all of it").isGreaterThan(0.99 * ZcdpAccounting.budgetRho(
                new PrivacyCost(4.0, 1e-5)));

        // The coin before any AUTO look can act (the first 400 decisions: windows 1 and 2), then the rest.
        Map<String, Integer> served = play("rollout-weak", "a1", 400, new Random(1), true);
        play("rollout-weak", "a1", 800, new Random(5));
        // A fair coin over 400 decisions: within 6 standard deviations (false failure < 1e-8).
        assertThat(served.get("BANDIT")).isBetween(200 - 60, 200 + 60);
        FeedbackWindows.pass(jdbc, "rollout-weak");
        lifecycle.settle("rollout-weak");
        FeedbackWindows.pass(jdbc, "rollout-weak");
        lifecycle.settle("rollout-weak");

        JsonNode evaluation = api.ok("/bandits/rollout-weak/evaluation");
        assertThat(evaluation.path("confidence").asDouble()).isEqualTo(0.95);
        assertThat(evaluation.path("releases").size()).isEqualTo(6);
        JsonNode last = evaluation.path("releases").get(5);
        System.out.println(evaluation.toPrettyString());
        assertThat(last.path("rounds").path("bandit").asLong() + last.path("rounds").path("baseline").asLong())
                .isEqualTo(1200);
        assertThat(last.path("lift").path("low").asDouble()).as("the lift over every decision").isPositive();
        // A window's interval as forecast (its counts follow the coin: about 100 decisions per arm; at 4.2
        // standard deviations off, 70 against 130, the half-width moves by 5 %).
        JsonNode window = evaluation.path("releases").get(0).path("windowLift");
        assertThat(window.path("value").asDouble() - window.path("low").asDouble())
                .isCloseTo(forecastHalfWidth, org.assertj.core.data.Percentage.withPercentage(20));
        JsonNode promotion = evaluation.path("promotion");
        assertThat(promotion.path("state").asText()).isEqualTo("PROMOTED");
        assertThat(promotion.path("share").asDouble()).isEqualTo(1.0);
        JsonNode event = promotion.path("history").get(1);
        assertThat(event.path("cause").asText()).isEqualTo("AUTO");
        assertThat(event.path("liftLow").asDouble()).isPositive();
        assertThat(event.path("look").asInt()).as("not before the first look AUTO judges")
                .isGreaterThanOrEqualTo(firstAutoLook);

        assertThat(api.ok("/bandits/rollout-weak").path("rollout").path("state").asText()).isEqualTo("PROMOTED");
        Map<String, Integer> after = play("rollout-weak", "a1", 50, new Random(2));
        assertThat(after).containsOnlyKeys("BANDIT");
    }

    @Test
    void aBanditWorseThanAPerfectBaselineIsRolledBackAndNeverPromoted() throws Exception {
        // Judged from the first look: the bandit's uniform first epoch is far below a perfect baseline.
        api.ok("/bandits", spec("rollout-perfect", "AUTO", 1));
        play("rollout-perfect", "a2", 600, new Random(3));
        FeedbackWindows.pass(jdbc, "rollout-perfect");
        lifecycle.settle("rollout-perfect");
        JsonNode promotion = api.ok("/bandits/rollout-perfect/evaluation").path("promotion");
        assertThat(promotion.path("history").findValuesAsText("state")).doesNotContain("PROMOTED");
        assertThat(promotion.path("state").asText()).isEqualTo("ROLLED_BACK");
        assertThat(play("rollout-perfect", "a2", 30, new Random(4))).containsOnlyKeys("BASELINE");
        // An admin may still promote it: the share follows.
        assertThat(api.ok("/bandits/rollout-perfect/promote", "").path("state").asText()).isEqualTo("PROMOTED");
    }

    @Test
    void theDocsExampleSpecCreatesARolloutAndItsPlanSaysWhatTheEvaluationCosts() throws Exception {
        JsonNode example = new com.fasterxml.jackson.databind.ObjectMapper().readTree(
                io.dpbandit.testing.RepositoryPaths.root().resolve("examples/topics-rollout.json").toFile());
        JsonNode created = api.ok("/bandits", example);
        assertThat(created.path("rollout").path("mode").asText()).isEqualTo("AUTO");
        assertThat(api.ok("/bandits/topics/privacy").path("mechanisms").findValuesAsText("name"))
                .contains("Gaussian mechanism (the rollout's evaluation)");
        JsonNode decision = api.ok("/decide", Map.of("bandit", "topics", "context", List.of(0.3, 0.7), "baseline",
                "news"));
        assertThat(decision.path("servedBy").asText()).isIn("BANDIT", "BASELINE");
    }

    @Test
    void aRewardIsKeptOnlyUntilTheReleaseThatCoversItOrUntilNoneCan() {
        api.ok("/bandits", spec("rollout-retired", "MANUAL"));
        for (int t = 0; t < 205; t++) {
            JsonNode d = api.ok("/decide", Map.of("bandit", "rollout-retired", "context", List.of(0.1, 0.2),
                    "baseline", "a1"));
            api.feedback(d.path("decisionId").asText(), 1.0);
        }
        FeedbackWindows.pass(jdbc, "rollout-retired");
        lifecycle.settle("rollout-retired");
        assertThat(api.ok("/bandits/rollout-retired/evaluation").path("releases").size()).isEqualTo(1);
        String kept = "SELECT count(*) FROM decision WHERE bandit_id = 'rollout-retired' AND eval_reward IS NOT NULL";
        assertThat(jdbc.queryForObject(kept, Long.class)).as("the released window's rewards are forgotten").isEqualTo(5);
        api.ok("/bandits/rollout-retired/retire", "");
        lifecycle.settle("rollout-retired");
        assertThat(jdbc.queryForObject(kept, Long.class)).as("a retired bandit's last window never fills").isZero();
        assertThat(jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = 'rollout-retired' "
                + "AND eval_window = 0", Long.class)).isEqualTo(5);
    }

    @Test
    void mistakesAreClearErrors() {
        api.ok("/bandits", Specs.linear("no-rollout", "LINUCB", 100, 600));
        var withoutRollout = api.post("/decide", Map.of("bandit", "no-rollout", "context", List.of(0.1, 0.2),
                "baseline", "a1"));
        assertProblem(withoutRollout, HttpStatus.BAD_REQUEST, "validation");
        assertThat(withoutRollout.getBody().toString()).contains("baseline").contains("rollout");
        assertProblem(api.post("/bandits/no-rollout/promote", ""), HttpStatus.CONFLICT, "conflict");
        assertProblem(api.get("/bandits/no-rollout/evaluation"), HttpStatus.NOT_FOUND, "not-found");

        api.ok("/bandits", spec("rollout-errors", "MANUAL"));
        var unknown = api.post("/decide", Map.of("bandit", "rollout-errors", "context", List.of(0.1, 0.2),
                "baseline", "nope"));
        assertProblem(unknown, HttpStatus.BAD_REQUEST, "validation");
        assertThat(unknown.getBody().toString()).contains("baseline");
        // A retry (the same requestId) is the same decision, served by the same arm.
        Map<String, Object> retried = Map.of("bandit", "rollout-errors", "context", List.of(0.1, 0.2), "baseline",
                "a1", "requestId", "retry-1");
        JsonNode first = api.ok("/decide", retried);
        for (int i = 0; i < 5; i++) {
            JsonNode again = api.ok("/decide", retried);
            assertThat(again.path("decisionId").asText()).isEqualTo(first.path("decisionId").asText());
            assertThat(again.path("servedBy").asText()).isEqualTo(first.path("servedBy").asText());
            assertThat(again.path("propensity").asDouble()).isEqualTo(first.path("propensity").asDouble());
        }
        var outside = api.post("/decide", Map.of("bandit", "rollout-errors", "context", List.of(0.1, 0.2),
                "baseline", "a1", "candidates", List.of("a2", "a3")));
        assertProblem(outside, HttpStatus.BAD_REQUEST, "validation");
        assertThat(outside.getBody().toString()).contains("candidates");
        JsonNode plain = api.ok("/decide", Map.of("bandit", "rollout-errors", "context", List.of(0.1, 0.2)));
        assertThat(plain.has("servedBy")).as("a decision without a baseline is the bandit's, outside the evaluation")
                .isFalse();

        Map<String, Object> usca = Specs.usca("rollout-usca", 100, 0.5, 2.0);
        usca.put("rollout", Map.of("share", 0.5));
        var refused = api.post("/bandits", usca);
        assertProblem(refused, HttpStatus.BAD_REQUEST, "validation");
        assertThat(refused.getBody().toString()).contains("rollout");
        Map<String, Object> ldp = Specs.linear("rollout-ldp", "ONLINEUCB", 100, 600);
        ldp.put("rollout", Map.of("share", 0.5));
        assertProblem(api.post("/bandits", ldp), HttpStatus.BAD_REQUEST, "validation");
        for (Map<String, Object> bad : List.<Map<String, Object>>of(Map.of("share", 1.5), Map.of("share", -1e300),
                Map.of("evaluationShare", 0.9), Map.of("evaluationShare", 0.0), Map.of("looks", 0),
                Map.of("window", 1), Map.of("confidence", 1.0), Map.of("rewardRange", List.of(1.0, 0.0)),
                Map.of("rewardRange", List.of(0.0)), Map.of("firstAutoLook", 0), Map.of("promotion", "SOMETIMES"))) {
            Map<String, Object> spec = spec("rollout-bad", "MANUAL");
            spec.put("rollout", bad);
            var answer = api.post("/bandits", spec);
            assertThat(answer.getStatusCode()).as("%s", bad).isEqualTo(HttpStatus.BAD_REQUEST);
            assertThat(answer.getBody().toString()).as("%s", bad).contains("rollout").doesNotContain("Exception");
        }
    }
}

package io.dpbandit.api;

import io.dpbandit.lifecycle.Step;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.Specs;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;

/** What the analyst page reads: the epochs' timeline and the public model's recommendations. */
class InsightsTest extends PostgresIntegrationTest {

    @Autowired
    TestRestTemplate http;
    @Autowired
    LifecycleWorker lifecycle;
    @Autowired
    org.springframework.jdbc.core.JdbcTemplate jdbc;

    @Test
    void epochsShowTheirTimelineReleaseAndChargeAndThePoolGetsRecommendations() {
        http.postForEntity("/bandits", Specs.capri("insights", 100, 600), JsonNode.class);
        JsonNode before = http.getForObject("/bandits/insights/epochs", JsonNode.class);
        assertThat(before).hasSize(1);
        assertThat(before.get(0).path("status").asText()).isEqualTo("OPEN");
        assertThat(before.get(0).path("width").isNull()).isTrue();
        JsonNode none = http.getForObject("/bandits/insights/recommendations", JsonNode.class);
        assertThat(none.path("actions")).as("no model yet: every action is active").hasSize(3);

        int length = before.get(0).path("length").asInt();
        for (int t = 0; t < length; t++) {
            String id = http.postForObject("/decide", Map.of("bandit", "insights", "context", List.of(0.2, 0.4)),
                    JsonNode.class).path("decisionId").asText();
            http.postForObject("/feedback", Map.of("decisionId", id, "reward", 0.7), JsonNode.class);
        }
        FeedbackWindows.pass(jdbc, "insights");
        assertThat(lifecycle.settle("insights")).isEqualTo(Step.CLOSED);

        JsonNode epochs = http.getForObject("/bandits/insights/epochs", JsonNode.class);
        assertThat(epochs).hasSize(2);
        JsonNode first = epochs.get(0);
        assertThat(first.path("status").asText()).isEqualTo("CLOSED");
        assertThat(first.path("folded").asInt()).isEqualTo(length);
        assertThat(first.path("width").asDouble()).isPositive();
        assertThat(first.path("projectionSize").asInt()).isPositive();
        assertThat(first.path("meanActiveSetSize").asDouble()).isBetween(1.0, 3.0);
        assertThat(first.path("epsilon").asDouble()).isPositive();
        assertThat(first.path("closedAt").asText()).isNotBlank();
        assertThat(epochs.get(1).path("status").asText()).isEqualTo("OPEN");

        JsonNode recommended = http.getForObject("/bandits/insights/recommendations", JsonNode.class);
        assertThat(recommended.path("poolSize").asInt()).isEqualTo(3);
        assertThat(recommended.path("contexts")).hasSize(3);
        for (JsonNode a : recommended.path("actions")) {
            assertThat(Set.of("a1", "a2", "a3")).contains(a.asText());
        }
        for (JsonNode size : recommended.path("activeSetSizes")) {
            assertThat(size.asInt()).isBetween(1, 3);
        }
        // Resolved exactly where elimination left one action: anywhere else the release has not
        // separated the actions by more than its noise, and the answer says the action is a guess.
        assertThat(recommended.path("resolved")).hasSize(3);
        for (int i = 0; i < 3; i++) {
            assertThat(recommended.path("resolved").get(i).asBoolean())
                    .isEqualTo(recommended.path("activeSetSizes").get(i).asInt() == 1);
        }
        // Where a context is not resolved, the answer says when the planner expects its median margin to be:
        // the rounds at the end of one of the planned releasing epochs (or null, none within the horizon).
        JsonNode plan = io.dpbandit.testing.BanditForecasts.awaitDone(
                () -> http.getForObject("/bandits/insights/plan", JsonNode.class));
        Set<Long> releaseEnds = new java.util.HashSet<>();
        for (JsonNode e : plan.path("report").path("capri").path("epochs")) {
            if (e.path("releases").asBoolean()) {
                releaseEnds.add(e.path("startRound").asLong() + e.path("length").asLong());
            }
        }
        assertThat(plan.path("status").asText()).as("%s", plan).isEqualTo("READY");
        assertThat(releaseEnds).as("%s", plan).isNotEmpty();
        JsonNode rounds = recommended.path("roundsToResolve");
        assertThat(rounds.isNull() || releaseEnds.contains(rounds.asLong())).as("%s in %s", rounds, releaseEnds).isTrue();
        // never a release already made: the first one (length rounds) left these margins unresolved
        assertThat(rounds.isNull() || rounds.asLong() > length).as("%s after %d", rounds, length).isTrue();
    }

    @Test
    void aFullEpochReportsHowFarItsCloseHasComeInTheStatusUntilItCloses() {
        http.postForEntity("/bandits", Specs.capri("closing", 100, 600), JsonNode.class);
        lifecycle.settle("closing");
        int length = http.getForObject("/bandits/closing", JsonNode.class).path("epochLength").asInt();
        List<String> decisions = new java.util.ArrayList<>();
        for (int t = 0; t < length; t++) {
            decisions.add(http.postForObject("/decide", Map.of("bandit", "closing", "context", List.of(0.2, 0.4)),
                    JsonNode.class).path("decisionId").asText());
        }
        // Every reward comes at once, but progress follows the feedback windows, not the feedback:
        // only the rounds whose windows have passed (the first 3/5) are folded.
        for (String id : decisions) {
            http.postForObject("/feedback", Map.of("decisionId", id, "reward", 0.5), JsonNode.class);
        }
        assertThat(lifecycle.settle("closing")).isEqualTo(Step.NONE);
        int waitedOut = length * 3 / 5;
        FeedbackWindows.passFor(jdbc, decisions.subList(0, waitedOut));
        assertThat(lifecycle.settle("closing")).isEqualTo(Step.FOLDED);

        JsonNode current = http.getForObject("/bandits/closing", JsonNode.class).path("current");
        assertThat(current.path("status").asText()).isEqualTo("OPEN");
        assertThat(current.path("work").asText()).isEqualTo("CLOSING:FOLDING");
        assertThat(current.path("progress").asDouble()).isEqualTo((double) waitedOut / length);
        assertThat(current.path("folded").asInt()).isEqualTo(waitedOut);

        FeedbackWindows.pass(jdbc, "closing");
        assertThat(lifecycle.settle("closing")).isEqualTo(Step.CLOSED);
        JsonNode closed = http.getForObject("/bandits/closing/epochs", JsonNode.class).get(0);
        assertThat(closed.path("status").asText()).isEqualTo("CLOSED");
        assertThat(closed.path("work").isNull()).as("a closed epoch reports no work").isTrue();
        assertThat(closed.path("progress").isNull()).isTrue();
    }

    @Test
    void aSequentialModelHoldsItsFoldedRoundsAnEpochReleaseOnlyItsReleasedEpochsAndAnEpochAlgorithmItsClosedOnes() {
        // LINUCB on the tree: leaves of B = ⌈2560/256⌉ = 10; 25 rounds waited out fold as two whole leaves.
        http.postForEntity("/bandits", Specs.linear("held-tree", "LINUCB", 2560, 600), JsonNode.class);
        playAndWaitOut("held-tree", 25, List.of(0.3, 0.6));
        lifecycle.settle("held-tree");
        JsonNode tree = http.getForObject("/bandits/held-tree", JsonNode.class);
        assertThat(tree.path("current").path("folded").asInt()).isEqualTo(20);
        assertThat(tree.path("rounds").asLong()).as("no epoch closed").isZero();
        assertThat(tree.path("modelRounds").asLong()).as("every folded round is in the model").isEqualTo(20);

        // LINUCB with epoch releases: T = 160, B = 1, first epoch 20, so epochs end at 20, 60, 140.
        Map<String, Object> epochs = Specs.linear("held-epochs", "LINUCB", 160, 600);
        epochs.put("contextDimension", 2);
        epochs.put("actions", List.of(Map.of("id", "a"), Map.of("id", "b")));
        epochs.put("linear", Map.of("featureMap", "PER_ACTION", "release", "EPOCHS", "firstEpoch", 0.125));
        assertThat(http.postForEntity("/bandits", epochs, JsonNode.class).getStatusCode().value()).isEqualTo(201);
        playAndWaitOut("held-epochs", 30, List.of(0.3, 0.6));
        lifecycle.settle("held-epochs");
        JsonNode released = http.getForObject("/bandits/held-epochs", JsonNode.class);
        assertThat(released.path("current").path("folded").asInt()).isEqualTo(30);
        assertThat(released.path("modelRounds").asLong()).as("only the first epoch is released").isEqualTo(20);

        // CAPRI: the closed epochs' rounds; the open epoch's folded rounds are in no release yet.
        http.postForEntity("/bandits", Specs.capri("held-capri", 100, 600), JsonNode.class);
        lifecycle.settle("held-capri");
        int length = http.getForObject("/bandits/held-capri", JsonNode.class).path("epochLength").asInt();
        playAndWaitOut("held-capri", length, List.of(0.2, 0.4));
        assertThat(lifecycle.settle("held-capri")).isEqualTo(Step.CLOSED);
        lifecycle.settle("held-capri");
        playAndWaitOut("held-capri", 3, List.of(0.2, 0.4));
        lifecycle.settle("held-capri");
        JsonNode capri = http.getForObject("/bandits/held-capri", JsonNode.class);
        assertThat(capri.path("modelRounds").asLong()).isEqualTo(length).isEqualTo(capri.path("rounds").asLong());
    }

    @Test
    void aBanditWithoutAPoolIsRecommendedNowhereAndOneWithAPublicSampleOnItsContextsOnceItsModelHoldsARound() {
        // Without a pool nothing public says where contexts lie: no box such as [0, 1]^d stands in for them.
        Map<String, Object> bare = Specs.linear("no-sample-3d", "LINUCB", 2560, 600);
        bare.put("contextDimension", 3);
        bare.put("actions", List.of(Map.of("id", "a", "features", List.of(1.0)), Map.of("id", "b", "features",
                List.of(-1.0))));
        assertThat(http.postForEntity("/bandits", bare, JsonNode.class).getStatusCode().value()).isEqualTo(201);
        playAndWaitOut("no-sample-3d", 10, List.of(0.3, 0.6, 0.1));
        lifecycle.settle("no-sample-3d");
        assertThat(http.getForObject("/bandits/no-sample-3d", JsonNode.class).path("modelRounds").asLong())
                .isEqualTo(10);
        JsonNode nowhere = http.getForObject("/bandits/no-sample-3d/recommendations", JsonNode.class);
        assertThat(nowhere.path("sample").asText()).isEqualTo("NO_SAMPLE");
        assertThat(nowhere.path("contexts")).isEmpty();
        assertThat(nowhere.path("actions")).isEmpty();

        Map<String, Object> sampled = Specs.linear("sampled-2d", "LINUCB", 2560, 600);
        List<List<Double>> pool = List.of(List.of(-0.5, 0.2), List.of(0.1, -0.7), List.of(0.4, 0.4));
        sampled.put("contextPool", pool);
        http.postForEntity("/bandits", sampled, JsonNode.class);
        JsonNode before = http.getForObject("/bandits/sampled-2d/recommendations", JsonNode.class);
        assertThat(before.path("sample").asText()).isEqualTo("POOL");
        assertThat(before.path("actions")).as("no round in the model: its prior is no release").isEmpty();
        playAndWaitOut("sampled-2d", 10, List.of(0.3, 0.6));
        lifecycle.settle("sampled-2d");
        JsonNode onPool = http.getForObject("/bandits/sampled-2d/recommendations", JsonNode.class);
        assertThat(onPool.path("poolSize").asInt()).isEqualTo(3);
        assertThat(onPool.path("contexts").toString()).as("the public sample itself, negative coordinates included")
                .isEqualTo("[[-0.5,0.2],[0.1,-0.7],[0.4,0.4]]");
        assertThat(onPool.path("actions")).hasSize(3);
        // Ten rounds of rewards that do not depend on the action resolve nothing: the planner's score
        // error after one leaf is far above any margin the model could show, so no action is a finding.
        assertThat(onPool.path("resolved")).hasSize(3).allSatisfy(r -> assertThat(r.asBoolean()).isFalse());
        assertThat(onPool.path("roundsToResolve").isNull() || onPool.path("roundsToResolve").asLong() > 10).isTrue();
    }

    @Test
    void thePrivacyReportStatesTheRangeRewardsAreClippedTo() {
        Map<String, Object> offset = Specs.capri("clip-offset", 100, 600);
        offset.put("rewardBound", 0.5);
        offset.put("tuning", Map.of("rewardOffset", 0.5));
        assertThat(http.postForEntity("/bandits", offset, JsonNode.class).getStatusCode().value()).isEqualTo(201);
        JsonNode rewards = http.getForObject("/bandits/clip-offset/privacy", JsonNode.class).path("rewards");
        assertThat(rewards.path("low").asDouble()).isZero();
        assertThat(rewards.path("high").asDouble()).isEqualTo(1.0);
        assertThat(rewards.path("bound").asDouble()).isEqualTo(0.5);
        assertThat(rewards.path("offset").asDouble()).isEqualTo(0.5);

        http.postForEntity("/bandits", Specs.gp("clip-default", "JDP", 100), JsonNode.class);
        JsonNode plain = http.getForObject("/bandits/clip-default/privacy", JsonNode.class).path("rewards");
        assertThat(plain.path("low").asDouble()).as("rewardBound's default, 1").isEqualTo(-1.0);
        assertThat(plain.path("high").asDouble()).isEqualTo(1.0);
    }

    /** {@code n} decisions for a context, each rewarded, and their feedback windows passed. */
    void playAndWaitOut(String bandit, int n, List<Double> context) {
        for (int t = 0; t < n; t++) {
            String id = http.postForObject("/decide", Map.of("bandit", bandit, "context", context), JsonNode.class)
                    .path("decisionId").asText();
            http.postForObject("/feedback", Map.of("decisionId", id, "reward", 0.5), JsonNode.class);
        }
        FeedbackWindows.pass(jdbc, bandit);
    }

    @Test
    void uscaRecommendsNothingForFreeAndChargesNothing() {
        http.postForEntity("/bandits", Specs.usca("insights-usca", 10, 0.5, 1.0), JsonNode.class);
        JsonNode r = http.getForObject("/bandits/insights-usca/recommendations", JsonNode.class);
        assertThat(r.path("actions")).isEmpty();
        assertThat(r.path("sample").asText()).isEqualTo("NONE");
        assertThat(http.getForObject("/bandits/insights-usca/ledger", JsonNode.class)).isEmpty();
    }
}

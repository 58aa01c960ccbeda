package io.dpbandit.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.sim.env.LabelledData;
import io.dpbandit.testing.ApiClient;
import io.dpbandit.testing.FeedbackWindows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The documented demo that learns (docs/algorithms.md, "A private bandit that learns: the digits"),
 * over HTTP with the service's own noise: examples/digits-linucb.json lists only the labels, so the
 * LEARN profile picks its map, release and first epoch; the digits are streamed through /decide and
 * /feedback (reward 1 for the right label) until the first release is in the model, and the next
 * 500 decisions must be right far more often than uniform play's 1 in 10.
 *
 * <p>The service's noise is not seeded, so this is a statistical check: the simulator's five seeds of the
 * same configuration put the rounds after the first release at 0.47–0.49 right (docs/algorithms.md's run),
 * with a spread of about 0.03 between noise draws, and 500 rounds add a sampling sd of about 0.022. The
 * floor 0.25 is about six of those combined deviations (0.037) below 0.47, a false failure of about 1e-9
 * under a normal tail.
 */
@Tag("learning")
class DigitsDemoLearnsTest extends PostgresIntegrationTest {

    @Autowired
    ApiClient api;
    @Autowired
    LifecycleWorker lifecycle;
    @Autowired
    JdbcTemplate jdbc;

    static final String ID = "digits-demo";

    @Test
    void theDocumentedDigitsBanditLearnsOverHttpWithItsDefaults() throws Exception {
        ObjectNode spec = (ObjectNode) new ObjectMapper().readTree(Files.readString(Path.of("examples/digits-linucb.json")));
        spec.put("id", ID);
        var created = api.post("/bandits", spec);
        assertThat(created.getStatusCode()).isEqualTo(HttpStatus.CREATED);
        assertThat(created.getBody().path("choices").findValuesAsText("value")).contains("PER_ACTION", "EPOCHS");

        LabelledData digits = LabelledData.shipped("digits");
        SplittableRandom rng = new SplittableRandom(7);
        int streamed = 0;
        while (api.ok("/bandits/" + ID).path("modelRounds").asLong() == 0) {
            assertThat(streamed).as("the first release comes within the documented first epoch").isLessThan(6000);
            users(digits, rng, 250);
            streamed += 250;
            FeedbackWindows.pass(jdbc, ID);
            for (int i = 0; i < 200 && lifecycle.settle(ID).worked(); i++) {
                // fold every leaf whose rewards have settled, and release the epoch once it is whole
            }
        }
        int right = users(digits, rng, 500);
        assertThat(right / 500.0).as("right after the first release at %d rounds (uniform: 0.10)", streamed)
                .isGreaterThan(0.25);
    }

    /**
     * {@code n} users, four at a time as a product's arrive (README's RealDataStream does the same): their
     * rows drawn first, in order; returns how many got the right label.
     */
    private int users(LabelledData digits, SplittableRandom rng, int n) throws Exception {
        int[] rows = new int[n];
        for (int t = 0; t < n; t++) {
            rows[t] = rng.nextInt(digits.size());
        }
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            List<java.util.concurrent.Future<Integer>> rewards = new java.util.ArrayList<>();
            for (int row : rows) {
                rewards.add(pool.submit(() -> play(digits, row)));
            }
            int right = 0;
            for (var reward : rewards) {
                right += reward.get();
            }
            return right;
        } finally {
            pool.shutdownNow();
        }
    }

    /** One user: a digit arrives, the bandit picks a label, the reward says whether it was right. */
    private int play(LabelledData digits, int row) {
        JsonNode d = api.ok("/decide", Map.of("bandit", ID, "context", digits.features().get(row)));
        int reward = d.path("action").asText().equals(String.valueOf(digits.labels()[row])) ? 1 : 0;
        api.ok("/feedback", Map.of("decisionId", d.path("decisionId").asText(), "reward", (double) reward));
        return reward;
    }
}

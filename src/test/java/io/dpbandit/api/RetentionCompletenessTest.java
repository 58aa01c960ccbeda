package io.dpbandit.api;

import io.dpbandit.testing.Specs;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.client.privacy.SeededNoiseSource;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.policy.gpucb.GpUcbState;
import io.dpbandit.policy.linucb.LinUcbState;
import io.dpbandit.privacy.SymmetricMatrix;
import io.dpbandit.privacy.TreeState;
import io.dpbandit.codec.BinaryCodec;
import io.dpbandit.store.DecisionStore;
import io.dpbandit.testing.FeedbackWindows;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Derived data goes when raw data goes, read the way a database reader would: bandits of every
 * family run past their horizon with contexts and rewards whose digits are recognisable, every
 * decision made with a requestId; once the windows have passed, the epochs closed and retention
 * (raw data and the replay window) has run, every row of every table of the schema is read as
 * text and no user's value may be found in it, neither as decimal digits nor as the bytes of the
 * double (the binary states are CBOR, doubles big-endian). Decisions keep only public facts (id,
 * bandit, epoch, slot, times of decision and fold), and the trees keep no exact sum. A bandit
 * retired in the middle of an epoch is among them: its epoch is abandoned with its partial sums.
 */
class RetentionCompletenessTest extends PostgresIntegrationTest {

    /** A user's context coordinates and rewards: seven digits no spec, plan or noise contains. */
    static final double[][] CONTEXTS = {{0.7391739, 0.2846284}, {0.3172817, 0.6619931}, {0.4466171, 0.1357913}};
    static final double[] REWARDS = {0.5629561, 0.9135913, 0.0417021};

    @Autowired
    TestRestTemplate http;
    @Autowired
    LifecycleWorker lifecycle;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    DecisionStore decisions;
    @Autowired
    io.dpbandit.store.DecisionRetention retention;
    @Autowired
    BinaryCodec binary;

    @Test
    void afterTheHorizonAndRetentionNoTableHoldsAnyUsersValue() throws Exception {
        Map<String, Object> lin = Specs.linear("keep-lin", "LINUCB", 6, 600);
        lin.put("tuning", Map.of("leafRounds", 4));
        Map<String, Object> gp = Specs.gp("keep-gp", "JDP", 5);
        gp.put("contextDimension", 2);
        gp.put("gpucb", Map.of("nodesPerDimension", 2));
        Map<String, Map<String, Object>> specs = new LinkedHashMap<>();
        specs.put("keep-capri", Specs.capri("keep-capri", 9, 600));
        specs.put("keep-usca", Specs.usca("keep-usca", 6, 0.5, 1.0));
        specs.put("keep-lin", lin);
        specs.put("keep-gp", gp);
        specs.put("keep-online", Specs.linear("keep-online", "ONLINEUCB", 5, 600));
        SeededNoiseSource device = new SeededNoiseSource(3);
        for (var e : specs.entrySet()) {
            String bandit = e.getKey();
            assertThat(http.postForEntity("/bandits", e.getValue(), JsonNode.class).getStatusCode().value())
                    .isEqualTo(201);
            for (int guard = 0, t = 0; guard < 40 && !done(bandit); guard++) {
                int left = status(bandit).path("epochLength").asInt() - status(bandit).path("current")
                        .path("assigned").asInt();
                for (int i = 0; i < left; i++, t++) {
                    double[] c = CONTEXTS[t % CONTEXTS.length];
                    JsonNode d = http.postForObject("/decide", Map.of("bandit", bandit, "context", List.of(c[0], c[1]),
                            "requestId", bandit + "-" + t), JsonNode.class);
                    if (t % 3 == 2) {
                        continue; // this user stays silent
                    }
                    double y = REWARDS[t % REWARDS.length];
                    Object body = d.has("randomiser")
                            ? Map.of("decisionId", d.path("decisionId").asText(), "report",
                                    LinearBanditFlowTest.report(d, y, device))
                            : Map.of("decisionId", d.path("decisionId").asText(), "reward", y);
                    http.postForObject("/feedback", body, JsonNode.class);
                }
                FeedbackWindows.pass(jdbc, bandit);
                lifecycle.settle(bandit);
            }
            assertThat(done(bandit)).as("%s ran past its horizon", bandit).isTrue();
        }
        // A bandit retired in the middle of an epoch: the epoch can never fill, so it is abandoned with
        // its partial sums, and its rounds (folded or still in flight) are done.
        assertThat(http.postForEntity("/bandits", Specs.capri("keep-retired", 100, 600), JsonNode.class)
                .getStatusCode().value()).isEqualTo(201);
        lifecycle.settle("keep-retired");
        for (int t = 0; t < 7; t++) {
            double[] c = CONTEXTS[t % CONTEXTS.length];
            JsonNode d = http.postForObject("/decide", Map.of("bandit", "keep-retired", "context",
                    List.of(c[0], c[1]), "requestId", "keep-retired-" + t), JsonNode.class);
            if (t < 5) {
                http.postForObject("/feedback", Map.of("decisionId", d.path("decisionId").asText(), "reward",
                        REWARDS[t % REWARDS.length]), JsonNode.class);
            }
            if (t == 4) {
                FeedbackWindows.pass(jdbc, "keep-retired");
                lifecycle.settle("keep-retired");
            }
        }
        http.postForObject("/bandits/keep-retired/retire", "", JsonNode.class);
        lifecycle.settle("keep-retired");

        List<String> bandits = new java.util.ArrayList<>(specs.keySet());
        bandits.add("keep-retired");
        Map<String, JsonNode> totalsBefore = new LinkedHashMap<>();
        for (String b : bandits) {
            totalsBefore.put(b, http.getForObject("/bandits/" + b + "/feedback", JsonNode.class).path("totals"));
        }

        // Retention passes on two instances at once, in small batches so that they race for the same rows
        // (retention-seconds 0 in tests); then the end of the replay window.
        java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.ExecutorService instances = java.util.concurrent.Executors.newFixedThreadPool(2);
        List<java.util.concurrent.Future<?>> passes = new java.util.ArrayList<>();
        for (int i = 0; i < 2; i++) {
            passes.add(instances.submit(() -> {
                start.await();
                while (retention.forgetRawData(0, 7) > 0) {
                    // bounded batches
                }
                return null;
            }));
        }
        start.countDown();
        for (var pass : passes) {
            pass.get(120, java.util.concurrent.TimeUnit.SECONDS);
        }
        instances.shutdown();
        while (lifecycle.retention() > 0) {
            // whatever is left
        }
        retention.forgetReplayData(0, 100_000);

        // Operators' counts say what retention keeps: the rows are FORGOTTEN, the totals by state stay exact
        // (each forgotten row tallied once, whichever instance forgot it).
        for (String b : bandits) {
            JsonNode ops = http.getForObject("/bandits/" + b + "/feedback", JsonNode.class);
            long decisions = status(b).path("decisions").asLong();
            assertThat(ops.path("retentionSeconds").asInt(-1)).isZero();
            assertThat(ops.path("counts").path("FORGOTTEN").asLong()).as(b).isEqualTo(decisions);
            assertThat(ops.path("totals")).as("%s: retention changes no total", b).isEqualTo(totalsBefore.get(b));
            long sum = 0;
            for (JsonNode n : ops.path("totals")) {
                sum += n.asLong();
            }
            assertThat(sum).as(b).isEqualTo(decisions);
            assertThat(ops.path("totals").has("FORGOTTEN")).isFalse();
        }
        assertThat(http.getForObject("/bandits/keep-capri/feedback", JsonNode.class).path("totals").path("ACCEPTED")
                .asLong()).as("users who answered are still counted").isPositive();

        List<Pattern> needles = needles();
        List<String> tables = jdbc.queryForList("SELECT table_name FROM information_schema.tables WHERE "
                + "table_schema = current_schema() AND table_type = 'BASE TABLE'", String.class);
        assertThat(tables).contains("decision", "epoch", "bandit_state", "ledger", "context_release", "bandit");
        for (String table : tables) {
            for (String row : jdbc.queryForList("SELECT row_to_json(t)::text FROM " + table + " t", String.class)) {
                for (Pattern needle : needles) {
                    assertThat(needle.matcher(row).find()).as("table %s holds %s: %s", table, needle, row).isFalse();
                }
            }
        }
        assertThat(jdbc.queryForList("SELECT DISTINCT feedback FROM decision WHERE bandit_id LIKE 'keep-%'",
                String.class)).containsExactly("FORGOTTEN");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id LIKE 'keep-%' AND (context "
                + "IS NOT NULL OR reward IS NOT NULL OR report IS NOT NULL OR context_digest IS NOT NULL OR request_id "
                + "IS NOT NULL OR request_key IS NOT NULL OR feedback_at IS NOT NULL OR action_index IS NOT NULL OR "
                + "propensity IS NOT NULL)", Long.class)).as("decisions keep only public facts").isZero();
        assertThat(jdbc.queryForObject("SELECT count(*) FROM epoch WHERE bandit_id LIKE 'keep-%' "
                + "AND accumulator IS NOT NULL", Long.class)).as("no epoch keeps its exact sums").isZero();
        assertThat(jdbc.queryForObject("SELECT count(*) FROM fold_shard WHERE bandit_id LIKE 'keep-%'", Long.class))
                .as("nor any fold shard, the retired bandit's abandoned epoch's included").isZero();
        assertNoExactSum(binary.decode(state("keep-lin"), LinUcbState.class).tree());
        assertNoExactSum(binary.decode(state("keep-gp"), GpUcbState.class).tree());
        // A replay after the window is a new decision, and feedback for a forgotten one stores nothing.
        String old = jdbc.queryForObject("SELECT id::text FROM decision WHERE bandit_id = 'keep-capri' LIMIT 1",
                String.class);
        assertThat(http.postForObject("/feedback", Map.of("decisionId", old, "reward", 0.5), JsonNode.class)
                .path("status").asText()).isEqualTo("LATE");
        assertThat(jdbc.queryForObject("SELECT feedback_at IS NULL AND reward IS NULL FROM decision WHERE id = "
                + "?::uuid", Boolean.class, old)).isTrue();
    }

    @Autowired
    org.springframework.transaction.support.TransactionTemplate tx;

    /**
     * The race two instances' retention passes can run: the second pass comes while the first has
     * forgotten rows but not yet committed. It skips the rows the first holds (it returns before the
     * first commits: it never waits for a row lock), so that each decision is forgotten, and its state
     * tallied, once. (Before retention skipped locked rows, the second pass waited and re-checked
     * them; under load that wait deadlocked with group commit batches, RetentionLocksTest.)
     */
    @Test
    void aSecondRetentionPassSkipsTheRowsTheFirstHoldsAndTalliesNothingTwice() throws Exception {
        assertThat(http.postForEntity("/bandits", Specs.capri("tally-race", 9, 600), JsonNode.class)
                .getStatusCode().value()).isEqualTo(201);
        for (int t = 0; t < 23; t++) { // 3 learning slots; the other 20 take none and are done at once
            http.postForObject("/decide", Map.of("bandit", "tally-race", "context", List.of(0.5, 0.5)), JsonNode.class);
        }
        java.util.concurrent.CountDownLatch forgotten = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch commit = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.ExecutorService instances = java.util.concurrent.Executors.newFixedThreadPool(2);
        var first = instances.submit(() -> tx.execute(s -> {
            int n = retention.forgetRawData(0, 100_000);
            forgotten.countDown();
            try {
                commit.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return n;
        }));
        forgotten.await();
        var second = instances.submit(() -> retention.forgetRawData(0, 100_000));
        // The second pass ends while the first still holds its rows uncommitted.
        second.get(20, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(first.isDone()).as("the first pass has not committed yet").isFalse();
        commit.countDown();
        first.get(60, java.util.concurrent.TimeUnit.SECONDS);
        instances.shutdown();
        JsonNode ops = http.getForObject("/bandits/tally-race/feedback", JsonNode.class);
        assertThat(ops.path("counts").path("FORGOTTEN").asLong()).isEqualTo(20);
        assertThat(ops.path("totals").path("NOT_USED").asLong()).as("each forgotten decision tallied once")
                .isEqualTo(20);
        assertThat(ops.path("totals").path("PENDING").asLong()).isEqualTo(3);
    }

    JsonNode status(String bandit) {
        return http.getForObject("/bandits/" + bandit, JsonNode.class);
    }

    boolean done(String bandit) {
        return !status(bandit).path("phase").asText().equals("EXPLORE");
    }

    byte[] state(String bandit) {
        return jdbc.queryForObject("SELECT policy_state FROM bandit_state WHERE bandit_id = ?", byte[].class, bandit);
    }

    static void assertNoExactSum(TreeState tree) {
        assertThat(tree.open()).allSatisfy(o -> assertThat(o).isEqualTo(SymmetricMatrix.zero(o.dimension())));
    }

    /**
     * What would betray a user: each context coordinate and reward as the number it is (not inside a
     * longer one), and, with the products a tree's leaf would hold, as the hex of its double (bytea
     * columns read as \\x…; a 16-hex-digit match by chance has probability about 2⁻⁶⁴ per place).
     */
    static List<Pattern> needles() {
        List<Pattern> out = new ArrayList<>();
        List<Double> raw = new ArrayList<>();
        List<Double> derived = new ArrayList<>();
        for (double[] c : CONTEXTS) {
            raw.add(c[0]);
            raw.add(c[1]);
            for (double y : REWARDS) {
                derived.add(c[0] * y);
                derived.add(c[1] * y);
            }
            derived.add(c[0] * c[1]);
            derived.add(c[0] * c[0]);
            derived.add(c[1] * c[1]);
        }
        for (double y : REWARDS) {
            raw.add(y);
            derived.add(y * y);
        }
        for (double v : raw) {
            out.add(Pattern.compile("(?<![0-9])" + Pattern.quote(Double.toString(v)) + "(?![0-9])"));
        }
        raw.addAll(derived);
        for (double v : raw) {
            out.add(Pattern.compile(HexFormat.of().formatHex(ByteBuffer.allocate(8).putDouble(v).array())));
        }
        return out;
    }
}

package io.dpbandit.api;

import io.dpbandit.lifecycle.Step;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.codec.BinaryCodec;
import io.dpbandit.policy.capri.EpochSchedule;
import io.dpbandit.policy.usca.UscaCompactEstimator;
import io.dpbandit.testing.ApiClient;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.Specs;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The lifecycle's promises, from the caller's side: every ACCEPTED reward is in the next release,
 * overflow past an epoch is answered as not learning, a late reward counts like no reward, USCA
 * cannot miss an accepted reward, CAPRI stops at its horizon, closes never lose to feedback that
 * keeps arriving, and raw data goes once its round is folded.
 */
class LifecycleTest extends PostgresIntegrationTest {

    @Autowired
    ApiClient api;
    @Autowired
    TestRestTemplate http;
    @Autowired
    LifecycleWorker lifecycle;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    BinaryCodec codec;
    @Autowired
    MeterRegistry meters;

    JsonNode decide(String bandit) {
        return api.ok("/decide", Map.of("bandit", bandit, "context", List.of(0.2, 0.4)));
    }

    long count(String sql, Object... args) {
        return jdbc.queryForObject(sql, Long.class, args);
    }

    @Test
    void decisionsPastAnEpochsRoundsAreNotLearningAndEveryAcceptedRewardIsFolded() {
        api.ok("/bandits", Specs.capri("overflow", 100, 600));
        int length = http.getForObject("/bandits/overflow", JsonNode.class).path("epochLength").asInt();
        List<String> learning = new ArrayList<>();
        List<String> extra = new ArrayList<>();
        for (int t = 0; t < 2 * length; t++) {
            JsonNode d = decide("overflow");
            (d.path("learning").asBoolean() ? learning : extra).add(d.path("decisionId").asText());
        }
        assertThat(learning).hasSize(length);
        assertThat(extra).hasSize(length);
        for (String id : learning) {
            assertThat(api.feedback(id, 0.5)).isEqualTo("ACCEPTED");
        }
        for (String id : extra) {
            assertThat(api.feedback(id, 0.5)).isEqualTo("NOT_USED");
            assertThat(api.feedback(id, 0.5)).as("a retry").isEqualTo("DUPLICATE");
        }
        assertThat(lifecycle.settle("overflow")).as("nothing folds before the windows pass").isNotEqualTo(Step.CLOSED);
        FeedbackWindows.pass(jdbc, "overflow");
        assertThat(lifecycle.settle("overflow")).isEqualTo(Step.CLOSED);
        // Every reward answered ACCEPTED went into epoch 1's release; nothing else did.
        assertThat(count("SELECT count(*) FROM decision WHERE bandit_id = 'overflow' AND feedback = 'ACCEPTED' "
                + "AND folded_at IS NOT NULL AND epoch = 1", new Object[0])).isEqualTo(length);
        assertThat(count("SELECT folded FROM epoch WHERE bandit_id = 'overflow' AND number = 1", new Object[0]))
                .isEqualTo(length);
        assertThat(count("SELECT count(*) FROM decision WHERE bandit_id = 'overflow' AND slot IS NULL "
                + "AND (context IS NOT NULL OR reward IS NOT NULL)", new Object[0]))
                .as("a decision that is not a learning round keeps no context or reward").isZero();
        for (String id : learning) {
            assertThat(api.feedback(id, 0.1)).isEqualTo("DUPLICATE");
        }
    }

    @Test
    void aLateRewardCountsWithTheDefaultLikeNoRewardAtAll() throws Exception {
        api.ok("/bandits", Specs.capri("late", 16, 1));
        int length = http.getForObject("/bandits/late", JsonNode.class).path("epochLength").asInt();
        List<String> ids = new ArrayList<>();
        for (int t = 0; t < length; t++) {
            ids.add(decide("late").path("decisionId").asText());
        }
        for (int t = 0; t < length - 2; t++) {
            assertThat(api.feedback(ids.get(t), 0.9)).isEqualTo("ACCEPTED");
        }
        Thread.sleep(1_300); // past the 1 s wait, on the database's clock
        assertThat(api.feedback(ids.get(length - 2), 0.9)).isEqualTo("LATE");
        assertThat(lifecycle.settle("late")).isEqualTo(Step.CLOSED);
        assertThat(api.feedback(ids.get(length - 1), 0.9)).as("no reward until after the close").isEqualTo("LATE");
        // Both the late round and the silent one count, with the default reward (0): none is dropped.
        assertThat(count("SELECT folded FROM epoch WHERE bandit_id = 'late' AND number = 1")).isEqualTo(length);
        // (Slots are spread over counter shards, so they do not follow decision order: ask by id.)
        assertThat(jdbc.queryForObject("SELECT feedback FROM decision WHERE id = ?::uuid", String.class,
                ids.get(length - 2))).isEqualTo("LATE");
        // The silent round was defaulted at the close; its reward after the close was answered LATE and is
        // stored LATE, so the counts say what the answers said (it still counts with the default reward).
        assertThat(jdbc.queryForObject("SELECT feedback FROM decision WHERE id = ?::uuid", String.class,
                ids.get(length - 1))).isEqualTo("LATE");
        assertThat(jdbc.queryForObject("SELECT reward FROM decision WHERE id = ?::uuid", Double.class,
                ids.get(length - 1))).as("the late reward is not stored").isIn(0.0, null);
    }

    @Test
    void uscaCannotMissAnAcceptedRewardAndKeepsNoContext() {
        api.ok("/bandits", Specs.usca("usca-once", 6, 0.5, 1.0));
        List<String> ids = new ArrayList<>();
        for (int t = 0; t < 6; t++) {
            ids.add(decide("usca-once").path("decisionId").asText());
        }
        for (int t = 1; t < 6; t++) {
            assertThat(api.feedback(ids.get(t), 0.4)).isEqualTo("ACCEPTED");
        }
        // Rounds fold when their windows pass, not when their rewards come: five of six rewards in
        // change nothing yet, and the first round's reward, sent inside its window, still counts.
        assertThat(lifecycle.settle("usca-once")).isNotEqualTo(Step.CLOSED);
        assertThat(count("SELECT count(*) FROM decision WHERE bandit_id = 'usca-once' AND folded_at IS NOT NULL"))
                .isZero();
        assertThat(api.feedback(ids.get(0), 0.4)).isEqualTo("ACCEPTED");
        FeedbackWindows.pass(jdbc, "usca-once");
        assertThat(lifecycle.settle("usca-once")).isEqualTo(Step.CLOSED);
        assertThat(count("SELECT count(*) FROM decision WHERE bandit_id = 'usca-once' AND feedback = 'ACCEPTED' "
                + "AND folded_at IS NOT NULL")).isEqualTo(6);
        byte[] state = jdbc.queryForObject("SELECT policy_state FROM bandit_state WHERE bandit_id = 'usca-once'", byte[].class);
        UscaCompactEstimator estimator = codec.decode(state, UscaCompactEstimator.class);
        // One number per distinct point of Z (n_Z = 20 draws held counted over a 4-point support).
        assertThat(estimator.coefficients()).isNotEmpty().hasSizeLessThanOrEqualTo(4);
        while (lifecycle.retention() > 0) {
            // bounded batches, other tests' rows among them
        }
        assertThat(count("SELECT count(*) FROM decision WHERE bandit_id = 'usca-once' AND "
                + "(context IS NOT NULL OR reward IS NOT NULL)")).as("raw data after the retention (0 s)").isZero();
        assertThat(api.ok("/release", Map.of("bandit", "usca-once", "context", List.of(0.2, 0.4))).path("charged")
                .asBoolean()).isTrue();
    }

    @Test
    void capriStopsAtItsHorizonAndChargesExactlyTheEpochsThatComplete() {
        for (int horizon : new int[] {5, 13, 20}) {
            String id = "horizon-" + horizon;
            Map<String, Object> spec = new HashMap<>(Specs.capri(id, horizon, 600));
            spec.put("tuning", Map.of("mode", "PAPER"));
            api.ok("/bandits", spec);
            EpochSchedule schedule = EpochSchedule.forHorizon(horizon);
            int closes = 0;
            for (int guard = 0; guard < 20 && http.getForObject("/bandits/" + id, JsonNode.class).path("phase")
                    .asText().equals("EXPLORE"); guard++) {
                int length = http.getForObject("/bandits/" + id, JsonNode.class).path("epochLength").asInt();
                for (int t = 0; t < length; t++) {
                    JsonNode d = decide(id);
                    assertThat(d.path("learning").asBoolean()).isTrue();
                    api.feedback(d.path("decisionId").asText(), 0.3);
                }
                FeedbackWindows.pass(jdbc, id);
                assertThat(lifecycle.settle(id)).isEqualTo(Step.CLOSED);
                closes++;
            }
            JsonNode status = http.getForObject("/bandits/" + id, JsonNode.class);
            assertThat(status.path("phase").asText()).isEqualTo("EXPLOIT");
            assertThat(closes).as("releases for T = %d", horizon).isEqualTo(schedule.releasingEpochs());
            assertThat(status.path("rounds").asLong()).isLessThanOrEqualTo(horizon);
            assertThat(status.path("budget").path("epsilonSpent").asDouble()).isLessThanOrEqualTo(1.0 + 1e-12);
            assertThat(decide(id).path("learning").asBoolean()).as("no learning past the horizon").isFalse();
        }
    }

    @Test
    void closesNeverLoseToFeedbackThatKeepsArriving() throws Exception {
        api.ok("/bandits", Specs.capri("busy", 400, 1));
        AtomicBoolean stop = new AtomicBoolean();
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        List<String> decided = java.util.Collections.synchronizedList(new ArrayList<>());
        Thread traffic = new Thread(() -> {
            while (!stop.get()) {
                var d = http.postForEntity("/decide", Map.of("bandit", "busy", "context", List.of(0.2, 0.4)),
                        JsonNode.class);
                if (!d.getStatusCode().is2xxSuccessful()) {
                    failures.add("decide " + d.getStatusCode());
                    continue;
                }
                decided.add(d.getBody().path("decisionId").asText());
                // Feedback for a random earlier decision: current rounds, old pending ones, retries.
                String id = decided.get(ThreadLocalRandom.current().nextInt(decided.size()));
                var f = http.postForEntity("/feedback", Map.of("decisionId", id, "reward", 0.5), JsonNode.class);
                if (!f.getStatusCode().is2xxSuccessful()) {
                    failures.add("feedback " + f.getStatusCode() + " " + f.getBody());
                }
            }
        });
        traffic.start();
        // Stops at two closes; the deadline only bounds a failing run (a loaded 2-core machine needs
        // a few seconds per close here, the traffic thread competing with the close for the cores).
        long deadline = System.nanoTime() + 60_000_000_000L;
        int closed = 0;
        while (System.nanoTime() < deadline && closed < 2) {
            closed += lifecycle.settle("busy") == Step.CLOSED ? 1 : 0;
            Thread.sleep(20);
        }
        stop.set(true);
        traffic.join();
        assertThat(failures).as("every request answered 2xx (no deadlock, no 500)").isEmpty();
        assertThat(closed).as("epochs closed while feedback kept arriving").isGreaterThanOrEqualTo(2);
        var lost = meters.find("dpbandit.epoch.closes").tag("bandit", "busy").tag("outcome", "LOST_RACE").timer();
        assertThat(lost == null ? 0 : lost.count()).as("closes that lost a race").isZero();
        // Every reward answered ACCEPTED in a closed epoch was folded into its release.
        assertThat(count("SELECT count(*) FROM decision d JOIN epoch e ON e.bandit_id = d.bandit_id "
                + "AND e.number = d.epoch WHERE d.bandit_id = 'busy' AND e.status = 'CLOSED' "
                + "AND d.feedback = 'ACCEPTED' AND d.folded_at IS NULL")).isZero();
    }

    @Test
    void retentionFindsPersonalDataThroughItsPartialIndexNotAScan() {
        String plan = jdbc.execute((org.springframework.jdbc.core.ConnectionCallback<String>) con -> {
            try (var s = con.createStatement()) {
                s.execute("SET enable_seqscan = off");
                var rs = s.executeQuery("EXPLAIN SELECT id FROM decision WHERE "
                        + io.dpbandit.store.DecisionRetention.DONE + "AND coalesce(folded_at, created_at) <= now() "
                        + "LIMIT 100");
                StringBuilder sb = new StringBuilder();
                while (rs.next()) {
                    sb.append(rs.getString(1)).append('\n');
                }
                s.execute("RESET enable_seqscan");
                return sb.toString();
            }
        });
        assertThat(plan).contains("decision_personal");
    }
}

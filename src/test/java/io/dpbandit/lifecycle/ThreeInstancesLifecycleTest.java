package io.dpbandit.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.algorithms.Runtimes;
import io.dpbandit.bandit.BanditMetrics;
import io.dpbandit.testing.ApiClient;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.Specs;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;

/**
 * Three lifecycle instances (leader, engine and worker each, as three replicas have) on one
 * database, in one process: the bandits spread over them, each leads its fair share, every epoch
 * closes exactly once with one ledger charge, and when one instance shuts down the other two take
 * its bandits over and close their next epochs, again exactly once. (A SIGKILL of the instance
 * holding a bandit is {@code LeadershipKillTest}; a session that ends under a leader is
 * {@link LifecycleLeaderTest}.)
 */
@TestPropertySource(properties = "dpbandit.lifecycle.leader-check-ms=150")
class ThreeInstancesLifecycleTest extends PostgresIntegrationTest {

    static final List<String> BANDITS = List.of("spread-1", "spread-2", "spread-3", "spread-4", "spread-5",
            "spread-6");

    @Autowired
    DataSource dataSource;
    @Autowired
    JdbcLifecycleStorage storage;
    @Autowired
    Runtimes runtimes;
    @Autowired
    BanditMetrics metrics;
    @Autowired
    ApiClient api;
    @Autowired
    JdbcTemplate jdbc;

    record Instance(LifecycleLeader leader, LifecycleWorker worker) {
    }

    Instance instance() {
        LifecycleLeader leader = new LifecycleLeader(dataSource);
        LifecycleProperties properties = new LifecycleProperties(50, 0, 200, 150, true, 0, 86_400, 4, 0);
        LifecycleEngine engine = new LifecycleEngine(storage, metrics, 200, null, 1, properties.foldShards(), leader);
        return new Instance(leader, new LifecycleWorker(leader, engine, runtimes, properties, metrics));
    }

    /** Fills the bandits' current epochs with learning rounds and feedback, and lets their windows pass. */
    void fill(int epoch) {
        for (String bandit : BANDITS) {
            int length = api.ok("/bandits/" + bandit).path("epochLength").asInt();
            assertThat(api.ok("/bandits/" + bandit).path("epoch").asInt()).isEqualTo(epoch);
            int learning = 0;
            for (int sent = 0; learning < length && sent < 10 * length; sent++) {
                JsonNode d = api.ok("/decide", Map.of("bandit", bandit, "context", List.of(0.2, 0.4)));
                learning += d.path("learning").asBoolean() ? 1 : 0;
                api.feedback(d.path("decisionId").asText(), 0.5);
            }
            assertThat(learning).isEqualTo(length);
            FeedbackWindows.pass(jdbc, bandit);
        }
    }

    void awaitEpoch(int epoch) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline && jdbc.queryForObject(
                "SELECT count(*) FROM bandit_state WHERE bandit_id LIKE 'spread-%' AND epoch = ?", Integer.class,
                epoch) < BANDITS.size()) {
            Thread.sleep(50);
        }
    }

    static void eachBanditHasOneLeader(List<Instance> instances, int share) {
        Set<String> all = new HashSet<>();
        for (Instance i : instances) {
            assertThat(i.leader().leading()).as("a fair share").hasSize(share);
            assertThat(all).as("no bandit led twice").doesNotContainAnyElementsOf(i.leader().leading());
            all.addAll(i.leader().leading());
        }
        assertThat(all).containsExactlyInAnyOrderElementsOf(BANDITS);
    }

    @Test
    void threeInstancesSpreadTheBanditsCloseEachEpochOnceAndTakeOverFromOneThatStops() throws Exception {
        for (String bandit : BANDITS) {
            api.ok("/bandits", Specs.capri(bandit, 100, 600));
        }
        List<Instance> three = new ArrayList<>(List.of(instance(), instance(), instance()));
        three.forEach(i -> i.worker().start());
        try {
            fill(1);
            awaitEpoch(2);
            eachBanditHasOneLeader(three, 2);

            Instance stopped = three.remove(0);
            Set<String> handedOver = stopped.leader().leading();
            stopped.worker().stop();
            assertThat(stopped.leader().leading()).isEmpty();
            fill(2);
            awaitEpoch(3);
            eachBanditHasOneLeader(three, 3);
            assertThat(handedOver).isNotEmpty();
        } finally {
            three.forEach(i -> i.worker().stop());
        }
        for (String bandit : BANDITS) {
            assertThat(jdbc.queryForList("SELECT number FROM epoch WHERE bandit_id = ? AND status = 'CLOSED' "
                    + "ORDER BY number", Integer.class, bandit)).as(bandit).containsExactly(1, 2);
            assertThat(jdbc.queryForList("SELECT epoch FROM ledger WHERE bandit_id = ? ORDER BY epoch",
                    Integer.class, bandit)).as("one charge per close of %s", bandit).containsExactly(1, 2);
            assertThat(jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = ? AND epoch <= 2 "
                    + "AND slot IS NOT NULL AND folded_at IS NULL", Integer.class, bandit))
                    .as("every learning round folded").isZero();
            assertThat(jdbc.queryForObject("SELECT rounds FROM bandit_state WHERE bandit_id = ?", Integer.class,
                    bandit)).isEqualTo(jdbc.queryForObject("SELECT sum(length) FROM epoch WHERE bandit_id = ? "
                    + "AND number <= 2", Integer.class, bandit));
        }
    }
}

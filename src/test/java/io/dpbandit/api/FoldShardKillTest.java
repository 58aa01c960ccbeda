package io.dpbandit.api;

import static io.dpbandit.api.ServiceCluster.await;
import static io.dpbandit.api.ServiceCluster.leading;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.api.ServiceCluster.Service;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.Specs;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Two service processes fold one CAPRI bandit's epoch at once: the one leading it folds some of its
 * fold shards, the other (leading nothing) folds others. The helper is killed with SIGKILL inside a
 * shard's fold transaction (a 1.5 s fault-injection pause after its writes, before the commit); its
 * shard lock goes with its session, the leader folds what is left, and the epoch closes once with
 * every accepted reward folded exactly once and one ledger charge.
 */
@Tag("process")
class FoldShardKillTest {

    static final String BANDIT = "sharded-kill";
    /** The fold shards' advisory locks: first key 'dpbs' (LifecycleLeader.SHARDS), two-key form. */
    static final String SHARD_LOCKS = "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted "
            + "AND classid = 1685086835 AND objsubid = 2";
    /** Bandits' leadership locks: first key 'dpbb' (LifecycleLeader.BANDITS). */
    static final String BANDIT_LOCKS = "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted "
            + "AND classid = 1685086818 AND objsubid = 2";
    static ServiceCluster cluster;

    @BeforeAll
    static void startDatabase() throws Exception {
        cluster = ServiceCluster.start("fold-shard-kill");
    }

    @AfterAll
    static void stop() throws Exception {
        cluster.close();
    }

    static Service launch() throws Exception {
        return cluster.launch("--dpbandit.lifecycle.check-interval-ms=50", "--dpbandit.lifecycle.leader-check-ms=200",
                "--dpbandit.lifecycle.fold-shards=8", "--dpbandit.lifecycle.fold-commit-delay-ms=1500",
                "--dpbandit.lifecycle.retention-seconds=3600");
    }

    @Test
    void aHelperKilledInsideAShardFoldLosesNothingAndTheEpochClosesOnce() throws Exception {
        JdbcTemplate db = cluster.db();
        List<Service> two = new ArrayList<>(List.of(launch(), launch()));
        int api = two.get(0).port();
        // T = 10⁶: T_1 = 1 000 learning rounds, in 8 shards of 125: enough for the other instance
        // to help (it helps an epoch with at least LifecycleWorker.HELP_MIN_BACKLOG rounds to fold).
        CrashRecoveryTest.post(api, "/bandits", Specs.capri(BANDIT, 1_000_000, 600));
        await("one instance leads the bandit", 30,
                () -> two.stream().filter(s -> leads(s)).count() == 1);
        Service helper = two.stream().filter(s -> !leads(s)).findFirst().orElseThrow();
        int length = db.queryForObject("SELECT length FROM epoch WHERE bandit_id = ? AND number = 1",
                Integer.class, BANDIT);
        assertThat(length).isEqualTo(1_000);
        List<String> accepted = new ArrayList<>();
        for (int t = 0; t < length; t++) {
            JsonNode d = CrashRecoveryTest.post(api, "/decide", Map.of("bandit", BANDIT, "context",
                    List.of((t % 17) / 17.0, (t % 5) / 5.0)));
            assertThat(d.path("learning").asBoolean()).isTrue();
            JsonNode f = CrashRecoveryTest.post(api, "/feedback", Map.of("decisionId",
                    d.path("decisionId").asText(), "reward", (t % 3) / 2.0));
            assertThat(f.path("status").asText()).isEqualTo("ACCEPTED");
            accepted.add(d.path("decisionId").asText());
        }
        await("the epoch is planned", 60, () -> db.queryForObject(
                "SELECT planned_at IS NOT NULL FROM epoch WHERE bandit_id = ? AND number = 1", Boolean.class, BANDIT));

        FeedbackWindows.pass(db, BANDIT);
        // Both instances inside a shard's fold at once: the leader's and another session's shard lock.
        await("the two instances fold shards of the bandit at once", 60, () -> {
            List<Integer> leaderPids = db.queryForList(BANDIT_LOCKS, Integer.class);
            List<Integer> folding = db.queryForList(SHARD_LOCKS, Integer.class);
            return leaderPids.size() == 1 && folding.contains(leaderPids.get(0))
                    && folding.stream().anyMatch(pid -> !pid.equals(leaderPids.get(0)));
        });
        Thread.sleep(300); // inside the helper's 1.5 s pause before its commit
        helper.process().destroyForcibly();
        helper.process().waitFor();
        two.remove(helper);

        await("the leader closed the epoch", 60, () -> db.queryForObject(
                "SELECT epoch FROM bandit_state WHERE bandit_id = ?", Integer.class, BANDIT) == 2);
        assertThat(db.queryForList("SELECT number FROM epoch WHERE bandit_id = ? AND status = 'CLOSED'",
                Integer.class, BANDIT)).containsExactly(1);
        assertThat(db.queryForList("SELECT epoch FROM ledger WHERE bandit_id = ?", Integer.class, BANDIT))
                .as("one charge for the close").containsExactly(1);
        assertThat(db.queryForObject("SELECT rounds FROM bandit_state WHERE bandit_id = ?", Integer.class, BANDIT))
                .isEqualTo(length);
        assertThat(db.queryForObject("SELECT folded FROM epoch WHERE bandit_id = ? AND number = 1", Integer.class,
                BANDIT)).as("every round counted once").isEqualTo(length);
        assertThat(db.queryForObject("SELECT count(*) FROM fold_shard WHERE bandit_id = ?", Integer.class, BANDIT))
                .as("no partial sum outlives the release").isZero();
        // Every accepted reward stored and folded (the bandit's decisions read at once, then checked one by one).
        Map<String, Boolean> stored = new HashMap<>();
        db.queryForList("SELECT id::text AS id, feedback = 'ACCEPTED' AND folded_at IS NOT NULL AS ok FROM decision "
                + "WHERE bandit_id = ?", BANDIT)
                .forEach(r -> stored.put((String) r.get("id"), (Boolean) r.get("ok")));
        for (String id : accepted) {
            assertThat(stored.get(id)).as("decision %s stored, its reward accepted and folded", id).isTrue();
        }
        assertThat(db.queryForObject("SELECT model IS NOT NULL FROM epoch WHERE bandit_id = ? AND number = 1",
                Boolean.class, BANDIT)).isTrue();
    }

    static boolean leads(Service s) {
        try {
            return leading(s).contains(BANDIT);
        } catch (Exception e) {
            return false;
        }
    }
}

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
 * Three service processes on one database lead the bandits between them; the one leading a bandit is
 * killed with SIGKILL inside that bandit's epoch close (a 1.5 s fault-injection pause after the
 * ledger charge, before the commit), and the other two take the bandit over: the epoch closes exactly
 * once, the ledger holds one charge for it, every accepted reward is folded, and the remaining
 * bandits close on the two survivors, each of which now leads half of them.
 */
@Tag("process")
class LeadershipKillTest {

    static final List<String> BANDITS = List.of("kill-1", "kill-2", "kill-3", "kill-4", "kill-5", "kill-6");
    static ServiceCluster cluster;

    @BeforeAll
    static void startDatabase() throws Exception {
        cluster = ServiceCluster.start("kill-test");
    }

    @AfterAll
    static void stop() throws Exception {
        cluster.close();
    }

    static Service launch() throws Exception {
        return cluster.launch("--dpbandit.lifecycle.check-interval-ms=50", "--dpbandit.lifecycle.leader-check-ms=200",
                "--dpbandit.lifecycle.close-commit-delay-ms=1500", "--dpbandit.lifecycle.retention-seconds=3600");
    }

    @Test
    void theOthersTakeOverFromAnInstanceKilledInsideACloseAndTheEpochClosesOnce() throws Exception {
        JdbcTemplate db = cluster.db();
        // One at a time: the first migrates the database, and three JVMs starting at once on a
        // small machine take longer than one after the other.
        List<Service> three = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            three.add(launch());
        }
        int api = three.get(0).port();
        for (String bandit : BANDITS) {
            CrashRecoveryTest.post(api, "/bandits", Specs.capri(bandit, 100, 600));
        }
        await("each of the three instances leads two bandits", 30, () -> {
            for (Service s : three) {
                if (leading(s).size() != 2) {
                    return false;
                }
            }
            return true;
        });
        List<String> accepted = new ArrayList<>();
        for (String bandit : BANDITS) {
            for (int t = 0; t < 10; t++) {
                JsonNode d = CrashRecoveryTest.post(api, "/decide", Map.of("bandit", bandit, "context",
                        List.of(0.2, 0.4)));
                assertThat(d.path("learning").asBoolean()).isTrue();
                JsonNode f = CrashRecoveryTest.post(api, "/feedback", Map.of("decisionId",
                        d.path("decisionId").asText(), "reward", 0.5));
                assertThat(f.path("status").asText()).isEqualTo("ACCEPTED");
                accepted.add(d.path("decisionId").asText());
            }
        }

        // The bandit's close starts on its leader; kill that instance inside the close's transaction.
        String target = BANDITS.get(0);
        Service holder = null;
        for (Service s : three) {
            if (leading(s).contains(target)) {
                holder = s;
            }
        }
        assertThat(holder).isNotNull();
        FeedbackWindows.pass(db, target);
        await("the close of " + target + " started", 30, () -> "CLOSING:RELEASING".equals(db.queryForObject(
                "SELECT work_stage FROM epoch WHERE bandit_id = ? AND number = 1", String.class, target)));
        Thread.sleep(300); // inside the 1.5 s pause after the ledger charge
        holder.process().destroyForcibly();
        holder.process().waitFor();
        three.remove(holder);
        assertThat(db.queryForObject("SELECT status FROM epoch WHERE bandit_id = ? AND number = 1", String.class,
                target)).as("the kill landed before the close committed").isEqualTo("SEALED");

        await("another instance closed the epoch", 60, () -> db.queryForObject(
                "SELECT epoch FROM bandit_state WHERE bandit_id = ?", Integer.class, target) == 2);
        for (String bandit : BANDITS) {
            FeedbackWindows.pass(db, bandit);
        }
        await("the survivors closed every bandit's first epoch", 60, () -> db.queryForObject(
                "SELECT count(*) FROM bandit_state WHERE bandit_id LIKE 'kill-%' AND epoch = 2", Integer.class)
                == BANDITS.size());
        await("the survivors lead three bandits each", 30, () -> leading(three.get(0)).size() == 3
                && leading(three.get(1)).size() == 3);

        for (String bandit : BANDITS) {
            assertThat(db.queryForList("SELECT number FROM epoch WHERE bandit_id = ? AND status = 'CLOSED'",
                    Integer.class, bandit)).as(bandit).containsExactly(1);
            assertThat(db.queryForList("SELECT number FROM epoch WHERE bandit_id = ? AND status = 'OPEN'",
                    Integer.class, bandit)).as(bandit).containsExactly(2);
            assertThat(db.queryForList("SELECT epoch FROM ledger WHERE bandit_id = ?", Integer.class, bandit))
                    .as("one charge for the close of %s", bandit).containsExactly(1);
            assertThat(db.queryForObject("SELECT rounds FROM bandit_state WHERE bandit_id = ?", Integer.class,
                    bandit)).isEqualTo(10);
        }
        // Every accepted reward stored and folded (the bandit's decisions read at once, then checked one by one).
        Map<String, Boolean> stored = new HashMap<>();
        db.queryForList("SELECT id::text AS id, feedback = 'ACCEPTED' AND folded_at IS NOT NULL AS ok FROM decision "
                + "WHERE bandit_id LIKE 'kill-%'")
                .forEach(r -> stored.put((String) r.get("id"), (Boolean) r.get("ok")));
        for (String id : accepted) {
            assertThat(stored.get(id)).as("decision %s stored, its reward accepted and folded", id).isTrue();
        }
    }
}

package io.dpbandit.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.testing.Specs;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * SIGKILL in the middle of group commits: the quick start's service (embedded, durable PostgreSQL
 * on a persistent directory) serves 12 clients that each decide and send the reward, as fast as they
 * can, so the writers are always between a batch's statements and its commit. The service is killed
 * while the clients are still sending, then started again on the same directory. Every decision
 * that was answered is stored with what its answer said (a learning round holds a slot, the others
 * none), a replay of its requestId returns it, every reward answered ACCEPTED is stored as accepted,
 * and the epoch's slot counters match the rounds stored (no slot lost or given twice).
 *
 * <p>The same kill and restart are also the quick start's embedded cluster after a crash of its
 * service: the cluster is durable (fsync, synchronous commits, full-page writes), its postmaster
 * outlives the killed JVM, the next start on the directory stops that orphan cleanly and runs the
 * only PostgreSQL there, and the service's SIGTERM stops it. One scenario checks both because each
 * quick-start JVM costs a dozen CPU-seconds on the suite's two cores;
 * {@link EmbeddedPostgresCrashRestartTest} has the other case, a second instance on a live one's directory.
 */
@Tag("process")
class GroupCommitCrashTest {

    static final Duration START = Duration.ofSeconds(90);
    static final ObjectMapper JSON = new ObjectMapper();
    static final int CLIENTS = 12;
    static final String BANDIT = "batched";

    @TempDir
    Path work;

    record Answered(String requestId, String decisionId, boolean learning) {
    }

    @Test
    void aKillDuringGroupCommitsLosesNoAnsweredWriteAndTheNextStartTakesOverTheOrphanedPostgres() throws Exception {
        Path data = work.resolve("embedded-postgres");
        List<QuickStartProcess> services = new ArrayList<>();
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        try {
            QuickStartProcess first = QuickStartProcess.launch(data, work.resolve("first.log"),
                    "--dpbandit.lifecycle.retention-seconds=3600").awaitReady(START);
            services.add(first);
            JdbcTemplate firstDb = PostgresProcesses.connect(data);
            assertThat(firstDb.queryForObject("SHOW fsync", String.class)).isEqualTo("on");
            assertThat(firstDb.queryForObject("SHOW synchronous_commit", String.class)).isEqualTo("on");
            assertThat(firstDb.queryForObject("SHOW full_page_writes", String.class)).isEqualTo("on");
            String key = first.devKey();
            // T = 10^6: a first epoch of 1 000 learning slots, more than the clients fill before the kill.
            var created = first.post("/bandits", key, JSON.writeValueAsString(Specs.capri(BANDIT, 1_000_000, 600)));
            assertThat(created.statusCode()).as(created.body()).isEqualTo(201);

            ConcurrentLinkedQueue<Answered> decided = new ConcurrentLinkedQueue<>();
            ConcurrentLinkedQueue<String> accepted = new ConcurrentLinkedQueue<>();
            AtomicInteger cutOff = new AtomicInteger();
            AtomicBoolean stop = new AtomicBoolean();
            for (int c = 0; c < CLIENTS; c++) {
                int client = c;
                clients.submit(() -> {
                    for (int i = 0; !stop.get(); i++) {
                        String requestId = "c" + client + "-" + i;
                        try {
                            var d = first.post("/decide", key, JSON.writeValueAsString(Map.of("bandit", BANDIT,
                                    "context", List.of(0.2, 0.4), "requestId", requestId)));
                            assertThat(d.statusCode()).as(d.body()).isEqualTo(200);
                            JsonNode decision = JSON.readTree(d.body());
                            String id = decision.path("decisionId").asText();
                            decided.add(new Answered(requestId, id, decision.path("learning").asBoolean()));
                            var f = first.post("/feedback", key, JSON.writeValueAsString(Map.of("decisionId", id,
                                    "reward", 0.5)));
                            assertThat(f.statusCode()).as(f.body()).isEqualTo(200);
                            if ("ACCEPTED".equals(JSON.readTree(f.body()).path("status").asText())) {
                                accepted.add(id);
                            }
                        } catch (IOException killed) {
                            cutOff.incrementAndGet(); // in flight when the service died: never answered
                            return null;
                        }
                    }
                    return null;
                });
            }
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (accepted.size() < 300 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            var metrics = first.get("/actuator/prometheus", key);
            long orphan = PostgresProcesses.pidFilePid(data);
            first.kill(); // SIGKILL while the clients still send
            stop.set(true);
            clients.shutdown();
            assertThat(clients.awaitTermination(60, TimeUnit.SECONDS)).isTrue();

            // The kill landed during the traffic, and the traffic was written in batches.
            assertThat(accepted).hasSizeGreaterThanOrEqualTo(300);
            assertThat(cutOff.get()).as("requests in flight when the service was killed").isPositive();
            assertThat(metrics.statusCode()).isEqualTo(200);
            double batches = metric(metrics.body(), "dpbandit_write_batch_size_count");
            double requests = metric(metrics.body(), "dpbandit_write_batch_size_sum");
            assertThat(requests).as("requests per batch").isGreaterThan(batches);

            // What used to block the next start: the postmaster outlives the service that started it.
            assertThat(first.process.isAlive()).isFalse();
            assertThat(PostgresProcesses.running(orphan)).as("postmaster %d after SIGKILL of the service", orphan)
                    .isTrue();
            assertThat(PostgresProcesses.postmasters(data)).containsExactly(orphan);

            QuickStartProcess second = QuickStartProcess.launch(data, work.resolve("second.log"),
                    "--dpbandit.lifecycle.retention-seconds=3600").awaitReady(START);
            services.add(second);
            assertThat(second.output()).contains("PostgreSQL PID " + orphan, "shut down cleanly");
            assertThat(PostgresProcesses.running(orphan)).isFalse();
            long postmaster = PostgresProcesses.pidFilePid(data);
            assertThat(PostgresProcesses.postmasters(data)).containsExactly(postmaster);
            JdbcTemplate db = PostgresProcesses.connect(data);
            // The bandit's stored decisions read at once (a connection per query would open hundreds),
            // then every answered one checked on its own.
            Map<String, Map<String, Object>> stored = new HashMap<>();
            db.queryForList("SELECT id::text AS id, slot, feedback, reward FROM decision WHERE bandit_id = ?", BANDIT)
                    .forEach(r -> stored.put((String) r.get("id"), r));
            for (Answered a : decided) {
                Map<String, Object> row = stored.get(a.decisionId());
                assertThat(row).as("answered decision %s", a.requestId()).isNotNull();
                assertThat(row.get("slot") != null).as("learning as answered, %s", a.requestId())
                        .isEqualTo(a.learning());
            }
            for (String id : accepted) {
                assertThat(stored.get(id)).as("accepted reward of %s", id).containsEntry("feedback", "ACCEPTED")
                        .containsEntry("reward", 0.5);
            }
            // No slot handed out without its round, none twice.
            Map<String, Object> slots = db.queryForMap("SELECT (SELECT sum(used) FROM epoch_slot WHERE bandit_id = ? "
                    + "AND epoch = 1) AS used, count(slot) AS rounds, count(DISTINCT slot) AS distinct_slots "
                    + "FROM decision WHERE bandit_id = ? AND epoch = 1", BANDIT, BANDIT);
            assertThat(((Number) slots.get("used")).longValue()).isEqualTo(((Number) slots.get("rounds")).longValue())
                    .isEqualTo(((Number) slots.get("distinct_slots")).longValue());
            // The restarted service serves the bandit, and a replay of an answered requestId returns the same
            // decision.
            String key2 = second.devKey();
            var status = second.get("/bandits/" + BANDIT, key2);
            assertThat(status.statusCode()).as(status.body()).isEqualTo(200);
            assertThat(JSON.readTree(status.body()).path("id").asText()).isEqualTo(BANDIT);
            int replayed = 0;
            for (Answered a : decided) {
                if (replayed++ % 7 != 0) {
                    continue;
                }
                var r = second.post("/decide", key2, JSON.writeValueAsString(Map.of("bandit", BANDIT,
                        "context", List.of(0.2, 0.4), "requestId", a.requestId())));
                assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
                assertThat(JSON.readTree(r.body()).path("decisionId").asText()).isEqualTo(a.decisionId());
            }
            // The service's own shutdown (SIGTERM) stops its cluster.
            assertThat(second.stop(Duration.ofSeconds(30))).as("service exits on SIGTERM").isTrue();
            assertThat(PostgresProcesses.awaitNoneIn(data, Duration.ofSeconds(10)))
                    .as("no PostgreSQL left on %s:\n%s", data, second.output()).isTrue();
        } finally {
            clients.shutdownNow();
            for (QuickStartProcess s : services) {
                s.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            PostgresProcesses.stopAllIn(data);
        }
    }

    static double metric(String prometheus, String name) {
        Matcher m = Pattern.compile("(?m)^" + name + "(?:\\{[^}]*\\})? ([0-9.eE+-]+)$").matcher(prometheus);
        assertThat(m.find()).as("%s in /actuator/prometheus", name).isTrue();
        return Double.parseDouble(m.group(1));
    }
}

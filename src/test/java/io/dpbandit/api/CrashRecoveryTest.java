package io.dpbandit.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.Specs;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import io.dpbandit.privacy.accounting.GaussianDp;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * SIGKILL during background planning and during epoch closes, 12 times, against one database:
 * after a restart no accepted feedback is lost, every epoch is planned once and closed once, and
 * the ledger matches the closed epochs exactly.
 *
 * <p>Each iteration starts the service as its own JVM (the lifecycle leader, since it is alone),
 * creates a bandit whose first plan takes about two seconds of background work and a small one, fills
 * the small one's first epoch, and kills the process (destroyForcibly: SIGKILL on Linux) at a
 * random moment within the next 1.2 s. With a 50 ms check interval and a 300 ms fault-injection
 * pause inside the close transaction, kills land before, inside and after a close commits, and
 * before and after a plan is stored. Seeded, so a failure replays.
 */
@Tag("process")
class CrashRecoveryTest {

    static final int ITERATIONS = 12;
    static final ObjectMapper JSON = new ObjectMapper();
    static EmbeddedPostgres postgres;
    /**
     * The test's own reads, on one connection: a new connection per query (the library's data
     * source) forks a PostgreSQL backend for each of the hundreds of reads and polls below.
     */
    static SingleConnectionDataSource reads;
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @BeforeAll
    static void startDatabase() throws Exception {
        postgres = EmbeddedPostgres.start();
        reads = new SingleConnectionDataSource(postgres.getJdbcUrl("postgres", "postgres"), "postgres", "", true);
    }

    @AfterAll
    static void stopDatabase() throws Exception {
        reads.destroy();
        postgres.close();
    }

    record Service(Process process, int port) {
        void kill() throws InterruptedException {
            process.destroyForcibly();
            process.waitFor();
        }
    }

    static Service start() throws Exception {
        int port = ServiceProcesses.freePort();
        Process p = ServiceProcesses.start(postgres.getJdbcUrl("postgres", "postgres"), port, "crash-test",
                ProcessBuilder.Redirect.DISCARD,
                "--dpbandit.lifecycle.check-interval-ms=50", "--dpbandit.lifecycle.close-commit-delay-ms=300",
                // Keep the rounds' feedback states for the checks below (retention would forget them).
                "--dpbandit.lifecycle.retention-seconds=3600");
        ServiceProcesses.awaitReady(p, port, Duration.ofSeconds(90));
        return new Service(p, port);
    }

    static HttpResponse<String> get(int port, String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static JsonNode post(int port, String path, Object body) throws Exception {
        var r = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Content-Type", "application/json").header("X-API-Key", io.dpbandit.TestApiKey.ALL_ROLES)
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + " " + r.body()).isLessThan(300);
        return JSON.readTree(r.body());
    }

    @Test
    void killsDuringEpochClosesLoseNothingAndNeverCloseTwice() throws Exception {
        SplittableRandom rng = new SplittableRandom(2026);
        List<String> accepted = new ArrayList<>();
        JdbcTemplate db = new JdbcTemplate(reads);
        int killedBeforeCommit = 0;
        int killedWhilePlanning = 0;
        for (int i = 0; i < ITERATIONS; i++) {
            Service service = start();
            String bandit = "crash-" + i;
            post(service.port(), "/bandits", heavySpec("heavy-" + i));
            post(service.port(), "/bandits", Specs.capri(bandit, 100, 600));
            for (int t = 0; t < 10; t++) {
                JsonNode d = post(service.port(), "/decide", Map.of("bandit", bandit, "context", List.of(0.2, 0.4)));
                String id = d.path("decisionId").asText();
                JsonNode f = post(service.port(), "/feedback", Map.of("decisionId", id, "reward", 0.5));
                assertThat(f.path("status").asText()).isEqualTo("ACCEPTED");
                accepted.add(id);
            }
            FeedbackWindows.pass(db, bandit); // the rounds fold once their windows pass
            Thread.sleep(rng.nextInt(1200));
            service.kill();
            killedBeforeCommit += db.queryForObject("SELECT epoch FROM bandit_state WHERE bandit_id = ?", Integer.class, bandit) == 1
                    ? 1 : 0;
            // A plan in progress shows its stage; none is stored yet.
            killedWhilePlanning += db.queryForObject("SELECT count(*) FROM epoch WHERE bandit_id LIKE 'heavy-%' "
                    + "AND plan IS NULL AND work_stage IS NOT NULL", Integer.class) > 0 ? 1 : 0;
        }
        // The kills must have hit both sides of the commits, or the test proves little.
        assertThat(killedBeforeCommit).isBetween(1, ITERATIONS - 1);
        assertThat(killedWhilePlanning).as("kills that landed while a plan was being computed").isPositive();

        // One more instance finishes every interrupted close.
        Service last = start();
        long deadline = System.nanoTime() + Duration.ofSeconds(150).toNanos();
        while (System.nanoTime() < deadline && (db.queryForObject(
                "SELECT count(*) FROM bandit_state WHERE bandit_id LIKE 'crash-%' AND epoch = 2", Long.class) < ITERATIONS
                || db.queryForObject("SELECT count(*) FROM epoch WHERE bandit_id LIKE 'heavy-%' AND plan IS NOT NULL",
                        Long.class) < ITERATIONS)) {
            Thread.sleep(200);
        }
        last.kill();

        // Every bandit closed epoch 1 exactly once and opened epoch 2.
        assertThat(db.queryForObject("SELECT count(*) FROM bandit_state WHERE bandit_id LIKE 'crash-%' AND epoch = 2 AND rounds = 10",
                Long.class)).isEqualTo(ITERATIONS);
        assertThat(db.queryForObject("SELECT count(*) FROM epoch WHERE bandit_id LIKE 'crash-%' AND number = 1 "
                + "AND status = 'CLOSED' AND model IS NOT NULL", Long.class)).isEqualTo(ITERATIONS);
        assertThat(db.queryForObject("SELECT count(*) FROM epoch WHERE bandit_id LIKE 'crash-%' AND number = 2 "
                + "AND status = 'OPEN'", Long.class)).isEqualTo(ITERATIONS);
        assertThat(db.queryForObject("SELECT count(*) FROM epoch WHERE bandit_id LIKE 'crash-%'", Long.class))
                .isEqualTo(2L * ITERATIONS);
        // The ledger holds exactly one charge per closed epoch, never two. Under the default EXACT
        // accountant every CAPRI epoch is calibrated at the budget's whole mu (epochs hold disjoint
        // rounds), so the first release is charged the whole budget: rho = mu^2 / 2 with
        // mu = GaussianDp.mu(1, 1e-5) (Dong, Roth & Su 2022, Corollary 2.13), equal up to rounding.
        double mu = GaussianDp.mu(1.0, 1e-5);
        double perEpoch = mu * mu / 2;
        assertThat(db.queryForList("SELECT bandit_id, count(*) AS n, sum(rho) AS e FROM ledger "
                + "WHERE bandit_id LIKE 'crash-%' GROUP BY bandit_id")).hasSize(ITERATIONS)
                .allSatisfy(r -> {
                    assertThat(((Number) r.get("n")).longValue()).isEqualTo(1);
                    assertThat(((Number) r.get("e")).doubleValue()).isCloseTo(perEpoch, within(1e-9 * perEpoch));
                });
        // No accepted feedback was lost: every one is stored, and folded into its epoch's release.
        // (The small bandits' decisions read at once, then checked one by one.)
        Map<String, Map<String, Object>> stored = new HashMap<>();
        db.queryForList("SELECT id::text AS id, feedback, folded_at IS NOT NULL AS folded FROM decision "
                + "WHERE bandit_id LIKE 'crash-%'").forEach(r -> stored.put((String) r.get("id"), r));
        for (String id : accepted) {
            assertThat(stored).as("decision %s stored", id).containsKey(id);
            assertThat(stored.get(id).get("feedback")).as("feedback of %s", id).isEqualTo("ACCEPTED");
            assertThat(stored.get(id).get("folded")).as("%s folded", id).isEqualTo(true);
        }
        // Every heavy bandit's first epoch was planned (once: the plan is stored only while there is none).
        assertThat(db.queryForObject("SELECT count(*) FROM epoch WHERE bandit_id LIKE 'heavy-%' AND number = 1 "
                + "AND plan IS NOT NULL AND planned_at IS NOT NULL AND status = 'OPEN'", Long.class)).isEqualTo(ITERATIONS);
    }

    /**
     * A bandit whose first plan takes about two seconds of background work on one idle core (the
     * service runs on C1 only, {@link ServiceProcesses}): longer than most iterations live after it
     * is created, so kills land while plans are computed, and short enough for the last instance to
     * finish all twelve.
     */
    static Map<String, Object> heavySpec(String id) {
        SplittableRandom rng = new SplittableRandom(id.hashCode());
        List<List<Double>> pool = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            pool.add(List.of(rng.nextDouble(), rng.nextDouble()));
        }
        List<Map<String, Object>> actions = new ArrayList<>();
        for (int a = 0; a < 20; a++) {
            actions.add(Map.of("id", "a" + a, "features", List.of(rng.nextDouble(), rng.nextDouble())));
        }
        Map<String, Object> spec = new java.util.HashMap<>(Specs.capri(id, 640_000, 600));
        spec.put("actions", actions);
        spec.put("contextPool", pool);
        spec.put("tuning", Map.of("projectionCap", 300));
        return spec;
    }
}

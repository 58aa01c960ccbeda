package io.dpbandit.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.testing.Specs;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The quick start's persistent embedded cluster when the service dies without shutting down
 * (SIGKILL, as the OOM killer sends) and when a second instance is pointed at a live one's
 * directory. The service runs as its own JVM with the quick start's defaults (durable mode).
 */
@Tag("process")
class EmbeddedPostgresCrashRestartTest {

    static final Duration START = Duration.ofSeconds(60);
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path work;

    @Test
    void aKilledServiceLeavesItsPostgresRunningAndTheNextStartTakesOverTheSameData() throws Exception {
        Path data = work.resolve("embedded-postgres");
        List<QuickStartProcess> services = new ArrayList<>();
        try {
            QuickStartProcess first = QuickStartProcess.launch(data, work.resolve("first.log")).awaitReady(START);
            services.add(first);
            JdbcTemplate firstDb = PostgresProcesses.connect(data);
            assertThat(firstDb.queryForObject("SHOW fsync", String.class)).isEqualTo("on");
            assertThat(firstDb.queryForObject("SHOW synchronous_commit", String.class)).isEqualTo("on");
            assertThat(firstDb.queryForObject("SHOW full_page_writes", String.class)).isEqualTo("on");

            String key = first.devKey();
            var created = first.post("/bandits", key,
                    JSON.writeValueAsString(Specs.capri("quick-start", 100, 600)));
            assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
            List<String> decisions = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                var d = first.post("/decide", key, JSON.writeValueAsString(
                        Map.of("bandit", "quick-start", "context", List.of(0.2, 0.4))));
                assertThat(d.statusCode()).as(d.body()).isEqualTo(200);
                decisions.add(JSON.readTree(d.body()).path("decisionId").asText());
            }
            long orphan = PostgresProcesses.pidFilePid(data);

            first.kill();

            // What used to block the next start: the postmaster outlives the service that started it.
            assertThat(first.process.isAlive()).isFalse();
            assertThat(PostgresProcesses.running(orphan)).as("postmaster %d after SIGKILL of the service", orphan)
                    .isTrue();
            assertThat(PostgresProcesses.postmasters(data)).containsExactly(orphan);

            QuickStartProcess second = QuickStartProcess.launch(data, work.resolve("second.log")).awaitReady(START);
            services.add(second);
            assertThat(second.output()).contains("PostgreSQL PID " + orphan, "shut down cleanly");
            assertThat(PostgresProcesses.running(orphan)).isFalse();
            long postmaster = PostgresProcesses.pidFilePid(data);
            assertThat(PostgresProcesses.postmasters(data)).containsExactly(postmaster);

            // Everything answered before the kill is there.
            var status = second.get("/bandits/quick-start", second.devKey());
            assertThat(status.statusCode()).as(status.body()).isEqualTo(200);
            JsonNode bandit = JSON.readTree(status.body());
            assertThat(bandit.path("id").asText()).isEqualTo("quick-start");
            JdbcTemplate db = PostgresProcesses.connect(data);
            for (String id : decisions) {
                assertThat(db.queryForObject("SELECT count(*) FROM decision WHERE id = ?::uuid", Integer.class, id))
                        .as("decision %s", id).isEqualTo(1);
            }

            // The service's own shutdown (SIGTERM) stops its cluster.
            assertThat(second.stop(Duration.ofSeconds(30))).as("service exits on SIGTERM").isTrue();
            assertThat(PostgresProcesses.awaitNoneIn(data, Duration.ofSeconds(10)))
                    .as("no PostgreSQL left on %s:\n%s", data, second.output()).isTrue();
        } finally {
            for (QuickStartProcess s : services) {
                s.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            PostgresProcesses.stopAllIn(data);
        }
    }

    @Test
    void aSecondInstanceOnALiveInstancesDirectoryFailsClearlyAndLeavesItAlone() throws Exception {
        Path data = work.resolve("embedded-postgres");
        // The first instance's embedded cluster, run by the service's own configuration in this JVM.
        try {
            EmbeddedPostgresContexts.embeddedPostgres(
                "dpbandit.embedded-postgres.data-directory=" + data, "dpbandit.embedded-postgres.durable=false")
                .run(ctx -> {
                    assertThat(ctx).hasNotFailed();
                    JdbcTemplate db = new JdbcTemplate(ctx.getBean(EmbeddedPostgres.class).getPostgresDatabase());
                    db.execute("CREATE TABLE marker (v int)");
                    db.update("INSERT INTO marker VALUES (42)");
                    long postmaster = PostgresProcesses.pidFilePid(data);

                    QuickStartProcess second = QuickStartProcess.launch(data, work.resolve("second.log"));
                    try {
                        assertThat(second.process.waitFor(START.toSeconds(), TimeUnit.SECONDS))
                                .as("second instance gives up").isTrue();
                        assertThat(second.process.exitValue()).isNotZero();
                        assertThat(second.output()).contains("APPLICATION FAILED TO START",
                                "The embedded PostgreSQL data directory " + data + " is in use: another running "
                                        + "dpbandit instance owns it (its PostgreSQL is PID " + postmaster,
                                "dpbandit.embedded-postgres.data-directory");
                    } finally {
                        second.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                    }

                    assertThat(PostgresProcesses.pidFilePid(data)).isEqualTo(postmaster);
                    assertThat(PostgresProcesses.postmasters(data)).containsExactly(postmaster);
                    assertThat(db.queryForObject("SELECT v FROM marker", Integer.class)).isEqualTo(42);
                });
            assertThat(PostgresProcesses.awaitNoneIn(data, Duration.ofSeconds(10))).isTrue();
        } finally {
            PostgresProcesses.stopAllIn(data);
        }
    }
}

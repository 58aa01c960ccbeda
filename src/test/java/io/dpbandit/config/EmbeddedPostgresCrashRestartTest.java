package io.dpbandit.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The quick start's persistent embedded cluster when a second instance is pointed at a live one's
 * directory: the second (its own JVM, the quick start's defaults) refuses to start, says why, and
 * leaves the cluster and its data alone. When the service dies without shutting down (SIGKILL, as
 * the OOM killer sends), the next start takes over its orphaned cluster: {@link GroupCommitCrashTest},
 * whose kill and restart check that too.
 */
@Tag("process")
class EmbeddedPostgresCrashRestartTest {

    static final Duration START = Duration.ofSeconds(60);

    @TempDir
    Path work;

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

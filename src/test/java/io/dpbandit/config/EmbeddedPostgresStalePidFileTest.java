package io.dpbandit.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A machine crash leaves postmaster.pid behind with nothing running. PostgreSQL discards such a
 * file itself when its PID no longer exists; when the PID was reused by an unrelated process (likely
 * after a reboot, in a container all the more) or names a zombie, PostgreSQL would refuse it, and the
 * service removes it, having checked that no process works in the data directory.
 */
@Tag("process")
class EmbeddedPostgresStalePidFileTest {

    @TempDir
    Path work;

    @Test
    void aPidFileLeftByAMachineCrashDoesNotBlockTheNextStart() throws Exception {
        Path data = work.resolve("embedded-postgres");
        Path pidFile = data.resolve("postmaster.pid");
        List<String> leftBehind = new ArrayList<>();
        Process unrelated = null;
        try {
            cluster(data).run(ctx -> {
                assertThat(ctx).hasNotFailed();
                JdbcTemplate db = new JdbcTemplate(ctx.getBean(EmbeddedPostgres.class).getPostgresDatabase());
                db.execute("CREATE TABLE marker (v int)");
                db.update("INSERT INTO marker VALUES (7)");
                leftBehind.addAll(Files.readAllLines(pidFile));
            });
            assertThat(pidFile).doesNotExist();
            long stopped = Long.parseLong(leftBehind.get(0).trim());
            assertThat(awaitGone(stopped)).as("postmaster %d reaped", stopped).isTrue();

            // The running cluster's file, as a power cut leaves it: its PID no longer runs.
            Files.write(pidFile, leftBehind);
            cluster(data).run(ctx -> {
                assertThat(ctx).hasNotFailed();
                assertThat(marker(ctx.getBean(EmbeddedPostgres.class))).isEqualTo(7);
            });

            // The same file, its PID now taken by an unrelated live process.
            unrelated = new ProcessBuilder("sleep", "60").start();
            List<String> reused = new ArrayList<>(leftBehind);
            reused.set(0, Long.toString(unrelated.pid()));
            Files.write(pidFile, reused);
            Process bystander = unrelated;
            cluster(data).run(ctx -> {
                assertThat(ctx).hasNotFailed();
                assertThat(marker(ctx.getBean(EmbeddedPostgres.class))).isEqualTo(7);
                assertThat(PostgresProcesses.pidFilePid(data)).isNotEqualTo(bystander.pid());
            });
            assertThat(unrelated.isAlive()).as("the unrelated process is left alone").isTrue();
            unrelated.destroyForcibly();

            // The PID of a process that exited but whose parent never reaps it (a zombie):
            // PostgreSQL's kill(pid, 0) succeeds on it, so PostgreSQL alone would refuse the file.
            unrelated = new ProcessBuilder("/bin/sh", "-c", "sleep 0 & echo $!; exec sleep 60").start();
            long zombie;
            try (var out = new java.io.BufferedReader(new java.io.InputStreamReader(unrelated.getInputStream()))) {
                zombie = Long.parseLong(out.readLine().trim());
            }
            assertThat(awaitZombie(zombie)).as("process %d became a zombie", zombie).isTrue();
            reused.set(0, Long.toString(zombie));
            Files.write(pidFile, reused);
            cluster(data).run(ctx -> {
                assertThat(ctx).hasNotFailed();
                assertThat(marker(ctx.getBean(EmbeddedPostgres.class))).isEqualTo(7);
            });
            assertThat(PostgresProcesses.awaitNoneIn(data, Duration.ofSeconds(10))).isTrue();
        } finally {
            if (unrelated != null) {
                unrelated.destroyForcibly();
            }
            PostgresProcesses.stopAllIn(data);
        }
    }

    private static ApplicationContextRunner cluster(Path data) {
        return EmbeddedPostgresContexts.embeddedPostgres("dpbandit.embedded-postgres.data-directory=" + data,
                "dpbandit.embedded-postgres.durable=false");
    }

    private static boolean awaitGone(long pid) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (Files.exists(Path.of("/proc", Long.toString(pid)))) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(50);
        }
        return true;
    }

    private static boolean awaitZombie(long pid) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (PostgresProcesses.running(pid)) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(50);
        }
        return Files.exists(Path.of("/proc", Long.toString(pid)));
    }

    private static Integer marker(EmbeddedPostgres pg) {
        return new JdbcTemplate(pg.getPostgresDatabase()).queryForObject("SELECT v FROM marker", Integer.class);
    }
}

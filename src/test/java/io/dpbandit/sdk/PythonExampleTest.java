package io.dpbandit.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.TestApiKey;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.RepositoryPaths;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * examples/python/dpbandit_example.py (standard library only) against the running service, run as
 * docs/sdk.md says: it creates a CAPRI bandit, decides and sends feedback for an epoch, and reads
 * the release. Once the script has sent its feedback, the test passes the rounds' feedback waits
 * and settles the lifecycle, as the service's background worker does when the waits have passed
 * (it is off in tests). Skipped, saying so, where python3 is not on the PATH.
 */
@Tag("process")
class PythonExampleTest extends PostgresIntegrationTest {

    static final String COMMAND_IN_GUIDE = """
            python3 examples/python/dpbandit_example.py --url http://localhost:8080 --api-key "$DPBANDIT_API_KEY"
            """;

    @LocalServerPort
    int port;
    @Autowired
    LifecycleWorker lifecycle;
    @Autowired
    JdbcTemplate jdbc;

    static boolean python3() {
        try {
            Process p = new ProcessBuilder("python3", "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(20, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Test
    void thePythonExampleCreatesDecidesSendsFeedbackAndReadsTheRelease() throws Exception {
        Assumptions.assumeTrue(python3(), "python3 is not on the PATH: examples/python/dpbandit_example.py not run");
        ProcessBuilder command = new ProcessBuilder("python3", "examples/python/dpbandit_example.py",
                "--url", "http://localhost:" + port, "--api-key", "$DPBANDIT_API_KEY")
                .directory(RepositoryPaths.root().toFile());
        assertThat(String.join(" ", command.command()).replace("http://localhost:" + port, "http://localhost:8080")
                .replace("$DPBANDIT_API_KEY", "\"$DPBANDIT_API_KEY\"") + "\n").isEqualTo(COMMAND_IN_GUIDE);
        command.command().set(5, TestApiKey.ALL_ROLES);
        command.environment().put("PYTHONDONTWRITEBYTECODE", "1");
        Process script = command.start();
        try {
            List<String> out = new CopyOnWriteArrayList<>();
            CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> {
                try {
                    return new String(script.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    return e.toString();
                }
            });
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(script.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line; (line = lines.readLine()) != null; ) {
                    out.add(line);
                    if (line.startsWith("sent ")) {
                        // What the background worker does once the rounds' feedback waits have passed.
                        FeedbackWindows.pass(jdbc, "python-example");
                        lifecycle.settle("python-example");
                    }
                }
            }
            assertThat(script.waitFor(60, TimeUnit.SECONDS)).as("the script ends").isTrue();
            assertThat(script.exitValue()).as("exit status; stderr:\n" + err.get()).isZero();
            assertThat(out).hasSize(4);
            // The first epoch's length is the service's (the LEARN profile's exploit share sets the learning
            // rounds of the 100 decisions): the script plays exactly that many, and each gets its feedback.
            var first = java.util.regex.Pattern.compile("bandit python-example: CAPRI, epoch 1 of (\\d+) decisions")
                    .matcher(out.get(0));
            assertThat(first.matches()).as(out.get(0)).isTrue();
            int length = Integer.parseInt(first.group(1));
            assertThat(length).isEqualTo(jdbc.queryForObject("SELECT length FROM epoch WHERE bandit_id = "
                    + "'python-example' AND number = 1", Integer.class));
            assertThat(out.get(1)).matches("decision [0-9a-f-]{36}: a[123] \\(learning true\\), feedback ACCEPTED");
            assertThat(out.get(2)).isEqualTo("sent " + length + " decisions and their feedback");
            assertThat(out.get(3)).matches("release of epoch 1: JDP, epsilon spent [01]\\.\\d{4} of 1\\.0000");
            assertThat(jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = 'python-example' "
                    + "AND reward IS NOT NULL", Long.class)).as("each decision got its feedback").isEqualTo((long) length);
        } finally {
            script.destroyForcibly();
        }
    }
}

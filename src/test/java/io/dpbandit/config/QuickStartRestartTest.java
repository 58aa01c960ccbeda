package io.dpbandit.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.testing.Specs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The quick start as an operator runs it, stopped and started again on the same data directory, in
 * JVMs of its own: structured (ECS JSON) logs with the request id as a field, a SIGTERM that ends
 * with exit status 0 after a graceful shutdown, and the development key that the next start on the
 * same directory prints again and accepts.
 */
@Tag("process")
class QuickStartRestartTest {

    static final Duration START = Duration.ofSeconds(120);
    static final ObjectMapper JSON = new ObjectMapper();
    static final Pattern KEY = Pattern.compile("(dpb_dev_[A-Za-z0-9_-]{32})");

    @TempDir
    Path work;

    @Test
    void jsonLogsCarryTheRequestIdSigtermExitsZeroAndTheDevelopmentKeySurvivesTheRestart() throws Exception {
        Path data = work.resolve("embedded-postgres");
        String key;
        QuickStartProcess first = QuickStartProcess.launch(data, work.resolve("first.log"),
                "--logging.structured.format.console=ecs", "--logging.level.io.dpbandit.registry=INFO");
        try {
            first.awaitReady(START);
            key = developmentKey(jsonLines(first.output()));

            var created = first.post("/bandits", key, JSON.writeValueAsString(Specs.capri("restarted", 400, 600)),
                    "X-Request-Id", "quick-start-7");
            assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
            assertThat(created.headers().firstValue("X-Request-Id")).hasValue("quick-start-7");
            JsonNode line = awaitLine(first, "Created CAPRI bandit 'restarted'");
            assertThat(line.at("/http/request/id").asText()).isEqualTo("quick-start-7");
            assertThat(line.at("/log/level").asText()).isEqualTo("INFO");
            assertThat(line.at("/service/name").asText()).isEqualTo("dpbandit");

            assertThat(first.stop(Duration.ofSeconds(60))).as("stopped within 60 s of SIGTERM").isTrue();
            assertThat(first.process.exitValue()).as("exit status after SIGTERM").isZero();
            jsonLines(first.output());
        } finally {
            first.kill();
        }
        assertThat(PostgresProcesses.awaitNoneIn(data, Duration.ofSeconds(10))).as("PostgreSQL stopped with it")
                .isTrue();

        QuickStartProcess second = QuickStartProcess.launch(data, work.resolve("second.log"));
        try {
            second.awaitReady(START);
            assertThat(second.devKey()).as("the development key after a restart on the same directory").isEqualTo(key);
            assertThat(second.output()).contains("kept in " + data.toAbsolutePath() + ".dev-key across restarts");
            var bandit = second.get("/bandits/restarted", key);
            assertThat(bandit.statusCode()).as(bandit.body()).isEqualTo(200);
            assertThat(second.stop(Duration.ofSeconds(60))).isTrue();
            assertThat(second.process.exitValue()).isZero();
        } finally {
            second.kill();
            PostgresProcesses.stopAllIn(data);
        }
    }

    /** Every line of the output, each of which must be one JSON object. */
    static List<JsonNode> jsonLines(String output) {
        return output.lines().filter(l -> !l.isBlank()).map(l -> {
            try {
                JsonNode node = JSON.readTree(l);
                assertThat(node.isObject()).as("a JSON object: %s", l).isTrue();
                return node;
            } catch (JsonProcessingException e) {
                throw new AssertionError("not a JSON line: " + l, e);
            }
        }).toList();
    }

    static String developmentKey(List<JsonNode> lines) {
        for (JsonNode l : lines) {
            String message = l.path("message").asText();
            Matcher m = KEY.matcher(message);
            if (message.startsWith("Development API key") && m.find()) {
                assertThat(l.at("/log/level").asText()).isEqualTo("WARN");
                return m.group(1);
            }
        }
        throw new AssertionError("no development key among " + lines.size() + " lines");
    }

    static JsonNode awaitLine(QuickStartProcess service, String message) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            for (JsonNode l : jsonLines(service.output())) {
                if (l.path("message").asText().startsWith(message)) {
                    return l;
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no line '" + message + "' in:\n" + service.output());
    }
}

package io.dpbandit.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The image as an operator gets it: {@code image/build.sh} builds both stages of the Dockerfile with
 * buildah (no Docker engine, no registry), {@code image/run.sh} starts it with podman against a
 * PostgreSQL on this machine's loopback, and the service answers healthy, as its non-root user, with
 * the metrics keyless on the management port only, and stops gracefully on SIGTERM.
 * <p>
 * Tagged {@code image}: it needs root, Debian's buildah, mmdebstrap, podman and runc (the scripts
 * install them) and the network to Debian's and Maven Central's repositories, and takes about ten
 * minutes the first time (the two Debian bases, the build stage's downloads), five after, so
 * {@code mvn test} leaves it out. Run it with {@code mvn -B test -Pimage} (docs/deployment.md); CI
 * runs it after the suite.
 */
@Tag("image")
class ImageTest {

    static final String IMAGE = "localhost/dpbandit:image-test";
    static final String CONTAINER = "dpbandit-image-test";
    static final String OPS_KEY = "image-test-ops-key";
    static final ObjectMapper JSON = new ObjectMapper();
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    static EmbeddedPostgres postgres;

    @BeforeAll
    static void buildTheImageAndStartAPostgres(@TempDir Path logs) throws Exception {
        Result build = run(List.of("image/build.sh", "--tag", IMAGE), logs.resolve("build.log"), 45);
        assertThat(build.exitCode()).as("image/build.sh:%n%s", build.tail()).isZero();
        postgres = EmbeddedPostgres.builder().start();
    }

    @AfterAll
    static void stop() throws Exception {
        run(List.of("podman", "rm", "--force", "--ignore", CONTAINER), null, 2);
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    void theImageStartsAgainstPostgresAnswersHealthyAndStopsGracefully(@TempDir Path logs) throws Exception {
        int port = freePort();
        int managementPort = freePort();
        run(List.of("podman", "rm", "--force", "--ignore", CONTAINER), null, 2);
        Result started = run(List.of("image/run.sh", "-d", "--name", CONTAINER,
                "-e", "SPRING_DATASOURCE_URL=jdbc:postgresql://localhost:" + postgres.getPort() + "/postgres",
                "-e", "SPRING_DATASOURCE_USERNAME=postgres",
                "-e", "SPRING_DATASOURCE_PASSWORD=postgres",
                "-e", "DPBANDIT_RELEASE_KEYSECRET=image-test-digest-secret-0123456789abcdef",
                // An ops key, as its SHA-256 (printf %s image-test-ops-key | sha256sum).
                "-e", "DPBANDIT_SECURITY_KEYS_0_NAME=image-test-ops",
                "-e", "DPBANDIT_SECURITY_KEYS_0_SHA256=" + sha256(OPS_KEY),
                "-e", "DPBANDIT_SECURITY_KEYS_0_ROLES=ops",
                "-e", "PORT=" + port,
                "-e", "MANAGEMENT_SERVER_PORT=" + managementPort), logs.resolve("run.log"), 2);
        assertThat(started.exitCode()).as("image/run.sh:%n%s", started.tail()).isZero();

        HttpResponse<String> ready = awaitReady(port, Duration.ofMinutes(3));
        assertThat(ready.statusCode()).as("GET /readyz; container log:%n%s", containerLog()).isEqualTo(200);

        HttpResponse<String> health = get(managementPort, "/actuator/health", null);
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(health.body()).path("status").asText()).isEqualTo("UP");
        JsonNode details = JSON.readTree(get(managementPort, "/actuator/health", OPS_KEY).body());
        assertThat(details.path("components").path("db").path("details").path("database").asText())
                .as("the container's service runs on the PostgreSQL it was given").isEqualTo("PostgreSQL");

        HttpResponse<String> metrics = get(managementPort, "/actuator/prometheus", null);
        assertThat(metrics.statusCode()).isEqualTo(200);
        assertThat(metrics.body()).contains("jvm_memory_used_bytes");
        assertThat(get(port, "/actuator/prometheus", null).statusCode())
                .as("with a management port the main port serves no Actuator path, so nothing is there")
                .isEqualTo(404);

        Result user = run(List.of("podman", "exec", CONTAINER, "id", "-u"), null, 1);
        assertThat(user.output().strip()).isEqualTo(String.valueOf(DeployFiles.imageUid()));

        Result stopped = run(List.of("podman", "stop", "--time", "40", CONTAINER), null, 2);
        assertThat(stopped.exitCode()).as(stopped.tail()).isZero();
        assertThat(containerLog()).as("SIGTERM drains through Spring's graceful shutdown")
                .contains("Commencing graceful shutdown").contains("Graceful shutdown complete");
    }

    private static HttpResponse<String> awaitReady(int port, Duration wait) throws Exception {
        long deadline = System.nanoTime() + wait.toNanos();
        HttpResponse<String> last = null;
        while (System.nanoTime() < deadline) {
            try {
                last = get(port, "/readyz", null);
                if (last.statusCode() == 200) {
                    return last;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Result state = run(List.of("podman", "inspect", "--format", "{{.State.Running}}", CONTAINER), null, 1);
            assertThat(state.output().strip()).as("the container exited:%n%s", containerLog()).isEqualTo("true");
            Thread.sleep(1000);
        }
        throw new AssertionError("not ready within " + wait + " (last " + last + "):\n" + containerLog());
    }

    private static HttpResponse<String> get(int port, String path, String key) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .timeout(Duration.ofSeconds(10));
        if (key != null) {
            request.header("X-API-Key", key);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String containerLog() throws Exception {
        return run(List.of("podman", "logs", CONTAINER), null, 1).output();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static String sha256(String text) throws Exception {
        byte[] digest = java.security.MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        return java.util.HexFormat.of().formatHex(digest);
    }

    record Result(int exitCode, String output) {

        /** The last lines, for a failure message. */
        String tail() {
            String[] lines = output.split("\n");
            return String.join("\n", java.util.Arrays.copyOfRange(lines, Math.max(0, lines.length - 40), lines.length));
        }
    }

    /** Runs a command from the repository root, its output to {@code log} (or captured), within {@code minutes}. */
    private static Result run(List<String> command, Path log, int minutes) throws Exception {
        List<String> words = new ArrayList<>(command);
        Path output = log != null ? log : Files.createTempFile("dpbandit-image-test", ".log");
        try {
            ProcessBuilder builder = new ProcessBuilder(words).directory(DeployFiles.root().toFile())
                    .redirectErrorStream(true).redirectOutput(output.toFile());
            builder.environment().put("DPBANDIT_IMAGE", IMAGE); // the image image/run.sh starts
            Process process = builder.start();
            process.getOutputStream().close();
            if (!process.waitFor(minutes, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new AssertionError("timed out after " + minutes + " min: " + command + "\n"
                        + Files.readString(output));
            }
            return new Result(process.exitValue(), Files.readString(output));
        } finally {
            if (log == null) {
                Files.deleteIfExists(output);
            }
        }
    }
}

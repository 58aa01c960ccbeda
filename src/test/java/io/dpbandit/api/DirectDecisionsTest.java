package io.dpbandit.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.testing.RawHttp;
import io.dpbandit.testing.Specs;
import io.dpbandit.TestApiKey;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.servlet.FilterRegistrationBean;

/**
 * POST /decide and /feedback served outside Spring MVC ({@link DirectDecisions}) answer exactly as
 * Spring MVC does: the same request sent the direct way and Spring MVC's way
 * ({@code Content-Type: application/json;charset=ISO-8859-1}, which the direct path leaves to Spring
 * MVC and which reads these ASCII bodies the same) gets the same status, headers, body and request timer, for answers and
 * for the refusals the decision code throws. Anything not plain goes to Spring MVC.
 */
class DirectDecisionsTest extends PostgresIntegrationTest {

    static final String KEY = TestApiKey.ALL_ROLES;
    /** A charset the direct path leaves to Spring MVC, which reads the ASCII bodies here the same. */
    static final String[] VIA_MVC = {"Content-Type", "application/json;charset=ISO-8859-1"};

    @LocalServerPort
    int port;

    @Autowired
    ObjectMapper json;

    @Autowired
    MeterRegistry meters;

    @Autowired
    FilterRegistrationBean<DirectDecisions> direct;

    RawHttp http;

    @BeforeEach
    void start() throws Exception {
        http = new RawHttp(port);
        if (http.get("/bandits/direct-usca", KEY).status() == 404) {
            assertThat(http.post("/bandits", KEY, json.writeValueAsString(Specs.usca("direct-usca", 1000, 0.25,
                    1.0))).status()).isEqualTo(201);
        }
    }

    /** The answer, and whether the direct path served it. */
    record Served(RawHttp.Answer answer, boolean directly, Set<Meter.Id> timers) {
    }

    Served post(String path, String body, String... headers) {
        return post(false, path, body, headers);
    }

    /**
     * The answer, whether the direct path served it, and (timed) the request timers it counted. A
     * refusal Spring MVC answers before it maps the request counts no /decide timer, so only the
     * comparisons wait for one: an idle wait would let the server close the pooled connection at its
     * keep-alive timeout just as the client reuses it.
     */
    Served post(boolean timed, String path, String body, String... headers) {
        long before = direct.getFilter().served();
        Map<Meter.Id, Long> counts = timerCounts();
        java.util.List<String> all = new java.util.ArrayList<>(java.util.List.of("X-API-Key", KEY, "X-Request-Id",
                "direct-decisions-test"));
        all.addAll(java.util.List.of(headers));
        if (!all.contains("Content-Type")) {
            all.addAll(java.util.List.of("Content-Type", "application/json"));
        }
        RawHttp.Answer answer = http.send("POST", path, body, all.toArray(String[]::new));
        Set<Meter.Id> counted = new java.util.HashSet<>();
        // The timer is stopped after the answer is sent: wait for it (at most 5 s).
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (timed && counted.isEmpty() && System.nanoTime() < deadline) {
            timerCounts().forEach((id, n) -> {
                if (n > counts.getOrDefault(id, 0L)) {
                    counted.add(id);
                }
            });
        }
        return new Served(answer, direct.getFilter().served() > before, counted);
    }

    Map<Meter.Id, Long> timerCounts() {
        Map<Meter.Id, Long> counts = new HashMap<>();
        for (Meter m : meters.find("http.server.requests").meters()) {
            if (m instanceof Timer t && m.getId().getTag("uri") != null && m.getId().getTag("uri").matches(
                    "/decide|/feedback")) {
                counts.put(m.getId(), t.count());
            }
        }
        return counts;
    }

    /**
     * Status, headers and body: what a caller sees of an answer, but the date and the framing. Spring
     * MVC's JSON writer flushes, so its answers go chunked, and Tomcat, which compresses answers of
     * unknown length, adds {@code Vary: accept-encoding}; the direct path sends the same bytes with
     * their Content-Length, which Tomcat compresses from 2 KB as it would any answer.
     */
    static Map<String, Object> seen(RawHttp.Answer a) {
        Map<String, Object> seen = new LinkedHashMap<>(a.headers());
        seen.remove("date");
        if ("chunked".equals(seen.get("transfer-encoding"))) {
            assertThat(seen.remove("vary")).isEqualTo("accept-encoding");
            seen.remove("transfer-encoding");
        } else {
            assertThat(seen.remove("content-length")).isEqualTo(String.valueOf(
                    a.body().getBytes(java.nio.charset.StandardCharsets.UTF_8).length));
        }
        seen.put(":status", a.status());
        seen.put(":body", a.body());
        return seen;
    }

    void sameBothWays(Supplier<Served> directly, Supplier<Served> viaMvc) {
        Served fast = directly.get();
        Served mvc = viaMvc.get();
        assertThat(fast.directly()).as("served directly").isTrue();
        assertThat(mvc.directly()).as("served by Spring MVC").isFalse();
        assertThat(seen(fast.answer())).isEqualTo(seen(mvc.answer()));
        assertThat(fast.timers()).as("the request timer counted once, with Spring MVC's tags").hasSize(1)
                .isEqualTo(mvc.timers());
    }

    @Test
    void aDecisionAndItsFeedbackAreAnsweredAsSpringMvcAnswersThem() throws Exception {
        String body = "{\"bandit\":\"direct-usca\",\"context\":[0.1,0.2],\"requestId\":\"" + UUID.randomUUID() + "\"}";
        // The same requestId answers the same decision: the second answer must be the first's, byte for byte.
        sameBothWays(() -> post(true, "/decide", body), () -> post(true, "/decide", body, VIA_MVC));
        String first = http.post("/decide", KEY, "{\"bandit\":\"direct-usca\",\"context\":[0.3,0.4]}").json()
                .path("decisionId").asText();
        String second = http.post("/decide", KEY, "{\"bandit\":\"direct-usca\",\"context\":[0.3,0.4]}").json()
                .path("decisionId").asText();
        sameBothWays(() -> post(true, "/feedback", "{\"decisionId\":\"" + first + "\",\"reward\":0.5}"),
                () -> post(true, "/feedback", "{\"decisionId\":\"" + second + "\",\"reward\":0.5}", VIA_MVC));
        Served answered = post("/feedback", "{\"decisionId\":\"" + first + "\",\"reward\":0.5}");
        assertThat(answered.answer().json().path("status").asText()).isEqualTo("DUPLICATE");
    }

    @Test
    void whatTheDecisionCodeRefusesIsAnsweredByTheSameExceptionHandlers() {
        String unknownBandit = "{\"bandit\":\"direct-nobody\",\"context\":[0.1,0.2]}";
        sameBothWays(() -> post(true, "/decide", unknownBandit), () -> post(true, "/decide", unknownBandit, VIA_MVC));
        assertThat(post("/decide", unknownBandit).answer().problemType()).isEqualTo("not-found");
        String unknownDecision = "{\"decisionId\":\"" + UUID.randomUUID() + "\",\"reward\":0.5}";
        sameBothWays(() -> post(true, "/feedback", unknownDecision), () -> post(true, "/feedback", unknownDecision, VIA_MVC));
        String requestId = UUID.randomUUID().toString();
        http.post("/decide", KEY, "{\"bandit\":\"direct-usca\",\"context\":[0.1,0.2],\"requestId\":\"" + requestId
                + "\"}");
        String otherContext = "{\"bandit\":\"direct-usca\",\"context\":[0.9,0.9],\"requestId\":\"" + requestId + "\"}";
        sameBothWays(() -> post(true, "/decide", otherContext), () -> post(true, "/decide", otherContext, VIA_MVC));
        assertThat(post("/decide", otherContext).answer().status()).isEqualTo(409);
    }

    @Test
    void anythingButAPlainRequestIsLeftToSpringMvc() {
        String plain = "{\"bandit\":\"direct-usca\",\"context\":[0.1,0.2]}";
        assertThat(post("/decide", plain).directly()).isTrue();
        Served withAccept = post("/decide", plain, "Accept", "application/json");
        assertThat(withAccept.directly()).as(withAccept.answer().toString()).isTrue();
        assertThat(post("/decide", plain, "Accept", "*/*").directly()).isTrue();
        // The SDK's Accept, and Spring's RestTemplate's.
        assertThat(post("/decide", plain, "Accept", "application/json, application/problem+json").directly()).isTrue();
        assertThat(post("/decide", plain, "Accept", "application/json, application/*+json").directly()).isTrue();
        for (String notJson : new String[] {"application/json;q=0", "application/problem+json", "not a type"}) {
            Served refused = post("/decide", plain, "Accept", notJson);
            assertThat(refused.directly()).as(notJson).isFalse();
            assertThat(refused.answer().status()).as(notJson).isEqualTo(406);
        }
        Served charset = post("/decide", plain, "Accept", "application/json;charset=UTF-8");
        assertThat(charset.directly()).isFalse();
        assertThat(charset.answer().status()).isEqualTo(200);
        // Bodies Spring MVC refuses, each with its own problem.
        for (String refused : new String[] {"", "null", "{", "{\"bandit\":\"direct-usca\",\"context\":[1e999]}",
                "{\"bandit\":\"BAD ID\",\"context\":[0.1,0.2]}", "{\"bandit\":\"direct-usca\",\"context\":[0.1,0.2],"
                + "\"extra\":1}", "[]"}) {
            Served s = post("/decide", refused);
            assertThat(s.directly()).as(refused).isFalse();
            assertThat(s.answer().status()).as(refused).isEqualTo(400);
        }
        Served html = post("/decide", plain, "Accept", "text/html");
        assertThat(html.directly()).isFalse();
        assertThat(html.answer().status()).isEqualTo(406);
        Served query = post("/decide?x=1", plain);
        assertThat(query.directly()).isFalse();
        assertThat(query.answer().status()).isEqualTo(400);
        Served latin = post("/decide", plain, "Content-Type", "application/json;charset=ISO-8859-1");
        assertThat(latin.directly()).isFalse();
        Served slash = post("/decide/", plain);
        assertThat(slash.directly()).isFalse();
        assertThat(slash.answer().status()).isEqualTo(404);
    }
}

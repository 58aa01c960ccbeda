package io.dpbandit.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.sdk.StubService.Answer;
import io.dpbandit.sdk.error.BusyException;
import io.dpbandit.sdk.error.ConflictException;
import io.dpbandit.sdk.error.DpbanditTimeoutException;
import io.dpbandit.sdk.error.DpbanditTransportException;
import io.dpbandit.sdk.error.UnavailableException;
import io.dpbandit.sdk.error.UnknownProblemException;
import io.dpbandit.sdk.error.ValidationException;
import java.io.ByteArrayOutputStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * How the client sends, retries and reads, against a scripted stand-in for the service: which
 * answers and failures are retried and which are not, Retry-After, the requestId and X-Request-Id
 * kept across attempts, timeouts, gzip, and Link pages. The flows against the real service are in
 * {@code SdkFlowTest}.
 */
class TransportTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final String DECISION = "{\"decisionId\":\"5f1c8a7e-0000-4000-8000-000000000001\",\"action\":\"a1\","
            + "\"propensity\":0.5,\"epoch\":1,\"phase\":\"EXPLORE\",\"learning\":true}";
    static final RetryPolicy FAST = new RetryPolicy(4, Duration.ofMillis(200), Duration.ofSeconds(5),
            Duration.ofSeconds(30));

    StubService stub;
    List<Duration> waits;

    @BeforeEach
    void start() throws Exception {
        stub = new StubService();
        waits = Collections.synchronizedList(new ArrayList<>());
    }

    @AfterEach
    void stop() {
        stub.close();
    }

    DpbanditClient.Builder client(String base) {
        return DpbanditClient.builder(base, "key-1").retryPolicy(FAST).sleeper(waits::add);
    }

    DpbanditClient client() {
        return client(stub.baseUri()).build();
    }

    static String field(String body, String name) throws Exception {
        JsonNode n = JSON.readTree(body).get(name);
        return n == null ? null : n.asText();
    }

    @Test
    void aBusyAnswerIsRetriedAfterItsRetryAfterWithTheSameRequestIdAndXRequestId() throws Exception {
        stub.then(Answer.problem(503, "busy", "too many bodies", "Retry-After", "1"), Answer.json(200, DECISION));
        Decision d = client().decide("homepage", 0.2, 0.4);
        assertThat(d.decisionId()).isEqualTo(UUID.fromString("5f1c8a7e-0000-4000-8000-000000000001"));
        assertThat(d.local()).isEmpty();
        var sent = stub.requests();
        assertThat(sent).hasSize(2);
        String requestId = field(sent.get(0).body(), "requestId");
        assertThat(requestId).as("made by the client for this decide").isNotBlank();
        assertThat(field(sent.get(1).body(), "requestId")).isEqualTo(requestId);
        assertThat(sent.get(1).header("X-Request-Id")).isNotBlank().isEqualTo(sent.get(0).header("X-Request-Id"));
        assertThat(sent.get(0).header("X-API-Key")).isEqualTo("key-1");
        assertThat(sent.get(0).header("Content-Type")).isEqualTo("application/json");
        assertThat(waits).containsExactly(Duration.ofSeconds(1));
    }

    @Test
    void aRateLimitAndATimedOutBodyAreRetried() {
        stub.then(Answer.problem(429, "rate-limited", "over the rate", "Retry-After", "0"),
                Answer.problem(408, "body-timeout", "the body did not arrive"),
                Answer.json(200, "{\"status\":\"ACCEPTED\",\"clipped\":false}"));
        FeedbackResult r = client().feedback(UUID.randomUUID(), 1.0);
        assertThat(r.status()).isEqualTo(FeedbackStatus.ACCEPTED);
        assertThat(stub.requests()).hasSize(3);
    }

    @Test
    void aClientErrorIsNotRetriedAndNamesItsFieldAndRequestId() {
        stub.then(Answer.of(400, "application/problem+json", "{\"type\":\"https://dpbandit.io/problems/validation\","
                + "\"title\":\"Invalid request\",\"status\":400,\"detail\":\"context: must have 2 numbers\","
                + "\"errors\":[{\"field\":\"context\",\"message\":\"must have 2 numbers\"}]}", "X-Request-Id", "srv-7"));
        assertThatThrownBy(() -> client().decide("homepage", 0.2))
                .isInstanceOfSatisfying(ValidationException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.field()).contains("context");
                    assertThat(e.detail()).isEqualTo("context: must have 2 numbers");
                    assertThat(e.requestId()).isEqualTo("srv-7");
                });
        assertThat(stub.requests()).hasSize(1);
        assertThat(waits).isEmpty();
    }

    @Test
    void aConflictIsNotRetriedAndWithoutAnEchoTheRequestIdIsTheOneSent() {
        stub.then(Answer.problem(409, "conflict", "requestId was already used with a different context"));
        ConflictException e = (ConflictException) org.assertj.core.api.Assertions.catchThrowable(
                () -> client().decide(DecideRequest.of("homepage", 0.2, 0.4).withRequestId("r-17")));
        assertThat(stub.requests()).hasSize(1);
        assertThat(e.requestId()).isEqualTo(stub.requests().get(0).header("X-Request-Id"));
    }

    @Test
    void aRetryAfterLongerThanTheCallerWaitsIsThrownAtOnce() {
        stub.then(Answer.problem(503, "unavailable", "the database is not reachable", "Retry-After", "120"));
        assertThatThrownBy(() -> client().bandit("homepage")).isInstanceOfSatisfying(UnavailableException.class,
                e -> assertThat(e.retryAfter()).contains(Duration.ofSeconds(120)));
        assertThat(stub.requests()).hasSize(1);
    }

    @Test
    void whenTheAttemptsRunOutTheLastProblemIsThrownAfterGrowingJitteredWaits() {
        for (int i = 0; i < 4; i++) {
            stub.then(Answer.problem(503, "busy", "another plan is running"));
        }
        assertThatThrownBy(() -> client().bandit("homepage")).isInstanceOf(BusyException.class);
        assertThat(stub.requests()).hasSize(4);
        assertThat(waits).hasSize(3);
        long[] backoff = {200, 400, 800};
        for (int i = 0; i < 3; i++) {
            assertThat(waits.get(i).toMillis()).isBetween(backoff[i] / 2, backoff[i]);
        }
    }

    @Test
    void aRefusedConnectionIsRetriedThenReportedWithItsAttempts() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        DpbanditClient c = client("http://127.0.0.1:" + port).build();
        assertThatThrownBy(() -> c.decide("homepage", 0.2, 0.4))
                .isInstanceOfSatisfying(DpbanditTransportException.class, e -> {
                    assertThat(e).isNotInstanceOf(DpbanditTimeoutException.class);
                    assertThat(e.attempts()).isEqualTo(4);
                    assertThat(e.getMessage()).contains("refused");
                });
    }

    @Test
    void anAnswerLaterThanTheRequestTimeoutIsRetriedAndThenATimeout() throws Exception {
        stub.then(Answer.json(200, DECISION).delayed(3000), Answer.json(200, DECISION).delayed(3000));
        DpbanditClient c = client(stub.baseUri()).requestTimeout(Duration.ofMillis(300))
                .retryPolicy(FAST.withMaxAttempts(2)).build();
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> c.decide("homepage", 0.2, 0.4))
                .isInstanceOfSatisfying(DpbanditTimeoutException.class, e -> assertThat(e.attempts()).isEqualTo(2));
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofMillis(2500));
        assertThat(stub.requests()).hasSize(2);
        assertThat(field(stub.requests().get(0).body(), "requestId"))
                .isEqualTo(field(stub.requests().get(1).body(), "requestId"));
    }

    @Test
    void withoutARequestIdALostAnswerIsNotRetriedButAnAnswerThatStoredNothingIs() throws Exception {
        DpbanditClient c = client(stub.baseUri()).requestTimeout(Duration.ofMillis(300)).generateRequestIds(false)
                .build();
        stub.then(Answer.json(200, DECISION).delayed(2000));
        assertThatThrownBy(() -> c.decide("homepage", 0.2, 0.4)).isInstanceOf(DpbanditTimeoutException.class);
        assertThat(stub.requests()).as("the service may have decided: not sent again").hasSize(1);
        assertThat(field(stub.requests().get(0).body(), "requestId")).isNull();

        stub.then(Answer.problem(503, "unavailable", "nothing was stored", "Retry-After", "0"), Answer.json(200, DECISION));
        assertThat(c.decide("homepage", 0.2, 0.4).action()).isEqualTo("a1");
        assertThat(stub.requests()).hasSize(3);

        stub.then(Answer.problem(500, "internal", "a fault"));
        assertThatThrownBy(() -> c.decide("homepage", 0.2, 0.4))
                .isInstanceOf(io.dpbandit.sdk.error.InternalErrorException.class);
        assertThat(stub.requests()).as("a 500 may follow a commit: not sent again without a requestId").hasSize(4);
    }

    @Test
    void aGatewaysPageIsAnUnknownProblemWithItsStatus() {
        stub.then(Answer.of(502, "text/html", "<html><body>Bad gateway</body></html>"),
                Answer.of(502, "text/html", "<html><body>Bad gateway</body></html>"));
        DpbanditClient c = client(stub.baseUri()).retryPolicy(FAST.withMaxAttempts(2)).build();
        assertThatThrownBy(() -> c.release("homepage")).isInstanceOfSatisfying(UnknownProblemException.class, e -> {
            assertThat(e.status()).isEqualTo(502);
            assertThat(e.type()).isNull();
            assertThat(e.detail()).contains("not the service's problem+json").contains("Bad gateway");
        });
        assertThat(stub.requests()).hasSize(2);
    }

    @Test
    void aGzippedAnswerIsDecodedAndTheKeyCanGoAsABearerToken() throws Exception {
        ByteArrayOutputStream zipped = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(zipped)) {
            gz.write("{\"bandit\":\"b\",\"action\":\"a2\",\"charged\":true,\"epsilon\":0.5}".getBytes(StandardCharsets.UTF_8));
        }
        stub.then(Answer.json(200, "").withBody(zipped.toByteArray(), "Content-Encoding", "gzip"));
        ContextRelease r = client(stub.baseUri()).bearer().build().release("b", 0.5, 0.5);
        assertThat(r).isEqualTo(new ContextRelease("b", "a2", true, 0.5));
        var sent = stub.requests().get(0);
        assertThat(sent.header("Authorization")).isEqualTo("Bearer key-1");
        assertThat(sent.header("X-API-Key")).isNull();
        assertThat(sent.header("Accept-Encoding")).isEqualTo("gzip");
        assertThat(JSON.readTree(sent.body())).isEqualTo(JSON.readTree("{\"bandit\":\"b\",\"context\":[0.5,0.5]}"));
    }

    @Test
    void aPageFollowsItsNextLinkToTheEnd() {
        String entry = "{\"id\":%d,\"banditId\":\"b\",\"epsilon\":0.1,\"delta\":0.0,\"reason\":\"r\",\"epoch\":1,"
                + "\"composition\":\"SEQUENTIAL\",\"accountant\":\"BASIC\",\"createdAt\":\"2025-01-31T12:00:00.123456Z\"}";
        stub.then(Answer.json(200, "[" + String.format(entry, 1) + "]", "Link",
                        "</bandits/b/ledger?limit=1&cursor=bGVkZ2VyOjE>; rel=\"next\""),
                Answer.json(200, "[" + String.format(entry, 2) + "]"));
        Page<LedgerEntry> first = client().ledger("b", 1);
        assertThat(first.items()).extracting(LedgerEntry::id).containsExactly(1L);
        assertThat(first.hasNext()).isTrue();
        assertThat(stub.requests()).as("the next page is fetched when it is read").hasSize(1);
        List<LedgerEntry> all = first.all();
        assertThat(all).extracting(LedgerEntry::id).containsExactly(1L, 2L);
        assertThat(all.get(0).createdAt()).isEqualTo(java.time.Instant.parse("2025-01-31T12:00:00.123456Z"));
        assertThat(stub.requests()).extracting(StubService.Request::target)
                .containsExactly("/bandits/b/ledger?limit=1", "/bandits/b/ledger?limit=1&cursor=bGVkZ2VyOjE");
    }

    @Test
    void anIdIsOnePathSegmentWhateverItHolds() {
        stub.then(Answer.problem(400, "rejected-request", "not in canonical form"));
        assertThatThrownBy(() -> client().bandit("../admin")).isInstanceOf(
                io.dpbandit.sdk.error.RejectedRequestException.class);
        assertThat(stub.requests().get(0).target()).isEqualTo("/bandits/..%2Fadmin");
    }

    @Test
    void retryAfterIsReadAsSecondsOrAnHttpDateAndBackoffDoublesUpToItsCap() {
        assertThat(Transport.retryAfter("7")).isEqualTo(Duration.ofSeconds(7));
        assertThat(Transport.retryAfter("-1")).isNull();
        assertThat(Transport.retryAfter("soon")).isNull();
        String inAMinute = DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now().plusSeconds(60));
        assertThat(Transport.retryAfter(inAMinute)).isBetween(Duration.ofSeconds(55), Duration.ofSeconds(60));
        assertThat(Transport.retryAfter("Wed, 21 Oct 2015 07:28:00 GMT")).isEqualTo(Duration.ZERO);
        assertThat(RetryPolicy.DEFAULT.backoff(1)).isEqualTo(Duration.ofMillis(200));
        assertThat(RetryPolicy.DEFAULT.backoff(3)).isEqualTo(Duration.ofMillis(800));
        assertThat(RetryPolicy.DEFAULT.backoff(10)).isEqualTo(Duration.ofSeconds(5));
        assertThat(RetryPolicy.DEFAULT.backoff(64)).isEqualTo(Duration.ofSeconds(5));
    }
}

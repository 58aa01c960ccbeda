package io.dpbandit.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.TestApiKey;
import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.lifecycle.LifecycleWorker;
import io.dpbandit.sdk.LossyProxy.Drop;
import io.dpbandit.sdk.LossyProxy.Hold;
import io.dpbandit.sdk.LossyProxy.Pass;
import io.dpbandit.sdk.error.ConflictException;
import io.dpbandit.sdk.error.DpbanditProblemException;
import io.dpbandit.sdk.error.DpbanditTimeoutException;
import io.dpbandit.sdk.error.ForbiddenException;
import io.dpbandit.sdk.error.NotFoundException;
import io.dpbandit.sdk.error.NotReadyException;
import io.dpbandit.sdk.error.PausedException;
import io.dpbandit.sdk.error.PayloadTooLargeException;
import io.dpbandit.sdk.error.RetiredException;
import io.dpbandit.sdk.error.UnauthorizedException;
import io.dpbandit.sdk.error.ValidationException;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The SDK's retries and errors against the running service: an answer lost on the way back, or
 * later than the client's timeout, is asked for again with the same requestId and the service's
 * stored decision comes back, one decision stored; each problem the service answers the SDK's
 * calls with becomes its own exception, with the request's id; pause, resume and retire; the lists
 * page by their Link headers.
 */
class SdkRetryAndProblemsTest extends PostgresIntegrationTest {

    static final RetryPolicy QUICK = new RetryPolicy(3, Duration.ofMillis(20), Duration.ofMillis(100),
            Duration.ofSeconds(5));

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    LifecycleWorker lifecycle;

    DpbanditClient dpbandit;

    @BeforeEach
    void client() {
        dpbandit = client(TestApiKey.ALL_ROLES);
    }

    DpbanditClient client(String key) {
        return DpbanditClient.builder("http://localhost:" + port, key).retryPolicy(QUICK).build();
    }

    static BanditSpec spec(String id) {
        return spec(id, 100);
    }

    static BanditSpec spec(String id, int horizon) {
        return BanditSpec.builder(id, Algorithm.CAPRI).privacy(BanditSpec.Privacy.jdp(1.0, 1e-5)).horizon(horizon)
                .rewardBound(1.0).kernel(KernelSpec.rbf(0.3)).regularization(1.0).contextDimension(2)
                .action("a1", 0.1, 0.9).action("a2", 0.7, 0.3)
                .poolContext(0.2, 0.4).poolContext(0.8, 0.1).feedback(600, 0.0).build();
    }

    long stored(String bandit) {
        return jdbc.queryForObject("SELECT count(*) FROM decision WHERE bandit_id = ?", Long.class, bandit);
    }

    UUID storedId(String bandit) {
        return jdbc.queryForObject("SELECT id FROM decision WHERE bandit_id = ?", UUID.class, bandit);
    }

    @Test
    void aLostAnswerIsAskedForAgainWithTheSameRequestIdAndOneDecisionIsStored() throws Exception {
        dpbandit.createBandit(spec("sdk-lost"));
        try (LossyProxy proxy = new LossyProxy(port, n -> n == 1 || n == 3 ? new Drop() : new Pass())) {
            DpbanditClient through = DpbanditClient.builder(proxy.baseUri(), TestApiKey.ALL_ROLES).retryPolicy(QUICK)
                    .build();
            Decision d = through.decide("sdk-lost", 0.2, 0.4);
            assertThat(proxy.requests()).as("the first answer was lost, the second came").isEqualTo(2);
            assertThat(stored("sdk-lost")).isEqualTo(1);
            assertThat(d.decisionId()).isEqualTo(storedId("sdk-lost"));
            List<String> attempts = proxy.seen();
            assertThat(requestId(attempts.get(0))).as("the body's requestId, made by the SDK").isNotBlank()
                    .isEqualTo(requestId(attempts.get(1)));
            assertThat(header(attempts.get(0), "X-Request-Id")).isNotBlank().isEqualTo(header(attempts.get(1),
                    "X-Request-Id"));

            // Feedback is idempotent per decision: its lost answer is asked for again, and the retry
            // is told DUPLICATE: the first attempt's reward is the one the service holds.
            FeedbackResult r = through.feedback(d.decisionId(), 1.0);
            assertThat(proxy.requests()).isEqualTo(4);
            assertThat(r.status()).isEqualTo(FeedbackStatus.DUPLICATE);
            assertThat(jdbc.queryForObject("SELECT reward FROM decision WHERE id = ?", Double.class, d.decisionId()))
                    .isEqualTo(1.0);
        }
    }

    static String requestId(String request) {
        String body = request.substring(request.indexOf("\r\n\r\n") + 4);
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().readTree(body).path("requestId").asText();
        } catch (java.io.IOException e) {
            throw new AssertionError("not JSON: " + body, e);
        }
    }

    static String header(String request, String name) {
        return request.lines().filter(l -> l.regionMatches(true, 0, name + ":", 0, name.length() + 1))
                .map(l -> l.substring(name.length() + 1).strip()).findFirst().orElse(null);
    }

    @Test
    void anAnswerLaterThanTheTimeoutIsAskedForAgainAndOneDecisionIsStored() throws Exception {
        dpbandit.createBandit(spec("sdk-slow"));
        try (LossyProxy proxy = new LossyProxy(port, n -> n == 1 ? new Hold(3_000) : new Pass())) {
            DpbanditClient through = DpbanditClient.builder(proxy.baseUri(), TestApiKey.ALL_ROLES).retryPolicy(QUICK)
                    .requestTimeout(Duration.ofMillis(800)).build();
            Decision d = through.decide("sdk-slow", 0.8, 0.1);
            assertThat(proxy.requests()).isEqualTo(2);
            assertThat(stored("sdk-slow")).isEqualTo(1);
            assertThat(d.decisionId()).isEqualTo(storedId("sdk-slow"));
        }
        try (LossyProxy proxy = new LossyProxy(port, n -> new Hold(3_000))) {
            DpbanditClient through = DpbanditClient.builder(proxy.baseUri(), TestApiKey.ALL_ROLES)
                    .retryPolicy(QUICK.withMaxAttempts(2)).requestTimeout(Duration.ofMillis(500)).build();
            assertThatThrownBy(() -> through.decide("sdk-slow", 0.8, 0.1))
                    .isInstanceOfSatisfying(DpbanditTimeoutException.class, e -> assertThat(e.attempts()).isEqualTo(2));
            assertThat(stored("sdk-slow")).as("one more decision: both attempts carried one requestId").isEqualTo(2);
        }
    }

    @Test
    void theCallersRequestIdReturnsTheStoredDecisionToItsKeyOnly() {
        dpbandit.createBandit(spec("sdk-replay"));
        DecideRequest request = DecideRequest.of("sdk-replay", 0.2, 0.4).withRequestId("order-17");
        Decision once = dpbandit.decide(request);
        Decision twice = dpbandit.decide(request);
        assertThat(twice.decisionId()).isEqualTo(once.decisionId());
        assertThat(stored("sdk-replay")).isEqualTo(1);
        assertThatThrownBy(() -> dpbandit.decide(DecideRequest.of("sdk-replay", 0.8, 0.1).withRequestId("order-17")))
                .isInstanceOf(ConflictException.class);
        assertThatThrownBy(() -> client("test-decider-key").decide(request)).as("another key")
                .isInstanceOf(ConflictException.class);
        assertThat(stored("sdk-replay")).isEqualTo(1);
    }

    static <E extends DpbanditProblemException> Consumer<E> problem(int status, String kind) {
        return e -> {
            assertThat(e.status()).isEqualTo(status);
            assertThat(e.kind()).contains(kind);
            assertThat(e.type()).isEqualTo("https://dpbandit.io/problems/" + kind);
            assertThat(e.detail()).isNotBlank();
            assertThat(e.requestId()).isNotBlank();
        };
    }

    @Test
    void eachProblemTheServiceAnswersIsItsOwnException() {
        dpbandit.createBandit(spec("sdk-problems"));
        assertThatThrownBy(() -> dpbandit.decide("sdk-problems", 0.2))
                .isInstanceOfSatisfying(ValidationException.class, problem(400, "validation"));
        assertThatThrownBy(() -> dpbandit.decide(DecideRequest.of("sdk-problems", 0.2, 0.4).withUser("u-1")))
                .isInstanceOfSatisfying(ValidationException.class, e -> assertThat(e.field()).contains("user"));
        assertThatThrownBy(() -> dpbandit.decide("sdk-nobody", 0.2, 0.4))
                .isInstanceOfSatisfying(NotFoundException.class, problem(404, "not-found"));
        assertThatThrownBy(() -> dpbandit.feedback(UUID.randomUUID(), 1.0))
                .isInstanceOfSatisfying(NotFoundException.class, problem(404, "not-found"));
        assertThatThrownBy(() -> dpbandit.createBandit(spec("sdk-problems", 200)))
                .isInstanceOfSatisfying(ConflictException.class, problem(409, "conflict"));
        assertThatThrownBy(() -> dpbandit.release("sdk-problems", 0.2, 0.4))
                .isInstanceOfSatisfying(NotReadyException.class, problem(409, "not-ready"));
        assertThatThrownBy(() -> client("not-a-key").bandit("sdk-problems"))
                .isInstanceOfSatisfying(UnauthorizedException.class, problem(401, "unauthorized"));
        assertThatThrownBy(() -> client("test-decider-key").createBandit(spec("sdk-not-mine")))
                .isInstanceOfSatisfying(ForbiddenException.class, problem(403, "forbidden"));
        // 1.2 MB of JSON: over max-decide-body-bytes (1 MB), under what Tomcat reads and drops after an early answer
        double[] huge = new double[100_000];
        java.util.Arrays.fill(huge, 0.123456789);
        assertThatThrownBy(() -> dpbandit.decide("sdk-problems", huge))
                .isInstanceOfSatisfying(PayloadTooLargeException.class, problem(413, "payload-too-large"));
        assertThat(stored("sdk-problems")).as("no problem stored a decision").isZero();
    }

    @Test
    void aPausedBanditIsAPausedExceptionUntilResumedAndARetiredOneStaysReadable() {
        dpbandit.createBandit(spec("sdk-serving"));
        Decision before = dpbandit.decide("sdk-serving", 0.2, 0.4);
        assertThat(dpbandit.pause("sdk-serving").serving()).isEqualTo(Serving.PAUSED);
        assertThat(dpbandit.bandit("sdk-serving").servingSince()).isNotNull();
        assertThatThrownBy(() -> dpbandit.decide("sdk-serving", 0.2, 0.4))
                .isInstanceOfSatisfying(PausedException.class, problem(409, "paused"));
        assertThat(dpbandit.feedback(before.decisionId(), 1.0).status()).as("feedback is still taken")
                .isEqualTo(FeedbackStatus.ACCEPTED);
        assertThat(dpbandit.resume("sdk-serving").serving()).isEqualTo(Serving.ACTIVE);
        Decision after = dpbandit.decide("sdk-serving", 0.2, 0.4);
        assertThat(dpbandit.retire("sdk-serving").serving()).isEqualTo(Serving.RETIRED);
        assertThatThrownBy(() -> dpbandit.decide("sdk-serving", 0.2, 0.4))
                .isInstanceOfSatisfying(RetiredException.class, problem(409, "retired"));
        assertThatThrownBy(() -> dpbandit.feedback(after.decisionId(), 1.0)).isInstanceOf(RetiredException.class);
        assertThatThrownBy(() -> dpbandit.resume("sdk-serving")).isInstanceOf(RetiredException.class);
        assertThat(dpbandit.release("sdk-serving").bandit()).as("its releases stay readable").isEqualTo("sdk-serving");
        assertThat(dpbandit.bandit("sdk-serving").serving()).isEqualTo(Serving.RETIRED);
    }

    @Test
    void theBanditsListPagesByItsLinkHeader() {
        for (String id : List.of("sdk-page-a", "sdk-page-b", "sdk-page-c")) {
            dpbandit.createBandit(spec(id));
        }
        Page<BanditStatus> first = dpbandit.bandits(2);
        assertThat(first.items()).hasSize(2);
        assertThat(first.hasNext()).isTrue();
        List<String> ids = first.stream().map(BanditStatus::id).toList();
        assertThat(ids).contains("sdk-page-a", "sdk-page-b", "sdk-page-c").doesNotHaveDuplicates();
        assertThat(ids).isSorted();
        assertThat(dpbandit.bandits().all().stream().map(BanditStatus::id).toList()).isEqualTo(ids);
    }
}

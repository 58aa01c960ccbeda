package io.dpbandit.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.TestApiKey;
import io.dpbandit.testing.RawHttp;
import io.dpbandit.testing.Specs;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;

/**
 * Clients without a key, with a wrong one, or with a key that holds more than its share, against a
 * started service on Tomcat with the production connection timeout (5 s): a request refused before
 * its body is read must not hold a worker thread while the client withholds the rest of it, and one
 * key's pending bodies must leave room for the others. Tagged process: it holds hundreds of
 * connections for 20 s, and its own context (a small body pool, a long body timeout).
 */
@Tag("process")
@Tag("alone") // what it asserts depends on time: run with no other test beside it (pom.xml)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "dpbandit.api.max-pending-bodies=40", "dpbandit.api.body-timeout=30s", "server.tomcat.connection-timeout=5s"})
@ActiveProfiles("test")
@Import(TestApiKey.class)
class UnauthenticatedClientsTest {

    private static final String ALL = TestApiKey.ALL_ROLES;
    private static final String DECIDER = "test-decider-key";
    private static final String ANALYST = "test-analyst-key";
    private static final String BANDIT = "slow-clients";
    private static final String DECIDE = "{\"bandit\": \"" + BANDIT + "\", \"context\": [0.2, 0.4]}";

    @LocalServerPort
    int port;
    RawHttp http;

    @BeforeEach
    void bandit() throws Exception {
        http = new RawHttp(port);
        var created = http.post("/bandits", ALL, new ObjectMapper().writeValueAsString(Specs.capri(BANDIT, 100_000, 600)));
        assertThat(created.status()).isIn(200, 201);
    }

    private static String halfBody(String path, String keyHeader) {
        return "POST " + path + " HTTP/1.1\r\nHost: x\r\n" + keyHeader + "Content-Type: application/json\r\n"
                + "Content-Length: 100\r\n\r\n{\"bandit\":";
    }

    @Test
    void keylessAndWrongKeyHalfBodiesLeaveHealthAndAnAuthorisedDecideFast() throws Exception {
        for (int i = 0; i < 30; i++) { // warm: the first answers of a fresh JVM are not what is measured
            http.get("/actuator/health", ALL);
            http.post("/decide", DECIDER, DECIDE);
        }
        int keyless = 300;
        int wrongKey = 100;
        List<RawHttp.Connection> first = new ArrayList<>();
        for (int i = 0; i < keyless + wrongKey; i++) {
            first.add(http.open(halfBody("/decide", i < keyless ? "" : "X-API-Key: dpb_not_a_key_of_this_service\r\n")));
        }
        // Each is answered 401 at once and its connection closed: no thread reads the rest of its body.
        for (RawHttp.Connection c : first) {
            RawHttp.Answer answer = c.answer(Duration.ofSeconds(10));
            assertThat(answer.status()).isEqualTo(401);
            assertThat(answer.header("connection")).isEqualTo("close");
            assertThat(c.closedWithin(Duration.ofSeconds(2))).as("closed by the server, not left to swallow").isTrue();
            c.close();
        }
        // For 20 s the 400 connections are kept up: each one the server closes is opened again a
        // second later with the same half body. Meanwhile health and an authorised decision are
        // asked every 250 ms; each must answer within 1 s.
        AtomicBoolean attacking = new AtomicBoolean(true);
        Map<String, Integer> refusals = new ConcurrentHashMap<>();
        CountDownLatch stopped = new CountDownLatch(keyless + wrongKey);
        ExecutorService attackers = Executors.newFixedThreadPool(keyless + wrongKey);
        for (int i = 0; i < keyless + wrongKey; i++) {
            String head = halfBody("/decide", i < keyless ? "" : "X-API-Key: dpb_not_a_key_of_this_service\r\n");
            attackers.execute(() -> {
                try {
                    while (attacking.get()) {
                        try (RawHttp.Connection c = http.open(head)) {
                            refusals.merge(Integer.toString(c.answer(Duration.ofSeconds(30)).status()), 1, Integer::sum);
                            c.closedWithin(Duration.ofSeconds(30));
                        } catch (RuntimeException | java.io.IOException e) {
                            refusals.merge(e.getClass().getSimpleName(), 1, Integer::sum);
                        }
                        Thread.sleep(1000);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    stopped.countDown();
                }
            });
        }
        long slowestHealth = 0;
        long slowestDecide = 0;
        int probes = 0;
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        try {
            while (System.nanoTime() < end) {
                long t0 = System.nanoTime();
                assertThat(http.get("/actuator/health", ALL).status()).isEqualTo(200);
                long t1 = System.nanoTime();
                assertThat(http.post("/decide", DECIDER, DECIDE).status()).isEqualTo(200);
                long t2 = System.nanoTime();
                slowestHealth = Math.max(slowestHealth, t1 - t0);
                slowestDecide = Math.max(slowestDecide, t2 - t1);
                probes++;
                Thread.sleep(250);
            }
        } finally {
            attacking.set(false);
        }
        assertThat(stopped.await(60, TimeUnit.SECONDS)).isTrue();
        attackers.shutdown();
        assertThat(probes).isGreaterThan(40);
        assertThat(Duration.ofNanos(slowestHealth)).as("slowest health").isLessThan(Duration.ofSeconds(1));
        assertThat(Duration.ofNanos(slowestDecide)).as("slowest authorised decide").isLessThan(Duration.ofSeconds(1));
        // The attack really ran: hundreds of refusals beyond the first 400, every one a 401.
        assertThat(refusals.keySet()).containsOnly("401");
        assertThat(refusals.get("401")).isGreaterThan(2 * (keyless + wrongKey));
    }

    @Test
    void oneKeysPendingBodiesLeaveRoomForAnotherKey() throws Exception {
        // The pool is 40 bodies. A key may hold a body only while it holds no more than is left
        // free after it: the first key fills 20, the second 10, and a third still finds room.
        List<RawHttp.Connection> held = new ArrayList<>();
        try {
            int firstKey = holdAsManyAsAdmitted(held, "/decide", ALL, 30);
            int secondKey = holdAsManyAsAdmitted(held, "/release", ANALYST, 30);
            assertThat(firstKey).isEqualTo(20);
            assertThat(secondKey).isEqualTo(10);
            // An unrelated key's decisions are served, and it may still send a slow body of its own.
            for (int i = 0; i < 20; i++) {
                assertThat(http.post("/decide", DECIDER, DECIDE).status()).isEqualTo(200);
            }
            assertThat(holdAsManyAsAdmitted(held, "/decide", DECIDER, 1)).isEqualTo(1);
        } finally {
            for (RawHttp.Connection c : held) {
                c.close();
            }
        }
    }

    /**
     * Opens {@code tries} half-body connections with the key; returns how many are waiting for
     * their body (held), having checked that every other one was answered 503 busy at once and
     * closed. (Which of one key's connections are admitted does not matter, only how many.)
     */
    private int holdAsManyAsAdmitted(List<RawHttp.Connection> held, String path, String key, int tries)
            throws InterruptedException {
        List<RawHttp.Connection> opened = new ArrayList<>();
        for (int i = 0; i < tries; i++) {
            opened.add(http.open(halfBody(path, "X-API-Key: " + key + "\r\n")));
        }
        Thread.sleep(1500); // every refusal is answered by now; admitted bodies wait 30 s
        int admitted = 0;
        for (RawHttp.Connection c : opened) {
            if (c.answersWithin(Duration.ofMillis(1))) {
                RawHttp.Answer busy = c.answer(Duration.ofSeconds(5));
                assertThat(busy.status()).isEqualTo(503);
                assertThat(busy.header("retry-after")).isEqualTo("1");
                assertThat(c.closedWithin(Duration.ofSeconds(2))).isTrue();
            } else {
                held.add(c);
                admitted++;
            }
        }
        return admitted;
    }
}

package io.dpbandit.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dpbandit.problem.ProblemWriter;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.security.authentication.TestingAuthenticationToken;
import org.springframework.security.core.context.SecurityContextHolder;

class FairShareTest {

    @AfterEach
    void clear() {
        SecurityContextHolder.clearContext();
    }

    private static int takeAll(FairShare share, String key) {
        int n = 0;
        while (share.tryTake(key, 1)) {
            n++;
        }
        return n;
    }

    @Test
    void greedyKeysTakeHalfOfWhatIsLeftSoAnotherKeyAlwaysFindsRoom() {
        FairShare share = new FairShare(1000);
        assertThat(takeAll(share, "a")).isEqualTo(500);
        assertThat(takeAll(share, "b")).isEqualTo(250);
        assertThat(takeAll(share, "c")).isEqualTo(125);
        assertThat(share.tryTake("d", 1)).isTrue();
        assertThat(share.used()).isEqualTo(876);
        // What a key gives back is free for everyone again.
        for (int i = 0; i < 500; i++) {
            share.give("a", 1);
        }
        assertThat(share.heldBy("a")).isZero();
        assertThat(share.tryTake("b", 1)).isTrue();
    }

    @Test
    void anAmountLargerThanWhatIsFreeIsRefusedWhole() {
        FairShare share = new FairShare(100);
        assertThat(share.tryTake("a", 60)).isFalse(); // would leave 40 free, less than the 60 it holds
        assertThat(share.tryTake("a", 50)).isTrue();
        assertThat(share.tryTake("b", 26)).isFalse();
        assertThat(share.tryTake("b", 25)).isTrue();
        assertThat(share.used()).isEqualTo(75);
        assertThatThrownBy(() -> share.give("b", 26)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aKeyMayHaveAtMostHalfTheWorkerThreadsInProcessing() throws Exception {
        // Eight worker threads: one key gets four requests processed at once, the fifth a 503;
        // another key is still served, and requests without a key are never counted.
        var filter = new BodyReadingFilter(new ApiProperties(1 << 20, null, 1L << 28, Duration.ofSeconds(5), 10, true),
                new ProblemWriter(new ObjectMapper()), 8, new io.micrometer.core.instrument.simple.SimpleMeterRegistry().counter("awaited"));
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch inside = new CountDownLatch(4);
        List<Thread> busy = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Thread t = new Thread(() -> {
                SecurityContextHolder.getContext().setAuthentication(key("greedy"));
                try {
                    filter.doFilter(new MockHttpServletRequest("GET", "/bandits"), new MockHttpServletResponse(),
                            (req, res) -> {
                                inside.countDown();
                                try {
                                    release.await(10, TimeUnit.SECONDS);
                                } catch (InterruptedException e) {
                                    Thread.currentThread().interrupt();
                                }
                            });
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            t.start();
            busy.add(t);
        }
        assertThat(inside.await(10, TimeUnit.SECONDS)).isTrue();
        SecurityContextHolder.getContext().setAuthentication(key("greedy"));
        MockHttpServletResponse fifth = new MockHttpServletResponse();
        filter.doFilter(new MockHttpServletRequest("GET", "/bandits"), fifth, (req, res) -> ((HttpServletResponse) res).setStatus(200));
        assertThat(fifth.getStatus()).isEqualTo(503);
        assertThat(fifth.getHeader("Retry-After")).isEqualTo("1");
        assertThat(fifth.getContentAsString()).contains("too many requests being processed");

        SecurityContextHolder.getContext().setAuthentication(key("other"));
        MockHttpServletResponse other = new MockHttpServletResponse();
        filter.doFilter(new MockHttpServletRequest("GET", "/bandits"), other, (req, res) -> ((HttpServletResponse) res).setStatus(200));
        assertThat(other.getStatus()).isEqualTo(200);

        SecurityContextHolder.clearContext();
        MockHttpServletResponse anonymous = new MockHttpServletResponse();
        filter.doFilter(new MockHttpServletRequest("GET", "/actuator/health"), anonymous,
                (req, res) -> ((HttpServletResponse) res).setStatus(200));
        assertThat(anonymous.getStatus()).isEqualTo(200);

        release.countDown();
        for (Thread t : busy) {
            t.join(10_000);
        }
        // Once they ended, the key is served again.
        SecurityContextHolder.getContext().setAuthentication(key("greedy"));
        MockHttpServletResponse again = new MockHttpServletResponse();
        filter.doFilter(new MockHttpServletRequest("GET", "/bandits"), again, (req, res) -> ((HttpServletResponse) res).setStatus(200));
        assertThat(again.getStatus()).isEqualTo(200);
    }

    private static TestingAuthenticationToken key(String name) {
        var token = new TestingAuthenticationToken(name, null, "ROLE_DECIDER");
        token.setAuthenticated(true);
        return token;
    }
}

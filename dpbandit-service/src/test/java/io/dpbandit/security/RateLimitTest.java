package io.dpbandit.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

class RateLimitTest {

    @Test
    void bucketAllowsABurstThenRefillsAtTheRate() {
        RateLimiter limiter = new RateLimiter(2.0, 3);
        long t = 1_000_000_000L;
        assertThat(limiter.acquire("k", t)).isZero();
        assertThat(limiter.acquire("k", t)).isZero();
        assertThat(limiter.acquire("k", t)).isZero();
        assertThat(limiter.acquire("k", t)).isCloseTo(0.5, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(limiter.acquire("other", t)).isZero();
        assertThat(limiter.acquire("k", t + 500_000_000L)).isZero();
    }

    @Test
    void filterAnswers429WithRetryAfterOnceAKeyIsOverItsRate() throws Exception {
        String hash = java.util.HexFormat.of().formatHex(ApiKeys.sha256("limited-key"));
        var properties = new SecurityProperties(
                List.of(new SecurityProperties.Key("limited", hash, List.of("decider"), List.of())),
                new SecurityProperties.RateLimit(0.5, 2), false);
        ApiKeyFilter filter = new ApiKeyFilter(new ApiKeys(properties, new MockEnvironment()), properties);
        int[] statuses = new int[3];
        for (int i = 0; i < 3; i++) {
            var request = new MockHttpServletRequest("POST", "/decide");
            request.addHeader("X-API-Key", "limited-key");
            var response = new MockHttpServletResponse();
            filter.doFilter(request, response, new MockFilterChain());
            statuses[i] = response.getStatus();
            if (i == 2) {
                assertThat(response.getContentAsString()).contains("https://dpbandit.io/problems/rate-limited");
                assertThat(response.getHeader("Retry-After")).isEqualTo("2");
            }
        }
        assertThat(statuses).containsExactly(200, 200, 429);
    }
}

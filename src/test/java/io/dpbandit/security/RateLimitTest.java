package io.dpbandit.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.security.core.context.SecurityContextHolder;
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
        var principal = new ApiPrincipal("limited", java.util.Set.of(Role.DECIDER), List.of());
        RateLimitFilter filter = new RateLimitFilter(new RateLimiter(0.5, 2),
                new io.dpbandit.problem.ProblemWriter(new com.fasterxml.jackson.databind.ObjectMapper()));
        int[] statuses = new int[3];
        SecurityContextHolder.getContext().setAuthentication(ApiKeyAuthentication.authenticated(principal));
        try {
            for (int i = 0; i < 3; i++) {
                var request = new MockHttpServletRequest("POST", "/decide");
                var response = new MockHttpServletResponse();
                filter.doFilter(request, response, new MockFilterChain());
                statuses[i] = response.getStatus();
                if (i == 2) {
                    assertThat(response.getContentType()).startsWith("application/problem+json");
                    assertThat(response.getContentAsString()).contains("https://dpbandit.io/problems/rate-limited");
                    assertThat(response.getHeader("Retry-After")).isEqualTo("2");
                }
            }
        } finally {
            SecurityContextHolder.clearContext();
        }
        assertThat(statuses).containsExactly(200, 200, 429);
    }
}

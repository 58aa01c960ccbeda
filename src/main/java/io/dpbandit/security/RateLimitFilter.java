package io.dpbandit.security;

import io.dpbandit.problem.Problems;
import io.dpbandit.problem.ProblemWriter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.HttpStatusCode;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * A per-key request rate (token bucket, {@link RateLimiter}), applied after authorization so only
 * requests a key may make count against it. Over the rate: 429 with {@code Retry-After}.
 */
final class RateLimitFilter extends OncePerRequestFilter {

    private final RateLimiter limiter;
    private final ProblemWriter problems;

    RateLimitFilter(RateLimiter limiter, ProblemWriter problems) {
        this.limiter = limiter;
        this.problems = problems;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (SecurityContextHolder.getContext().getAuthentication() instanceof ApiKeyAuthentication key
                && key.isAuthenticated()) {
            double wait = limiter.acquire(key.getName(), System.nanoTime());
            if (wait > 0) {
                response.setHeader("Retry-After", Long.toString((long) Math.ceil(wait)));
                problems.write(response, Problems.of(HttpStatusCode.valueOf(429), "rate-limited",
                        "Too many requests", "this key is over its request rate; retry after the Retry-After seconds"));
                return;
            }
        }
        chain.doFilter(request, response);
    }
}

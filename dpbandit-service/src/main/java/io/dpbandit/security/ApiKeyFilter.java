package io.dpbandit.security;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Locale;
import java.util.Optional;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * API-key authentication (Authorization: Bearer &lt;key&gt; or X-API-Key) and role checks per
 * endpoint, before anything reads the body. Health and the OpenAPI documents stay open. Answers
 * 401 (no or unknown key), 403 (wrong role) and 429 (rate limit) as problem+json; none of them
 * says whether a bandit exists. Bandit scopes are checked by the controllers, which know the
 * bandit a request is for.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
public class ApiKeyFilter extends OncePerRequestFilter {

    /** Request attribute holding the authenticated {@link ApiPrincipal}. */
    public static final String PRINCIPAL = "dpbandit.principal";

    private final ApiKeys keys;
    private final RateLimiter limiter;

    public ApiKeyFilter(ApiKeys keys, SecurityProperties properties) {
        this.keys = keys;
        this.limiter = new RateLimiter(properties.rateLimit().perSecond(), properties.rateLimit().burst());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String path = request.getRequestURI();
        if (open(path)) {
            chain.doFilter(request, response);
            return;
        }
        Optional<ApiPrincipal> principal = keys.authenticate(presentedKey(request));
        if (principal.isEmpty()) {
            response.setHeader("WWW-Authenticate", "Bearer");
            Problem.write(response, 401, "unauthorized", "Unauthorized",
                    "send a valid API key as 'Authorization: Bearer <key>' or 'X-API-Key: <key>'");
            return;
        }
        Role needed = requiredRole(request.getMethod(), path);
        if (needed != null && !principal.get().has(needed)) {
            Problem.write(response, 403, "forbidden", "Forbidden",
                    "this key lacks the " + needed.name().toLowerCase(Locale.ROOT) + " role");
            return;
        }
        double wait = limiter.acquire(principal.get().name(), System.nanoTime());
        if (wait > 0) {
            response.setHeader("Retry-After", Long.toString((long) Math.ceil(wait)));
            Problem.write(response, 429, "rate-limited", "Too many requests",
                    "this key is over its request rate; retry after the Retry-After seconds");
            return;
        }
        request.setAttribute(PRINCIPAL, principal.get());
        chain.doFilter(request, response);
    }

    static boolean open(String path) {
        return path.equals("/actuator/health") || path.startsWith("/actuator/health/")
                || path.equals("/v3/api-docs") || path.startsWith("/v3/api-docs/") || path.equals("/v3/api-docs.yaml")
                || path.equals("/swagger-ui.html") || path.startsWith("/swagger-ui/");
    }

    /** The role an endpoint needs; null for other paths (any valid key, then 404/405 as usual). */
    static Role requiredRole(String method, String path) {
        if (path.startsWith("/actuator")) {
            return Role.OPS;
        }
        if (path.equals("/decide") || path.equals("/feedback")) {
            return Role.DECIDER;
        }
        if (path.equals("/bandits") && method.equals("POST")) {
            return Role.ADMIN;
        }
        if (path.equals("/bandits") || path.startsWith("/bandits/") || path.equals("/release")) {
            return Role.ANALYST;
        }
        return null;
    }

    private static String presentedKey(HttpServletRequest request) {
        String auth = request.getHeader("Authorization");
        if (auth != null && auth.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return auth.substring(7).trim();
        }
        return request.getHeader("X-API-Key");
    }
}

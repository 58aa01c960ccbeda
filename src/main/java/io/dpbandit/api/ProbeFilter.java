package io.dpbandit.api;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.LivenessState;

/**
 * Answers an anonymous liveness probe ({@code GET} or {@code HEAD} of {@code /livez}, or of
 * {@code /actuator/health/liveness} where this port serves the Actuator) straight from the
 * application's liveness state, without the security chain, Spring MVC and the Actuator's endpoint
 * machinery: a kubelet or load balancer probes every few seconds from every node, and the full path
 * cost a probe about seven times what this filter does (docs/benchmarks.md, 5).
 * <p>
 * The answer is exactly the Actuator's for an anonymous caller (status only, the same content
 * type, status code and security headers): {@code {"status":"UP"}} with 200 while the state is
 * {@link LivenessState#CORRECT}, {@code {"status":"DOWN"}} with 503 once it is
 * {@link LivenessState#BROKEN} (the liveness group holds only that state). Anything else goes the
 * full way: a request with a key (an operator may see components), a query string, an
 * {@code Accept} other than none or {@code *}{@code /*}, another method.
 */
final class ProbeFilter implements Filter {

    /** The Actuator's own media type, which it answers with for {@code Accept: *}{@code /*} or none. */
    static final String ACTUATOR_JSON = "application/vnd.spring-boot.actuator.v3+json";

    private static final byte[] UP = "{\"status\":\"UP\"}".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] DOWN = "{\"status\":\"DOWN\"}".getBytes(StandardCharsets.US_ASCII);

    private final ApplicationAvailability availability;
    private final Set<String> paths;

    /** @param paths the liveness group's paths this port serves */
    ProbeFilter(ApplicationAvailability availability, Set<String> paths) {
        this.availability = availability;
        this.paths = Set.copyOf(paths);
    }

    /**
     * The liveness group's paths on the main port, as the Actuator is configured: {@code /livez}
     * with {@code management.endpoint.health.probes.add-additional-paths}, and
     * {@code <base-path>/health/liveness} unless a separate management port serves the Actuator.
     * None when the probes are off.
     */
    static Set<String> paths(org.springframework.core.env.Environment env) {
        if (!env.getProperty("management.endpoint.health.probes.enabled", Boolean.class, true)) {
            return Set.of();
        }
        Set<String> paths = new java.util.HashSet<>();
        if (env.getProperty("management.endpoint.health.probes.add-additional-paths", Boolean.class, false)) {
            paths.add("/livez");
        }
        if (org.springframework.boot.actuate.autoconfigure.web.server.ManagementPortType.get(env)
                == org.springframework.boot.actuate.autoconfigure.web.server.ManagementPortType.SAME) {
            String base = env.getProperty("management.endpoints.web.base-path", "/actuator");
            paths.add(("/".equals(base) ? "" : base) + "/health/liveness");
        }
        return paths;
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest request = (HttpServletRequest) req;
        if (!isAnonymousProbe(request)) {
            chain.doFilter(req, res);
            return;
        }
        HttpServletResponse response = (HttpServletResponse) res;
        boolean up = availability.getLivenessState() != LivenessState.BROKEN;
        byte[] body = up ? UP : DOWN;
        response.setStatus(up ? HttpServletResponse.SC_OK : HttpServletResponse.SC_SERVICE_UNAVAILABLE);
        // Spring Security's default headers, which every other answer carries.
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("X-XSS-Protection", "0");
        response.setHeader("Cache-Control", "no-cache, no-store, max-age=0, must-revalidate");
        response.setHeader("Pragma", "no-cache");
        response.setHeader("Expires", "0");
        response.setHeader("X-Frame-Options", "DENY");
        response.setContentType(ACTUATOR_JSON);
        response.setContentLength(body.length);
        if (!"HEAD".equals(request.getMethod())) {
            response.getOutputStream().write(body);
        }
    }

    private boolean isAnonymousProbe(HttpServletRequest request) {
        String method = request.getMethod();
        if (!"GET".equals(method) && !"HEAD".equals(method)) {
            return false;
        }
        if (!paths.contains(request.getRequestURI()) || request.getQueryString() != null) {
            return false;
        }
        if (request.getHeader("X-API-Key") != null || request.getHeader("Authorization") != null) {
            return false;
        }
        String accept = request.getHeader("Accept");
        return accept == null || "*/*".equals(accept.trim());
    }
}

package io.dpbandit.security;

import io.dpbandit.problem.Problems;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.boot.web.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.Environment;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;

/**
 * The 404 for a path nothing serves, which, for an Actuator path asked on the main port while the
 * Actuator has a port of its own ({@code management.server.port}, as the Helm chart sets it), says
 * where it is: the management port (as it was bound, so a random one too) and the path there, and
 * that the probes stay on this port at {@code /livez} and {@code /readyz}. README's health command
 * asked on the main port is then a 404 that says what to ask instead.
 */
public final class ActuatorElsewhere implements ApplicationListener<WebServerInitializedEvent> {

    /** Where the Actuator's endpoints are under the context (management.endpoints.web.base-path). */
    private final String endpointsPath;
    /** The management server's own prefix (management.server.base-path). */
    private final String serverPath;
    private volatile int managementPort = -1;
    private volatile int serverPort = -1;

    ActuatorElsewhere(Environment environment) {
        this.endpointsPath = environment.getProperty("management.endpoints.web.base-path", "/actuator");
        this.serverPath = environment.getProperty("management.server.base-path", "");
    }

    @Override
    public void onApplicationEvent(WebServerInitializedEvent event) {
        if ("management".equals(event.getApplicationContext().getServerNamespace())) {
            managementPort = event.getWebServer().getPort();
        } else if (event.getApplicationContext().getServerNamespace() == null) {
            serverPort = event.getWebServer().getPort();
        }
    }

    /** The problem for a request that nothing serves. */
    public ProblemDetail notServed(HttpServletRequest request) {
        int management = managementPort;
        String path = request.getRequestURI().substring(request.getContextPath().length());
        if (management < 0 || management == serverPort || request.getLocalPort() == management
                || SecurityConfiguration.ON_MANAGEMENT_PORT.matches(request) || endpointsPath.isEmpty()
                || !(path.equals(endpointsPath) || path.startsWith(endpointsPath + "/"))) {
            return Problems.noSuchEndpoint();
        }
        String host = request.getServerName() != null && request.getServerName().matches("[A-Za-z0-9.:\\[\\]-]{1,253}")
                ? request.getServerName() : "<host>";
        if (host.contains(":") && !host.startsWith("[")) {
            host = "[" + host + "]";
        }
        // The path as asked, there (a path of the usual characters only: the rest is the caller's text).
        String there = serverPath + (path.matches("[A-Za-z0-9/._-]{1,200}") ? path : endpointsPath + "/health");
        return Problems.of(HttpStatus.NOT_FOUND, "not-found", "Not found", "the Actuator is served on the management "
                + "port " + management + ", not on this one: http://" + host + ":" + management + there
                + "; liveness and readiness are also at /livez and /readyz on this port");
    }
}

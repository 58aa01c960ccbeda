package io.dpbandit.api;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.UUID;
import java.util.regex.Pattern;
import org.slf4j.MDC;

/**
 * Every request has an id, {@value #HEADER}: the caller's own when it sends a sane one (1 to
 * {@value #MAX_LENGTH} characters of letters, digits and {@code - _ . : / + = @}), otherwise (none,
 * too long, control characters, spaces, anything outside ASCII) a new random UUID, so nothing a
 * caller sends reaches a log line unchecked. The id is
 * <ul>
 *   <li>echoed in the response's {@value #HEADER} header, on every answer that passes the servlet
 *       filters, errors included: a problem from a filter, a security refusal (401, 403, the
 *       firewall's 400), a 404, a 500;</li>
 *   <li>in the logging MDC as {@value #MDC_KEY} for everything the request logs, in every dispatch
 *       of it (the request, the async dispatch that carries a body read without a thread, the error
 *       page): the text pattern shows it after the thread name, and structured logs (ECS, Logstash)
 *       carry it as a field.</li>
 * </ul>
 * The outermost of the service's filters (see {@link HttpFilters}), before Spring Security, so a
 * refusal is answered with the id too. Only requests that Tomcat refuses before any filter (a
 * request line it cannot parse) go without one.
 */
public final class RequestIdFilter implements Filter {

    /** The header a caller may send and every answer carries. */
    public static final String HEADER = "X-Request-Id";

    /** The MDC key (ECS's field for a request's id): {@code %X{http.request.id}} in a pattern. */
    public static final String MDC_KEY = "http.request.id";

    static final int MAX_LENGTH = 128;

    private static final Pattern SANE = Pattern.compile("[A-Za-z0-9._:/+=@-]{1," + MAX_LENGTH + "}");
    private static final String ATTRIBUTE = RequestIdFilter.class.getName();

    /**
     * A random (version 4) UUID from the thread's own generator: a request id needs to be unique, not
     * unguessable (it is handed to the caller and logged, never trusted), and UUID.randomUUID's
     * shared SecureRandom is a lock every request thread would queue on.
     */
    static String newId() {
        var random = java.util.concurrent.ThreadLocalRandom.current();
        long high = (random.nextLong() & ~0xF000L) | 0x4000L;
        long low = (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(high, low).toString();
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        String id = idOf(req);
        if (id == null) {
            id = accepted(((HttpServletRequest) req).getHeader(HEADER));
            req.setAttribute(ATTRIBUTE, id);
        }
        HttpServletResponse response = (HttpServletResponse) res;
        if (!response.isCommitted()) {
            response.setHeader(HEADER, id);
        }
        String outer = MDC.get(MDC_KEY);
        MDC.put(MDC_KEY, id);
        try {
            chain.doFilter(req, res);
        } finally {
            if (outer == null) {
                MDC.remove(MDC_KEY);
            } else {
                MDC.put(MDC_KEY, outer);
            }
        }
    }

    /** The caller's id if it is sane, otherwise a new one. */
    static String accepted(String sent) {
        return sent != null && SANE.matcher(sent).matches() ? sent : newId();
    }

    /** The id of a request this filter has seen, or null. */
    public static String idOf(ServletRequest request) {
        return request.getAttribute(ATTRIBUTE) instanceof String id ? id : null;
    }

    /**
     * Puts the request's id in the MDC for code that runs for a request outside its dispatches (a
     * container thread's read listener), until closed.
     */
    static MDC.MDCCloseable inLogs(ServletRequest request) {
        String id = idOf(request);
        return MDC.putCloseable(MDC_KEY, id == null ? "" : id);
    }
}

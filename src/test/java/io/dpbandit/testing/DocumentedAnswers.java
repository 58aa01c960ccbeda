package io.dpbandit.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Pattern;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;

/**
 * Holds the service to its API document while the full-context tests run: every answer to a
 * request that follows openapi.yaml (a documented method on a documented path, HEAD as its GET, no
 * body or Content-Type where the operation takes none) must carry a status that the document lists
 * for that operation. A servlet filter outside all of the service's own records each answer's
 * status once it is final (after an async body read too); {@code PostgresIntegrationTest} fails a
 * test after which an undocumented one was recorded. Requests the document does not describe (other
 * spellings of a path, other methods, a body on a GET) are left to the tests that send them.
 */
@TestConfiguration(proxyBeanMethods = false)
public class DocumentedAnswers {

    private static final List<String> UNDOCUMENTED = new CopyOnWriteArrayList<>();
    private static volatile List<Operation> operations;

    /** One operation of the document: its method, its path as a pattern, whether it takes a body, its codes. */
    record Operation(String method, String path, Pattern pattern, boolean body, List<Integer> codes) {
    }

    /** The undocumented answers recorded since the last call, and forgets them. */
    public static List<String> drain() {
        List<String> out = new ArrayList<>(UNDOCUMENTED);
        UNDOCUMENTED.removeAll(out);
        return out;
    }

    /**
     * Why an answer is not in the document, or empty: the request's method, raw path, whether it had
     * a body or a Content-Type, and the status answered.
     */
    public static Optional<String> check(String method, String rawPath, boolean bodyOrType, int status) {
        String asGet = method.equals("HEAD") ? "GET" : method;
        for (Operation op : operations()) {
            if (op.method().equals(asGet) && op.pattern().matcher(rawPath).matches()) {
                if (bodyOrType && !op.body()) {
                    return Optional.empty(); // not a request the document describes
                }
                return op.codes().contains(status) ? Optional.empty()
                        : Optional.of(method + " " + rawPath + " (" + op.method() + " " + op.path() + ") answered "
                                + status + "; openapi.yaml lists " + op.codes());
            }
        }
        return Optional.empty();
    }

    static List<Operation> operations() {
        List<Operation> ops = operations;
        if (ops == null) {
            ops = read();
            operations = ops;
        }
        return ops;
    }

    private static List<Operation> read() {
        JsonNode doc;
        try {
            doc = new ObjectMapper(new YAMLFactory()).readTree(RepositoryPaths.root().resolve("openapi.yaml").toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Operation> out = new ArrayList<>();
        doc.path("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(op -> {
            List<Integer> codes = new ArrayList<>();
            op.getValue().path("responses").fieldNames().forEachRemaining(c -> codes.add(Integer.valueOf(c)));
            // Path variables match one segment of the characters an id or a number may hold.
            Pattern pattern = Pattern.compile(Pattern.quote(path.getKey()).replaceAll("\\{[^}]+}",
                    "\\\\E[A-Za-z0-9._-]+\\\\Q"));
            out.add(new Operation(op.getKey().toUpperCase(Locale.ROOT), path.getKey(), pattern,
                    op.getValue().has("requestBody"), List.copyOf(codes)));
        }));
        // Literal paths first, so that /bandits/plan is not taken for /bandits/{id}.
        out.sort(java.util.Comparator.comparing((Operation o) -> o.path().contains("{")));
        return List.copyOf(out);
    }

    @Bean
    FilterRegistrationBean<Filter> documentedAnswersRecorder() {
        Filter recorder = (req, res, chain) -> {
            HttpServletRequest request = (HttpServletRequest) req;
            HttpServletResponse response = (HttpServletResponse) res;
            boolean bodyOrType = request.getContentType() != null || request.getContentLengthLong() > 0
                    || request.getHeader("Transfer-Encoding") != null;
            String method = request.getMethod();
            String path = request.getRequestURI();
            chain.doFilter(req, res);
            if (request.isAsyncStarted()) {
                request.getAsyncContext().addListener(new AsyncListener() {
                    @Override
                    public void onComplete(AsyncEvent event) {
                        record(method, path, bodyOrType, response.getStatus());
                    }

                    @Override
                    public void onTimeout(AsyncEvent event) {
                    }

                    @Override
                    public void onError(AsyncEvent event) {
                    }

                    @Override
                    public void onStartAsync(AsyncEvent event) {
                    }
                });
            } else {
                record(method, path, bodyOrType, response.getStatus());
            }
        };
        var registration = new FilterRegistrationBean<>(recorder);
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        registration.setDispatcherTypes(DispatcherType.REQUEST);
        return registration;
    }

    private static void record(String method, String path, boolean bodyOrType, int status) {
        check(method, path, bodyOrType, status).ifPresent(UNDOCUMENTED::add);
    }
}

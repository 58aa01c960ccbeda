package io.dpbandit.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.validation.Validator;
import java.io.IOException;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.web.filter.ServerHttpObservationFilter;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.DispatcherServlet;
import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.servlet.HandlerMapping;
import org.springframework.web.servlet.ModelAndView;

/**
 * Serves a plain {@code POST /decide} or {@code POST /feedback} without Spring MVC's dispatch, after
 * the security chain and the body reading: the body read with the same Jackson mapper, checked with
 * the same Bean Validation, handed to the same {@link DecisionController} method, the answer written
 * with the same mapper. These two requests are the whole of a product backend's traffic, and Spring
 * MVC's handler lookup, argument resolution, data binders and content negotiation cost about a
 * quarter of a request's CPU on them (docs/benchmarks.md, 5.1) for nothing they need.
 * <p>
 * Plain means: a POST whose body was read whole (at once, or awaited and handed on in the async
 * dispatch), on exactly {@code /decide} or
 * {@code /feedback} with no query string, {@code Content-Type: application/json} (UTF-8 or no
 * charset) and an {@code Accept} under which Spring MVC would answer JSON; and a body that
 * reads and validates. Everything else goes to Spring MVC untouched (the body is in memory and can be
 * read again), so every refusal, its status, problem type and message, is Spring MVC's own: an
 * unreadable or invalid body, another media type, a query, another spelling of the path.
 * <p>
 * What the controller throws is answered as the dispatcher answers it: its exception resolvers in
 * its order (the {@code @ExceptionHandler}s of {@link ErrorHandlers} among them), after the same
 * reset of the response, and the exception kept on the request for the request timer. The timer's
 * {@code uri} tag is the route's pattern, as Spring MVC sets it. {@code DirectDecisionsTest} compares
 * the two paths' answers, status, headers and body, for successes and refusals.
 */
final class DirectDecisions implements Filter {

    private static final Set<String> JSON = Set.of("application/json", "application/json;charset=utf-8");

    private final DecisionController controller;
    private final ObjectReader decideReader;
    private final ObjectReader feedbackReader;
    private final ObjectWriter writer;
    private final Validator validator;
    private final List<HandlerExceptionResolver> resolvers;
    private final HandlerMethod decideHandler;
    private final HandlerMethod feedbackHandler;
    private final LongAdder served = new LongAdder();

    /**
     * @param mapper the mapper Spring MVC's JSON converter reads and writes with
     * @param resolvers the dispatcher's exception resolvers, in its order
     */
    DirectDecisions(DecisionController controller, ObjectMapper mapper, Validator validator,
            List<HandlerExceptionResolver> resolvers) {
        this.controller = controller;
        this.decideReader = mapper.readerFor(DecisionController.DecideRequest.class);
        this.feedbackReader = mapper.readerFor(DecisionController.FeedbackRequest.class);
        this.writer = mapper.writer();
        this.validator = validator;
        this.resolvers = List.copyOf(resolvers);
        try {
            this.decideHandler = new HandlerMethod(controller, DecisionController.class.getMethod("decide",
                    DecisionController.DecideRequest.class));
            this.feedbackHandler = new HandlerMethod(controller, DecisionController.class.getMethod("feedback",
                    DecisionController.FeedbackRequest.class));
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("DecisionController's decide or feedback method is missing", e);
        }
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest request = (HttpServletRequest) req;
        String route = req instanceof BodyReadingFilter.BufferedBody ? route(request) : null;
        Object body = route == null ? null : read(route, ((BodyReadingFilter.BufferedBody) req).bytes());
        if (body == null || !validator.validate(body).isEmpty()) {
            chain.doFilter(req, res);
            return;
        }
        HttpServletResponse response = (HttpServletResponse) res;
        // The request timer's uri tag, and the attribute Spring MVC leaves for whoever reads it.
        request.setAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE, route);
        ServerHttpObservationFilter.findObservationContext(request).ifPresent(c -> c.setPathPattern(route));
        served.increment();
        Object answer;
        try {
            answer = body instanceof DecisionController.DecideRequest decide ? controller.decide(decide)
                    : controller.feedback((DecisionController.FeedbackRequest) body);
        } catch (RuntimeException e) {
            resolve(request, response, body instanceof DecisionController.DecideRequest ? decideHandler
                    : feedbackHandler, e);
            return;
        }
        byte[] json = writer.writeValueAsBytes(answer);
        response.setContentType("application/json");
        response.getOutputStream().write(json);
    }

    /** The route, for a plain request on one; null for anything Spring MVC must see. */
    static String route(HttpServletRequest request) {
        if (request.getDispatcherType() == DispatcherType.ERROR || !"POST".equals(request.getMethod())
                || request.getQueryString() != null || !request.getContextPath().isEmpty()) {
            return null;
        }
        String uri = request.getRequestURI();
        String route = "/decide".equals(uri) ? "/decide" : "/feedback".equals(uri) ? "/feedback" : null;
        String type = request.getContentType();
        if (route == null || type == null
                || !JSON.contains(type.replace(" ", "").toLowerCase(Locale.ROOT))) {
            return null;
        }
        return acceptsJson(request) ? route : null;
    }

    /**
     * Whether Spring MVC would answer this request's success with application/json, the only type
     * the two routes produce: no Accept, or one under which application/json has a quality above 0,
     * read as {@link AcceptQualities} reads it (the SDK sends {@code application/json,
     * application/problem+json}, Spring's RestTemplate {@code application/json, application/*+json}).
     * A header that does not parse is left to Spring MVC (a 406).
     */
    private static boolean acceptsJson(HttpServletRequest request) {
        List<String> values = Collections.list(request.getHeaders(HttpHeaders.ACCEPT));
        if (values.isEmpty()) {
            return true;
        }
        try {
            List<MediaType> ranges = MediaType.parseMediaTypes(values);
            // A range with a parameter other than q (a charset) may be echoed in the answer's type.
            return ranges.stream().allMatch(r -> r.getParameters().keySet().stream().allMatch("q"::equals))
                    && AcceptQualities.quality(ranges, MediaType.APPLICATION_JSON) > 0;
        } catch (InvalidMediaTypeException e) {
            return false;
        }
    }

    /** The body as the route's request record, or null where Spring MVC must say what is wrong with it. */
    private Object read(String route, byte[] bytes) {
        try {
            return ("/decide".equals(route) ? decideReader : feedbackReader).readValue(bytes);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * As {@code DispatcherServlet.processHandlerException} (Spring Framework 6.2): the success's
     * content headers and buffered body dropped, then the first resolver that answers; the exception
     * rethrown when none does (the container's error dispatch then answers, as after Spring MVC).
     */
    private void resolve(HttpServletRequest request, HttpServletResponse response, HandlerMethod handler,
            RuntimeException e) throws ServletException {
        request.removeAttribute(HandlerMapping.PRODUCIBLE_MEDIA_TYPES_ATTRIBUTE);
        if (!response.isCommitted()) {
            response.setHeader("Content-Type", null);
            response.setHeader("Content-Disposition", null);
            response.resetBuffer();
        }
        for (HandlerExceptionResolver resolver : resolvers) {
            ModelAndView answer = resolver.resolveException(request, response, handler, e);
            if (answer != null) {
                if (!answer.isEmpty()) {
                    // No resolver of this service renders a view; were one added, Spring MVC must answer.
                    throw new ServletException("a view for " + e.getClass().getName() + " cannot be rendered here", e);
                }
                request.setAttribute(DispatcherServlet.EXCEPTION_ATTRIBUTE, e);
                return;
            }
        }
        throw e;
    }

    /** How many requests this filter served (the others went to Spring MVC). */
    long served() {
        return served.sum();
    }
}

package io.dpbandit.api;

import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.bandit.ServiceErrors;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.ContentNegotiationConfigurer;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Query parameters read as strictly as the JSON bodies are ({@code fail-on-unknown-properties},
 * trailing tokens and duplicate keys refused):
 * <ul>
 *   <li>numbers only in JSON's own grammar ({@code -?(0|[1-9][0-9]*)} for whole numbers, with a
 *       fraction and an exponent for the others): Spring's default conversion took {@code 0x10},
 *       {@code +5}, {@code " 5"}, {@code 1.5d}, {@code NaN} and {@code Infinity};</li>
 *   <li>a parameter the operation does not take is a 400 naming it and the ones it takes (so a
 *       {@code gap} sent to GET /bandits/{id}/plan, which always forecasts at 0.1, is refused
 *       rather than silently ignored), as is one sent twice or sent empty ({@code limit=} was read
 *       as "use the default").</li>
 * </ul>
 * Only the service's own controllers are checked (not the Actuator's or the API document's).
 * Also: the answer's media type honours {@code q=0} ({@link AcceptQualities}).
 */
@Configuration(proxyBeanMethods = false)
public class StrictQueries implements WebMvcConfigurer {

    static final Pattern WHOLE = Pattern.compile("-?(0|[1-9][0-9]{0,18})");
    static final Pattern DECIMAL = Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");

    /**
     * The strict readers as property editors, registered for every controller: a binder tries a
     * conversion service first and, when it fails, falls back to its default editors (which read
     * {@code 0x10} and {@code +5}), so converters alone could not refuse them; a custom editor is
     * the one a binder uses before anything else.
     */
    @org.springframework.web.bind.annotation.ControllerAdvice
    static class NumberBinding {

        @org.springframework.web.bind.annotation.InitBinder
        void strictNumbers(org.springframework.web.bind.WebDataBinder binder) {
            if (binder.getTarget() != null) {
                // A binder with a target validates a request body (read by Jackson, which has its own
                // strict numbers, JsonLimits); only the target-less binders convert query and path values.
                return;
            }
            binder.registerCustomEditor(int.class, new Strict(WHOLE, Integer::valueOf));
            binder.registerCustomEditor(Integer.class, new Strict(WHOLE, Integer::valueOf));
            binder.registerCustomEditor(long.class, new Strict(WHOLE, Long::valueOf));
            binder.registerCustomEditor(Long.class, new Strict(WHOLE, Long::valueOf));
            binder.registerCustomEditor(double.class, new Strict(DECIMAL, StrictQueries::finite));
            binder.registerCustomEditor(Double.class, new Strict(DECIMAL, StrictQueries::finite));
        }
    }

    private static Double finite(String s) {
        double d = Double.parseDouble(s);
        if (!Double.isFinite(d)) {
            throw new IllegalArgumentException("out of the range of a double");
        }
        return d;
    }

    /** Reads a number only in its grammar; anything else is an IllegalArgumentException (a 400). */
    static final class Strict extends java.beans.PropertyEditorSupport {

        private final Pattern grammar;
        private final java.util.function.Function<String, Object> parse;

        Strict(Pattern grammar, java.util.function.Function<String, Object> parse) {
            this.grammar = grammar;
            this.parse = parse;
        }

        @Override
        public void setAsText(String text) {
            if (text == null || !grammar.matcher(text).matches()) {
                throw new IllegalArgumentException("not a number in JSON's notation");
            }
            setValue(parse.apply(text));
        }
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new KnownParameters());
    }

    @Override
    public void configureContentNegotiation(ContentNegotiationConfigurer configurer) {
        configurer.strategies(java.util.List.of(new AcceptQualities()));
    }

    /** Refuses query parameters the handler does not declare, repeated ones and empty ones. */
    static final class KnownParameters implements HandlerInterceptor {

        private final Map<HandlerMethod, Set<String>> declared = new ConcurrentHashMap<>();

        @Override
        public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
            String query = request.getQueryString();
            if (query == null || !(handler instanceof HandlerMethod method)
                    || !method.getBeanType().getPackageName().startsWith("io.dpbandit")) {
                return true;
            }
            Set<String> known = declared.computeIfAbsent(method, KnownParameters::names);
            Set<String> seen = new HashSet<>();
            for (String part : query.split("&")) {
                if (part.isEmpty()) {
                    continue;
                }
                int eq = part.indexOf('=');
                String name = URLDecoder.decode(eq < 0 ? part : part.substring(0, eq), StandardCharsets.UTF_8);
                String value = eq < 0 ? "" : part.substring(eq + 1);
                if (!known.contains(name)) {
                    throw InvalidRequestException.of(ServiceErrors.quote(name).replace("'", ""),
                            "is not a parameter of this operation; it takes " + (known.isEmpty() ? "none"
                                    : String.join(", ", new TreeSet<>(known))));
                }
                if (!seen.add(name)) {
                    throw InvalidRequestException.of(name, "is given more than once");
                }
                if (value.isEmpty()) {
                    throw InvalidRequestException.of(name, "is empty; leave it out for its default");
                }
            }
            return true;
        }

        private static Set<String> names(HandlerMethod method) {
            Set<String> names = new HashSet<>();
            for (MethodParameter p : method.getMethodParameters()) {
                p.initParameterNameDiscovery(new org.springframework.core.DefaultParameterNameDiscoverer());
                RequestParam param = p.getParameterAnnotation(RequestParam.class);
                if (param != null) {
                    String name = !param.name().isEmpty() ? param.name() : p.getParameterName();
                    if (name != null) {
                        names.add(name);
                    }
                }
            }
            return Set.copyOf(names);
        }
    }
}

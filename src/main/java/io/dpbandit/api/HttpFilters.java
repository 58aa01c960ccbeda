package io.dpbandit.api;

import io.dpbandit.problem.ProblemWriter;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.DispatcherType;
import org.springframework.boot.autoconfigure.security.SecurityProperties;
import org.springframework.boot.autoconfigure.web.ServerProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.boot.web.servlet.filter.OrderedFilter;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * The service's own servlet filters and where they sit around Spring Security's chain (order
 * {@value SecurityProperties#DEFAULT_FILTER_ORDER}):
 * <ol>
 *   <li>{@link RequestIdFilter}, outermost of all (before Spring's own filters too), so that every
 *       answer, a refusal by any filter below included, carries the request's id, and everything
 *       the request logs has it in the MDC;</li>
 *   <li>{@link ProbeFilter}: an anonymous liveness probe is answered here, without the rest;</li>
 *   <li>{@link EmptyErrorBodyFilter}, so that whatever answers an error without a body below it
 *       (Actuator, a filter) gets a problem body;</li>
 *   <li>{@link RequestChecksFilter}: Content-Type and query string, before authentication;</li>
 *   <li>Spring Security: firewall, API keys, authorization, rate limit;</li>
 *   <li>{@link BodyReadingFilter}: the whole body, read without a thread, for authorized requests
 *       only;</li>
 *   <li>{@link DirectDecisions}: a plain {@code POST /decide} or {@code /feedback} is served here,
 *       without Spring MVC's dispatch.</li>
 * </ol>
 * The last three come after Spring's RequestContextFilter, so the problems they write are tagged on
 * the request's timer.
 */
@Configuration(proxyBeanMethods = false)
public class HttpFilters {

    @Bean
    FilterRegistrationBean<RequestIdFilter> requestIdFilter() {
        var registration = new FilterRegistrationBean<>(new RequestIdFilter());
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        registration.setDispatcherTypes(DispatcherType.REQUEST, DispatcherType.ASYNC, DispatcherType.ERROR);
        return registration;
    }

    @Bean
    FilterRegistrationBean<ProbeFilter> probeFilter(org.springframework.beans.factory.ObjectProvider<
            org.springframework.boot.availability.ApplicationAvailability> availability,
            org.springframework.core.env.Environment env) {
        // Without the availability (a test slice without it) nothing is answered here.
        var state = availability.getIfAvailable();
        var registration = new FilterRegistrationBean<>(state == null ? new ProbeFilter(null, java.util.Set.of())
                : new ProbeFilter(state, ProbeFilter.paths(env)));
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 1);
        registration.setDispatcherTypes(DispatcherType.REQUEST);
        return registration;
    }

    @Bean
    FilterRegistrationBean<EmptyErrorBodyFilter> emptyErrorBodyFilter(ProblemWriter problems) {
        var registration = new FilterRegistrationBean<>(new EmptyErrorBodyFilter(problems));
        registration.setOrder(OrderedFilter.REQUEST_WRAPPER_FILTER_MAX_ORDER - 104);
        registration.setDispatcherTypes(DispatcherType.REQUEST, DispatcherType.ASYNC);
        return registration;
    }

    @Bean
    FilterRegistrationBean<RequestChecksFilter> requestChecksFilter(ProblemWriter problems) {
        var registration = new FilterRegistrationBean<>(new RequestChecksFilter(problems));
        registration.setOrder(OrderedFilter.REQUEST_WRAPPER_FILTER_MAX_ORDER - 103);
        registration.setDispatcherTypes(DispatcherType.REQUEST);
        return registration;
    }

    @Bean
    FilterRegistrationBean<BodyReadingFilter> bodyReadingFilter(ApiProperties properties, ProblemWriter problems,
            ServerProperties server, org.springframework.beans.factory.ObjectProvider<MeterRegistry> registry) {
        // (a test slice without metrics counts into a registry of its own)
        MeterRegistry meters = registry.getIfAvailable(io.micrometer.core.instrument.simple.SimpleMeterRegistry::new);
        Counter awaited = Counter.builder("dpbandit.http.bodies.awaited")
                .description("Request bodies that had not all arrived with their headers and were awaited without "
                        + "a thread (slow or stalled clients, large bodies); the others are read at once")
                .register(meters);
        var registration = new FilterRegistrationBean<>(new BodyReadingFilter(properties, problems,
                server.getTomcat().getThreads().getMax(), awaited));
        registration.setOrder(SecurityProperties.DEFAULT_FILTER_ORDER + 1);
        registration.setDispatcherTypes(DispatcherType.REQUEST, DispatcherType.ASYNC);
        return registration;
    }

    @Bean
    FilterRegistrationBean<DirectDecisions> directDecisions(DecisionController controller,
            org.springframework.http.converter.json.MappingJackson2HttpMessageConverter json,
            jakarta.validation.Validator validator,
            org.springframework.beans.factory.ObjectProvider<org.springframework.web.servlet.HandlerExceptionResolver>
                    resolvers) {
        var registration = new FilterRegistrationBean<>(new DirectDecisions(controller, json.getObjectMapper(),
                validator, resolvers.orderedStream().toList()));
        registration.setOrder(SecurityProperties.DEFAULT_FILTER_ORDER + 2);
        registration.setDispatcherTypes(DispatcherType.REQUEST, DispatcherType.ASYNC);
        return registration;
    }
}

package io.dpbandit.security;

import io.dpbandit.problem.ProblemWriter;
import io.dpbandit.problem.Problems;
import jakarta.servlet.DispatcherType;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.access.hierarchicalroles.RoleHierarchy;
import org.springframework.security.access.hierarchicalroles.RoleHierarchyImpl;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.intercept.AuthorizationFilter;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;
import org.springframework.security.web.authentication.AuthenticationFilter;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import org.springframework.security.web.header.writers.ContentSecurityPolicyHeaderWriter;
import org.springframework.security.web.header.writers.DelegatingRequestMatcherHeaderWriter;
import org.springframework.security.web.util.matcher.AndRequestMatcher;
import org.springframework.security.web.util.matcher.NegatedRequestMatcher;
import org.springframework.security.web.util.matcher.OrRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.web.servlet.handler.HandlerMappingIntrospector;
import org.springframework.web.context.support.WebApplicationContextUtils;

/**
 * The security filter chain (Spring Security), in the order a request meets it:
 * <ol>
 *   <li><b>Firewall</b> ({@code StrictHttpFirewall}, Spring Security's default, left on): a path with
 *       {@code ;}, an encoded {@code /}, {@code .}, {@code %} or {@code \}, {@code //}, {@code .} or
 *       {@code ..} segments, or control characters is refused before any filter or controller sees
 *       it, as a problem+json 400. So no spelling of a path can reach a controller that the
 *       authorization rules below would match differently.</li>
 *   <li><b>API-key authentication</b>: {@code Authorization: Bearer <key>} or {@code X-API-Key};
 *       keys are held as SHA-256 hashes and a presented key is found by its hash ({@link ApiKeys}). A
 *       presented but unknown key is a 401; no key continues anonymously.</li>
 *   <li><b>Authorization</b> per endpoint and method, matched with {@link PathPatternRequestMatcher}
 *       on the decoded path, the way Spring MVC maps requests; HEAD wherever GET. Anything not
 *       listed is denied: 401 anonymous and 403 with a key where some handler serves the path (a
 *       wrong role, a wrong method), 404 with any key or none where nothing does
 *       ({@link UnmappedRequests}: other spellings such as a trailing slash or upper case, made-up
 *       paths). ADMIN includes ANALYST (a role hierarchy).</li>
 *   <li><b>Rate limit</b> per key, for requests the key may make.</li>
 * </ol>
 * The analyst page's shell ({@code GET /ui}, {@code GET /ui/**}: static files, no data) is open to
 * anyone and carries a Content-Security-Policy that keeps it to this origin.
 * <p>
 * With a separate management port ({@code management.server.port}, as the Helm chart sets it),
 * Spring Boot serves the Actuator from a child context on that port and runs this same filter chain
 * there. On that port only, {@code GET /actuator/health[/**]} and {@code GET /actuator/prometheus}
 * need no key, so that a scraper without credentials can read the metrics; the port is meant to be
 * reachable only by the scraper (the chart's NetworkPolicy). Everything else on it keeps the rules
 * below ({@code /actuator/info} and {@code /actuator/metrics} need an ops key), and any path outside
 * {@code /actuator} is refused there. The main port never serves the Actuator then, and its
 * {@code /actuator/**} still needs an ops key; its probes are {@code /livez} and {@code /readyz} (the
 * liveness and readiness groups). Without a separate port nothing changes: {@code
 * /actuator/prometheus} needs an ops key.
 * Bandit scopes are checked in the controllers ({@link Access}), which know the bandit. Sessions,
 * CSRF (no cookies are ever issued or read), form and basic login are off.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSecurity
public class SecurityConfiguration {

    /**
     * The analyst page may load its own files and call its own service, nothing else: no other
     * origin, no inline script or style, no framing.
     */
    static final String UI_CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

    @Bean
    SecurityFilterChain apiSecurity(HttpSecurity http, ApiKeys keys, SecurityProperties properties,
            ProblemWriter problems, HandlerMappingIntrospector introspector, ActuatorElsewhere elsewhere)
            throws Exception {
        var path = PathPatternRequestMatcher.withDefaults();
        RequestMatcher unmapped = new UnmappedRequests(introspector);
        AuthenticationFilter apiKeys = new AuthenticationFilter(new ProviderManager(
                new ApiKeyAuthenticationProvider(keys)), new ApiKeyAuthenticationConverter());
        apiKeys.setSuccessHandler((request, response, authentication) -> {
            // Continue the chain (the default would redirect, as after a form login).
        });
        apiKeys.setFailureHandler((request, response, e) -> unauthorized(problems, response));
        RequestMatcher uiShell = reads("/ui", "/ui/**");
        return http
                .headers(h -> h.addHeaderWriter(new DelegatingRequestMatcherHeaderWriter(uiShell,
                        new ContentSecurityPolicyHeaderWriter(UI_CONTENT_SECURITY_POLICY))))
                .csrf(c -> c.disable())
                .httpBasic(b -> b.disable())
                .formLogin(f -> f.disable())
                .logout(l -> l.disable())
                .requestCache(c -> c.disable())
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .addFilterBefore(apiKeys, AnonymousAuthenticationFilter.class)
                .addFilterAfter(new RateLimitFilter(new RateLimiter(properties.rateLimit().perSecond(),
                        properties.rateLimit().burst()), problems), AuthorizationFilter.class)
                .exceptionHandling(e -> e
                        // A path nothing serves is denied like any other, and answered 404 whoever asks.
                        .authenticationEntryPoint((request, response, ex) -> {
                            if (unmapped.matches(request)) {
                                problems.write(response, elsewhere.notServed(request));
                            } else {
                                unauthorized(problems, response);
                            }
                        })
                        .accessDeniedHandler((request, response, ex) -> problems.write(response,
                                unmapped.matches(request) ? elsewhere.notServed(request) : Problems.forbidden(
                                        "this key may not call " + request.getMethod() + " on this path"))))
                .authorizeHttpRequests(a -> a
                        // Error dispatches render a problem for a request that was already authorized
                        // (or refused) on its way in.
                        .dispatcherTypeMatchers(DispatcherType.ERROR).permitAll()
                        .requestMatchers(new AndRequestMatcher(ON_MANAGEMENT_PORT,
                                reads("/actuator/prometheus", "/actuator/health", "/actuator/health/**"))).permitAll()
                        // Nothing but the Actuator on the management port (its child context would
                        // otherwise serve the analyst page's shell as well).
                        .requestMatchers(new AndRequestMatcher(ON_MANAGEMENT_PORT,
                                new NegatedRequestMatcher(path.matcher("/actuator/**")))).denyAll()
                        // Any method, so that the right role gets a 405 for a wrong method. First after the
                        // management port's rules (no rule between matches these paths): the product
                        // backends' traffic is nearly all here, and each rule before it is a match tried.
                        .requestMatchers(path.matcher("/decide"), path.matcher("/feedback")).hasRole("DECIDER")
                        .requestMatchers(reads("/actuator/health", "/actuator/health/**")).permitAll()
                        // The liveness and readiness groups on the main port
                        // (management.endpoint.health.probes.add-additional-paths), for the probes.
                        .requestMatchers(reads("/livez", "/readyz")).permitAll()
                        .requestMatchers(reads("/v3/api-docs", "/v3/api-docs/**", "/v3/api-docs.yaml",
                                "/swagger-ui.html", "/swagger-ui/**")).permitAll()
                        // The analyst page's shell (static HTML, CSS and scripts, no data): its data
                        // comes through the API below, with the analyst's key.
                        .requestMatchers(uiShell).permitAll()
                        .requestMatchers(path.matcher("/actuator/**")).hasRole("OPS")
                        // A locally private epoch's public plan: for the devices the deciding backend
                        // serves, and for analysts.
                        .requestMatchers(reads("/bandits/{id}/epochs/{epoch}/randomiser"))
                        .hasAnyRole("DECIDER", "ANALYST")
                        // Exact feedback counts are an operator's, never an analyst's (README, threat model).
                        .requestMatchers(reads("/bandits/{id}/feedback")).hasRole("OPS")
                        .requestMatchers(path.matcher(HttpMethod.POST, "/bandits")).hasRole("ADMIN")
                        .requestMatchers(path.matcher(HttpMethod.POST, "/bandits/{id}/pause"),
                                path.matcher(HttpMethod.POST, "/bandits/{id}/resume"),
                                path.matcher(HttpMethod.POST, "/bandits/{id}/retire"),
                                path.matcher(HttpMethod.POST, "/bandits/{id}/promote"),
                                path.matcher(HttpMethod.POST, "/bandits/{id}/rollback")).hasRole("ADMIN")
                        .requestMatchers(path.matcher(HttpMethod.POST, "/budgets")).hasRole("ADMIN")
                        .requestMatchers(reads("/budgets", "/budgets/{id}", "/bandits/{id}/privacy")).hasRole("ANALYST")
                        // A forecast reads only the spec sent: analysts may plan as well as admins.
                        .requestMatchers(path.matcher(HttpMethod.POST, "/bandits/plan")).hasRole("ANALYST")
                        .requestMatchers(path.matcher("/bandits"), path.matcher("/bandits/{id}"),
                                path.matcher("/bandits/{id}/ledger"), path.matcher("/bandits/{id}/epochs"),
                                path.matcher("/bandits/{id}/recommendations"), reads("/bandits/{id}/plan"),
                                path.matcher("/bandits/{id}/evaluation"),
                                path.matcher("/release")).hasRole("ANALYST")
                        // Everything else is denied: a path that nothing serves is answered 404 (above),
                        // a served one 401 or 403.
                        .anyRequest().denyAll())
                .build();
    }

    /**
     * GET and HEAD on the patterns: HEAD is answered wherever GET is (Spring MVC runs the GET
     * handler and sends its headers without the body), so it is authorized exactly as GET.
     */
    private static RequestMatcher reads(String... patterns) {
        var path = PathPatternRequestMatcher.withDefaults();
        java.util.List<RequestMatcher> matchers = new java.util.ArrayList<>();
        for (String pattern : patterns) {
            matchers.add(path.matcher(HttpMethod.GET, pattern));
            matchers.add(path.matcher(HttpMethod.HEAD, pattern));
        }
        return new OrRequestMatcher(matchers);
    }

    /**
     * A request that arrived on the separate management port: its servlet context belongs to the
     * Actuator's child context, whose web server namespace is {@code management} (as Spring Boot's
     * own {@code EndpointRequest} tells the two apart). Never true without a separate port.
     */
    static final RequestMatcher ON_MANAGEMENT_PORT = request -> WebServerApplicationContext.hasServerNamespace(
            WebApplicationContextUtils.getWebApplicationContext(request.getServletContext()), "management");

    private static void unauthorized(ProblemWriter problems, jakarta.servlet.http.HttpServletResponse response)
            throws java.io.IOException {
        response.setHeader("WWW-Authenticate", "Bearer");
        problems.write(response, Problems.unauthorized());
    }

    /** The 404 for a path nothing serves, naming the management port for an Actuator path asked here. */
    @Bean
    static ActuatorElsewhere actuatorElsewhere(org.springframework.core.env.Environment environment) {
        return new ActuatorElsewhere(environment);
    }

    /**
     * No observations of Spring Security's own: with any observation registry present it wraps each
     * of its filters, its authentication and its authorization in one (timers and long-task timers no
     * dashboard reads), and {@code management.observations.enable.spring.security=false} only makes
     * them no-ops while the wrapping stays: 7-10 % of a request's CPU in a JFR profile
     * (docs/benchmarks.md, 5). The request timers ({@code http.server.requests}) are Spring MVC's and stay.
     */
    @Bean
    static SecurityObservationSettings securityObservationSettings() {
        return SecurityObservationSettings.withDefaults().shouldObserveRequests(false)
                .shouldObserveAuthentications(false).shouldObserveAuthorizations(false).build();
    }

    /** The bean Spring Boot registers in the servlet filter chain for Spring Security. */
    static final String FILTER_CHAIN = "springSecurityFilterChain";

    /**
     * Spring Security's filter chain in the servlet filter chain without the Spring MVC handler lookup
     * it puts in front when Spring MVC is present: a composite of {@code HandlerMappingIntrospector}'s
     * cache filter, which looks up the request's handler in every handler mapping (path patterns,
     * produces and consumes conditions, CORS) before any security filter runs, and the chain. The
     * cache serves {@code MvcRequestMatcher}s and CORS lookups; this service uses neither
     * ({@code PathPatternRequestMatcher}s, no CORS; {@link UnmappedRequests} asks the mappings
     * itself), and the lookup was a tenth of a decision's CPU (docs/benchmarks.md, 5.1). Spring
     * Security's registry post-processors wrap the chain's definition (that composite, and around it
     * one that parses the request path once for the path matchers, which stays); this post-processor,
     * run after every registry post-processor, takes the first composite out. {@code SecurityTest}
     * reads the definitions, so that an upgrade that wraps the chain otherwise is seen.
     */
    @Bean
    static org.springframework.beans.factory.config.BeanFactoryPostProcessor securityChainWithoutHandlerLookup() {
        return beanFactory -> {
            if (beanFactory instanceof org.springframework.beans.factory.support.BeanDefinitionRegistry registry
                    && registry.containsBeanDefinition(FILTER_CHAIN)) {
                var chain = registry.getBeanDefinition(FILTER_CHAIN);
                var unwrapped = withoutHandlerLookup(chain);
                if (unwrapped != chain) {
                    registry.removeBeanDefinition(FILTER_CHAIN);
                    registry.registerBeanDefinition(FILTER_CHAIN, unwrapped);
                }
            }
        };
    }

    /** The definition with every handler-lookup composite in it replaced by the chain it wraps. */
    private static org.springframework.beans.factory.config.BeanDefinition withoutHandlerLookup(
            org.springframework.beans.factory.config.BeanDefinition definition) {
        String type = String.valueOf(definition.getBeanClassName());
        var argument = definition.getConstructorArgumentValues().getIndexedArgumentValue(0, null);
        if (!type.endsWith("$CompositeFilterChainProxy") || argument == null
                || !(argument.getValue() instanceof java.util.List<?> parts)) {
            return definition;
        }
        @SuppressWarnings("unchecked")
        var filters = (java.util.List<Object>) parts;
        if (type.endsWith("WebMvcSecurityConfiguration$CompositeFilterChainProxy")) {
            var chains = filters.stream().filter(p -> p instanceof org.springframework.beans.factory.config
                    .BeanDefinition d && !String.valueOf(d.getBeanClassName()).endsWith("CacheFilterFactoryBean"))
                    .toList();
            return chains.size() == 1 && filters.size() == 2 ? withoutHandlerLookup(
                    (org.springframework.beans.factory.config.BeanDefinition) chains.get(0)) : definition;
        }
        for (int i = 0; i < filters.size(); i++) {
            if (filters.get(i) instanceof org.springframework.beans.factory.config.BeanDefinition inner) {
                filters.set(i, withoutHandlerLookup(inner));
            }
        }
        return definition;
    }

    /** ADMIN may do everything an ANALYST may. */
    @Bean
    static RoleHierarchy roleHierarchy() {
        return RoleHierarchyImpl.fromHierarchy("ROLE_ADMIN > ROLE_ANALYST");
    }

    /** The methods the firewall lets through; any other (TRACE, a made-up one) is answered 405. */
    static final java.util.Set<String> ALLOWED_METHODS = java.util.Set.of("GET", "HEAD", "POST", "PUT", "PATCH",
            "DELETE", "OPTIONS");

    /**
     * The firewall's refusals as problem+json (Spring Security picks this bean up): 405 for a method
     * it does not let through (the request line itself was fine), 400 for a path it will not
     * interpret.
     */
    @Bean
    RequestRejectedHandler requestRejectedHandler(ProblemWriter problems) {
        return (request, response, e) -> {
            if (!ALLOWED_METHODS.contains(request.getMethod())) {
                response.setHeader("Allow", "GET, HEAD, POST, OPTIONS");
                problems.write(response, Problems.of(org.springframework.http.HttpStatus.METHOD_NOT_ALLOWED,
                        "method-not-allowed", "Method not allowed", "this method is not supported by the service"));
                return;
            }
            problems.write(response, Problems.rejectedRequest());
        };
    }
}

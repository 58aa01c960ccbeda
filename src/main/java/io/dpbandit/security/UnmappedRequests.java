package io.dpbandit.security;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.Map;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.web.servlet.HandlerMapping;
import org.springframework.web.servlet.handler.HandlerMappingIntrospector;
import org.springframework.web.util.ServletRequestPathUtils;

/**
 * The requests that nothing in the service would serve: no handler mapping of Spring MVC's
 * dispatcher (controllers, Actuator, API docs, the analyst page's files) maps their path, with any
 * method. The security chain still denies them, so they never reach a controller, a body buffer or
 * the rate limit; it only reports the denial as 404 rather than 401 or 403, with any key or none. A
 * path some handler maps is not unmapped, whatever the method: a wrong role there stays a 403 and no
 * key a 401, so a 404 says nothing about a path a caller may not use, and no spelling of a served
 * path becomes a 404 that would skip its authorization (the answer is the dispatcher's own mappings',
 * asked about the same request).
 *
 * <p>The mappings are asked one by one rather than through
 * {@link HandlerMappingIntrospector#getMatchableHandlerMapping}, whose per-request cache (which
 * Spring Security fills) records a path served with another method as no mapping at all. They are
 * asked on a copy of the request's attributes, so nothing they note about it stays behind.
 */
final class UnmappedRequests implements RequestMatcher {

    private final HandlerMappingIntrospector introspector;

    UnmappedRequests(HandlerMappingIntrospector introspector) {
        this.introspector = introspector;
    }

    @Override
    public boolean matches(HttpServletRequest request) {
        HttpServletRequest scratch = new OwnAttributes(request);
        ServletRequestPathUtils.parseAndCache(scratch);
        if (SecurityConfiguration.ON_MANAGEMENT_PORT.matches(request)) {
            // The separate management port serves the Actuator and nothing else (the security chain
            // denies every other path there), so only its own context's mappings under /actuator count.
            return !ServletRequestPathUtils.getParsedRequestPath(scratch).pathWithinApplication().value()
                    .startsWith("/actuator") || !mapped(scratch, managementMappings(request));
        }
        return !mapped(scratch, introspector.getHandlerMappings());
    }

    /** The handler mappings of the management port's child context (its dispatcher's, ancestors included). */
    private static java.util.List<HandlerMapping> managementMappings(HttpServletRequest request) {
        var context = org.springframework.web.context.support.WebApplicationContextUtils
                .getRequiredWebApplicationContext(request.getServletContext());
        var mappings = new java.util.ArrayList<>(org.springframework.beans.factory.BeanFactoryUtils
                .beansOfTypeIncludingAncestors(context, HandlerMapping.class, true, false).values());
        org.springframework.core.annotation.AnnotationAwareOrderComparator.sort(mappings);
        return mappings;
    }

    private static boolean mapped(HttpServletRequest scratch, java.util.List<HandlerMapping> mappings) {
        for (HandlerMapping mapping : mappings) {
            try {
                if (mapping.getHandler(scratch) != null) {
                    return true;
                }
            } catch (Exception mappedOtherwise) {
                // The mapping knows the path but refuses the request (method, media type, parameters).
                return true;
            }
        }
        return false;
    }

    /** The request, with attributes of its own (a copy of the original's). */
    private static final class OwnAttributes extends HttpServletRequestWrapper {

        private final Map<String, Object> attributes = new HashMap<>();

        OwnAttributes(HttpServletRequest request) {
            super(request);
            for (String name : Collections.list(request.getAttributeNames())) {
                attributes.put(name, request.getAttribute(name));
            }
        }

        @Override
        public Object getAttribute(String name) {
            return attributes.get(name);
        }

        @Override
        public Enumeration<String> getAttributeNames() {
            return Collections.enumeration(attributes.keySet());
        }

        @Override
        public void setAttribute(String name, Object value) {
            attributes.put(name, value);
        }

        @Override
        public void removeAttribute(String name) {
            attributes.remove(name);
        }
    }
}

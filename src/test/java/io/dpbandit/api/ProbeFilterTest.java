package io.dpbandit.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.AvailabilityState;
import org.springframework.boot.availability.LivenessState;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.mock.env.MockEnvironment;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

/** The liveness probe answered before the filter chain: only an anonymous, plain probe; the state read each time. */
class ProbeFilterTest {

    /** The liveness state a test sets. */
    static final class Availability implements ApplicationAvailability {
        LivenessState liveness = LivenessState.CORRECT;

        @Override
        @SuppressWarnings("unchecked")
        public <S extends AvailabilityState> S getState(Class<S> type, S defaultState) {
            return type == LivenessState.class ? (S) liveness : type == ReadinessState.class
                    ? (S) ReadinessState.ACCEPTING_TRAFFIC : defaultState;
        }

        @Override
        public <S extends AvailabilityState> S getState(Class<S> type) {
            return getState(type, null);
        }

        @Override
        public <S extends AvailabilityState> org.springframework.boot.availability.AvailabilityChangeEvent<S>
                getLastChangeEvent(Class<S> type) {
            return null;
        }
    }

    final Availability availability = new Availability();
    final ProbeFilter filter = new ProbeFilter(availability, Set.of("/livez", "/actuator/health/liveness"));
    final AtomicInteger passedOn = new AtomicInteger();

    MockHttpServletResponse call(MockHttpServletRequest request) throws Exception {
        var response = new MockHttpServletResponse();
        filter.doFilter(request, response, (req, res) -> passedOn.incrementAndGet());
        return response;
    }

    @Test
    void anAnonymousProbeIsAnsweredFromTheLivenessStateUpThenDown() throws Exception {
        for (String path : Set.of("/livez", "/actuator/health/liveness")) {
            var up = call(new MockHttpServletRequest("GET", path));
            assertThat(up.getStatus()).isEqualTo(200);
            assertThat(up.getContentAsString()).isEqualTo("{\"status\":\"UP\"}");
            assertThat(up.getContentType()).isEqualTo(ProbeFilter.ACTUATOR_JSON);
            assertThat(up.getHeader("X-Content-Type-Options")).isEqualTo("nosniff");
        }
        availability.liveness = LivenessState.BROKEN;
        var down = call(new MockHttpServletRequest("GET", "/livez"));
        assertThat(down.getStatus()).isEqualTo(503);
        assertThat(down.getContentAsString()).isEqualTo("{\"status\":\"DOWN\"}");
        var head = call(new MockHttpServletRequest("HEAD", "/livez"));
        assertThat(head.getStatus()).isEqualTo(503);
        assertThat(head.getContentAsByteArray()).isEmpty();
        assertThat(passedOn).hasValue(0);
    }

    @Test
    void anythingButAPlainAnonymousProbeGoesTheFullWay() throws Exception {
        var withKey = new MockHttpServletRequest("GET", "/livez");
        withKey.addHeader("X-API-Key", "k");
        var bearer = new MockHttpServletRequest("GET", "/livez");
        bearer.addHeader("Authorization", "Bearer k");
        var query = new MockHttpServletRequest("GET", "/livez");
        query.setQueryString("x=1");
        var accept = new MockHttpServletRequest("GET", "/livez");
        accept.addHeader("Accept", "application/json");
        var post = new MockHttpServletRequest("POST", "/livez");
        var slash = new MockHttpServletRequest("GET", "/livez/");
        var readiness = new MockHttpServletRequest("GET", "/readyz");
        for (var request : new MockHttpServletRequest[] {withKey, bearer, query, accept, post, slash, readiness}) {
            assertThat(call(request).getContentAsString()).isEmpty();
        }
        assertThat(passedOn).hasValue(7);
        var star = new MockHttpServletRequest("GET", "/livez");
        star.addHeader("Accept", "*/*");
        assertThat(call(star).getContentAsString()).isEqualTo("{\"status\":\"UP\"}");
    }

    @Test
    void thePathsFollowTheActuatorsSettings() {
        var env = new MockEnvironment().withProperty("management.endpoint.health.probes.add-additional-paths", "true");
        assertThat(ProbeFilter.paths(env)).containsExactlyInAnyOrder("/livez", "/actuator/health/liveness");
        env.setProperty("management.endpoints.web.base-path", "/manage");
        assertThat(ProbeFilter.paths(env)).containsExactlyInAnyOrder("/livez", "/manage/health/liveness");
        env.setProperty("management.server.port", "9090");
        assertThat(ProbeFilter.paths(env)).containsExactly("/livez");
        env.setProperty("management.endpoint.health.probes.enabled", "false");
        assertThat(ProbeFilter.paths(env)).isEmpty();
    }
}

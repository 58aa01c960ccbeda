package io.dpbandit.security;

import io.dpbandit.testing.ApiClient;
import static io.dpbandit.testing.ApiClient.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.PostgresIntegrationTest;
import io.dpbandit.testing.Specs;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/** Who may do what, over HTTP, with the test profile's keys. */
class SecurityTest extends PostgresIntegrationTest {

    @org.springframework.boot.test.web.server.LocalServerPort
    int port;


    @Autowired
    TestRestTemplate http;

    @Autowired
    org.springframework.context.ApplicationContext context;

    ResponseEntity<String> call(HttpMethod method, String path, Object body, String key, boolean bearer) {
        HttpHeaders h = new HttpHeaders();
        h.setContentType(MediaType.APPLICATION_JSON);
        if (key != null) {
            if (bearer) {
                h.setBearerAuth(key);
            } else {
                h.set("X-API-Key", key);
            }
        } else {
            h.set("Authorization", "None"); // suppresses the tests' default key
        }
        return http.exchange(path, method, new HttpEntity<>(body, h), String.class);
    }

    ResponseEntity<String> as(String key, HttpMethod method, String path, Object body) {
        return call(method, path, body, key, false);
    }

    @BeforeEach
    void bandits() {
        for (String id : List.of("scoped-home", "scoped-other")) {
            http.postForEntity("/bandits", Specs.capri(id, 100, 600), JsonNode.class);
        }
    }

    /**
     * The servlet filter chain's definition holds Spring Security's chain and the path parsing in
     * front of it, not the Spring MVC handler lookup Spring Security also puts there
     * (SecurityConfiguration.securityChainWithoutHandlerLookup); should an upgrade wrap the chain
     * otherwise, this fails.
     */
    @Test
    void theSecurityChainRunsWithoutASpringMvcHandlerLookupInFront() {
        var factory = ((org.springframework.context.ConfigurableApplicationContext) context).getBeanFactory();
        java.util.List<String> types = new java.util.ArrayList<>();
        collectTypes(factory.getBeanDefinition(SecurityConfiguration.FILTER_CHAIN), types);
        assertThat(types).as("the definitions in the chain").anyMatch(t -> t.endsWith("ServletRequestPathFilter"))
                .noneMatch(t -> t.contains("HandlerMappingIntrospector"))
                .noneMatch(t -> t.contains("WebMvcSecurityConfiguration"));
        assertThat(context.getBean(SecurityConfiguration.FILTER_CHAIN))
                .isInstanceOf(org.springframework.security.web.FilterChainProxy.class);
    }

    static void collectTypes(org.springframework.beans.factory.config.BeanDefinition definition,
            java.util.List<String> types) {
        types.add(String.valueOf(definition.getBeanClassName()));
        for (var value : definition.getConstructorArgumentValues().getIndexedArgumentValues().values()) {
            if (value.getValue() instanceof java.util.List<?> list) {
                list.stream().filter(org.springframework.beans.factory.config.BeanDefinition.class::isInstance)
                        .forEach(d -> collectTypes((org.springframework.beans.factory.config.BeanDefinition) d, types));
            }
        }
    }

    @Test
    void missingOrWrongKeysAreUnauthorized() {
        var none = call(HttpMethod.GET, "/bandits", null, null, false);
        assertProblem(none, HttpStatus.UNAUTHORIZED, "unauthorized");
        assertThat(none.getHeaders().getFirst("WWW-Authenticate")).isEqualTo("Bearer");
        assertProblem(as("not-a-key", HttpMethod.POST, "/decide", Map.of("bandit", "scoped-home")),
                HttpStatus.UNAUTHORIZED, "unauthorized");
        assertProblem(call(HttpMethod.GET, "/bandits/scoped-home", null, "test-all-key-but-longer", true),
                HttpStatus.UNAUTHORIZED, "unauthorized");
    }

    @Test
    void bearerAndXApiKeyBothAuthenticate() {
        assertThat(call(HttpMethod.GET, "/bandits/scoped-home", null, "test-analyst-key", true).getStatusCode())
                .isEqualTo(HttpStatus.OK);
        assertThat(call(HttpMethod.GET, "/bandits/scoped-home", null, "test-analyst-key", false).getStatusCode())
                .isEqualTo(HttpStatus.OK);
    }

    @Test
    void rolesGateEveryEndpoint() {
        var decide = Map.of("bandit", "scoped-home", "context", List.of(0.2, 0.4));
        assertThat(as("test-decider-key", HttpMethod.POST, "/decide", decide).getStatusCode()).isEqualTo(HttpStatus.OK);
        assertProblem(as("test-analyst-key", HttpMethod.POST, "/decide", decide), HttpStatus.FORBIDDEN, "forbidden");
        assertProblem(as("test-decider-key", HttpMethod.POST, "/bandits", Specs.capri("new", 100, 600)),
                HttpStatus.FORBIDDEN, "forbidden");
        assertProblem(as("test-analyst-key", HttpMethod.POST, "/bandits", Specs.capri("new", 100, 600)),
                HttpStatus.FORBIDDEN, "forbidden");
        assertProblem(as("test-decider-key", HttpMethod.GET, "/bandits/scoped-home/ledger", null), HttpStatus.FORBIDDEN,
                "forbidden");
        assertThat(as("test-analyst-key", HttpMethod.GET, "/release?bandit=scoped-home", null).getStatusCode())
                .isEqualTo(HttpStatus.OK);
        assertThat(as("test-ops-key", HttpMethod.GET, "/actuator/prometheus", null).getStatusCode())
                .isEqualTo(HttpStatus.OK);
        assertProblem(as("test-analyst-key", HttpMethod.GET, "/actuator/prometheus", null), HttpStatus.FORBIDDEN,
                "forbidden");
        assertProblem(call(HttpMethod.GET, "/actuator/info", null, null, false), HttpStatus.UNAUTHORIZED, "unauthorized");
    }

    @Test
    void healthAndApiDocsStayOpen() {
        assertThat(call(HttpMethod.GET, "/actuator/health", null, null, false).getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(call(HttpMethod.GET, "/actuator/health/readiness", null, null, false).getStatusCode())
                .isEqualTo(HttpStatus.OK);
        assertThat(call(HttpMethod.GET, "/v3/api-docs", null, null, false).getStatusCode()).isEqualTo(HttpStatus.OK);
        for (String probe : List.of("/livez", "/readyz")) {
            var anonymous = call(HttpMethod.GET, probe, null, null, false);
            assertThat(anonymous.getStatusCode()).as(probe).isEqualTo(HttpStatus.OK);
            assertThat(anonymous.getBody()).as(probe).isEqualTo("{\"status\":\"UP\"}");
        }
    }

    /**
     * The liveness probe answered before the filter chain (io.dpbandit.api.ProbeFilter, for a probe
     * without Accept or with *{@literal /}*) says exactly what the Actuator says (asked with its own
     * media type, which goes the full way): status, body, content type and the security headers.
     */
    @Test
    void theFastLivenessAnswerIsTheActuatorsAnswer() {
        var raw = new io.dpbandit.testing.RawHttp(port);
        for (String path : List.of("/livez", "/actuator/health/liveness")) {
            var fast = raw.send("GET", path, null, "Accept", "*/*");
            var full = raw.send("GET", path, null, "Accept", "application/vnd.spring-boot.actuator.v3+json");
            assertThat(fast.status()).as(path).isEqualTo(200).isEqualTo(full.status());
            assertThat(fast.body()).as(path).isEqualTo("{\"status\":\"UP\"}").isEqualTo(full.body());
            for (String header : List.of("content-type", "x-content-type-options", "x-xss-protection", "cache-control",
                    "pragma", "expires", "x-frame-options")) {
                assertThat(fast.header(header)).as("%s %s", path, header).isNotNull().isEqualTo(full.header(header));
            }
            assertThat(fast.header("x-request-id")).as(path).isNotBlank();
        }
    }

    @Test
    void scopedKeysActOnlyOnTheirBanditsAndRevealNothingAboutOthers() {
        var home = as("test-scoped-key", HttpMethod.POST, "/decide",
                Map.of("bandit", "scoped-home", "context", List.of(0.2, 0.4)));
        assertThat(home.getStatusCode()).isEqualTo(HttpStatus.OK);
        var other = as("test-scoped-key", HttpMethod.POST, "/decide",
                Map.of("bandit", "scoped-other", "context", List.of(0.2, 0.4)));
        var ghost = as("test-scoped-key", HttpMethod.POST, "/decide",
                Map.of("bandit", "no-such-bandit", "context", List.of(0.2, 0.4)));
        assertProblem(other, HttpStatus.FORBIDDEN, "forbidden");
        assertThat(ghost.getStatusCode()).isEqualTo(HttpStatus.FORBIDDEN);
        assertThat(ghost.getBody()).isEqualTo(other.getBody());
        assertProblem(as("test-scoped-key", HttpMethod.GET, "/bandits/scoped-other", null), HttpStatus.FORBIDDEN,
                "forbidden");
        assertThat(as("test-scoped-key", HttpMethod.GET, "/bandits", null).getBody())
                .contains("scoped-home").doesNotContain("scoped-other");

        // Feedback for another bandit's decision is forbidden too.
        var foreign = as("test-all-key", HttpMethod.POST, "/decide",
                Map.of("bandit", "scoped-other", "context", List.of(0.2, 0.4))).getBody();
        String id = foreign.replaceAll(".*\"decisionId\":\"([^\"]+)\".*", "$1");
        assertProblem(as("test-scoped-key", HttpMethod.POST, "/feedback", Map.of("decisionId", id, "reward", 1)),
                HttpStatus.FORBIDDEN, "forbidden");
    }
}

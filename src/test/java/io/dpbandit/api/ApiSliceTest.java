package io.dpbandit.api;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.dpbandit.TestApiKey;
import io.dpbandit.config.DatabaseModeConfiguration;
import io.dpbandit.decision.DecisionService;
import io.dpbandit.problem.ProblemWriter;
import io.dpbandit.registry.BanditPlanner;
import io.dpbandit.registry.BanditService;
import io.dpbandit.release.BanditInsights;
import io.dpbandit.release.ReleaseService;
import io.dpbandit.security.ApiKeys;
import io.dpbandit.security.SecurityConfiguration;
import io.dpbandit.security.SecurityProperties;
import org.hamcrest.Matchers;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;
import org.springframework.test.web.servlet.ResultMatcher;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

/**
 * The HTTP layer alone (@WebMvcTest): the API controllers with their services mocked, behind
 * the service's real filters and security chain (firewall, API keys from the test profile, roles,
 * request checks, JSON limits, error handlers). Subclasses share one context. Bodies are in memory
 * already, so the body-reading filter passes them on as they are.
 */
@WebMvcTest(controllers = {DecisionController.class, BanditController.class, ReleaseController.class,
        BudgetController.class},
        properties = "dpbandit.api.read-bodies-first=false")
@ActiveProfiles("test")
@Import(ApiSliceTest.Slice.class)
abstract class ApiSliceTest {

    static final String ALL = TestApiKey.ALL_ROLES;
    static final String DECIDER = "test-decider-key";
    static final String ANALYST = "test-analyst-key";
    static final String ADMIN = "test-admin-key";
    static final String OPS = "test-ops-key";
    /** Decider and analyst for the bandit "scoped-home" only. */
    static final String SCOPED = "test-scoped-key";

    /** What the controllers and the chain around them need besides the slice's own beans. */
    @TestConfiguration(proxyBeanMethods = false)
    @Import({SecurityConfiguration.class, ApiKeys.class, ProblemWriter.class, HttpFilters.class, JsonLimits.class,
            DatabaseModeConfiguration.class})
    @EnableConfigurationProperties({ApiProperties.class, SecurityProperties.class})
    static class Slice {
    }

    @Autowired
    MockMvc mvc;

    @MockitoBean
    DecisionService decisions;
    @MockitoBean
    BanditService bandits;
    @MockitoBean
    BanditInsights insights;
    @MockitoBean
    BanditPlanner planner;
    @MockitoBean
    ReleaseService releases;
    @MockitoBean
    io.dpbandit.registry.PrivacyReports privacyReports;
    @MockitoBean
    io.dpbandit.ledger.SharedBudgets sharedBudgets;

    /** A POST with a JSON body and a key. */
    static MockHttpServletRequestBuilder postJson(String path, String key, String json) {
        MockHttpServletRequestBuilder b = post(path).contentType(MediaType.APPLICATION_JSON).content(json);
        return key == null ? b : b.header("X-API-Key", key);
    }

    static MockHttpServletRequestBuilder getWith(String path, String key) {
        MockHttpServletRequestBuilder b = get(path);
        return key == null ? b : b.header("X-API-Key", key);
    }

    ResultActions perform(MockHttpServletRequestBuilder request) throws Exception {
        return mvc.perform(request);
    }

    /** An RFC 9457 problem of the given status and type, with a detail and no trace of the code. */
    static ResultMatcher problem(int status, String type) {
        return result -> {
            status().is(status).match(result);
            content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON).match(result);
            jsonPath("$.type").value("https://dpbandit.io/problems/" + type).match(result);
            jsonPath("$.status").value(status).match(result);
            jsonPath("$.detail").value(Matchers.not(Matchers.emptyOrNullString())).match(result);
            content().string(Matchers.not(Matchers.containsString("Exception"))).match(result);
            content().string(Matchers.not(Matchers.containsString("at io.dpbandit"))).match(result);
        };
    }

    /** {@link #problem} with the given detail. */
    static ResultMatcher problem(int status, String type, String detail) {
        return result -> {
            problem(status, type).match(result);
            jsonPath("$.detail").value(detail).match(result);
        };
    }
}

package io.dpbandit.api;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyDouble;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.request;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.dpbandit.bandit.Phase;
import io.dpbandit.client.capri.CapriRandomiserPlan;
import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.decision.DecisionService;
import io.dpbandit.registry.BanditService;
import io.dpbandit.runtime.ContextRelease;
import io.dpbandit.spec.BanditSpec;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

/**
 * SecurityConfiguration's rules over the real chain: which role may call which endpoint and method
 * (403 for a key without it, 401 without a valid key), ADMIN including ANALYST, anything not listed
 * denied, a wrong method for the right role a 405, the firewall's 400 for a path it will not
 * interpret and 405 for a method it does not let through, and bandit scopes enforced by the
 * controllers.
 */
class SecurityRulesWebTest extends ApiSliceTest {

    static final UUID DECISION = UUID.fromString("3c9f1e2a-0000-4000-8000-000000000001");

    /** An endpoint, a body for it, and the roles (test keys) that may call it. */
    record Endpoint(HttpMethod method, String path, String body, Set<String> allowed) {
        @Override
        public String toString() {
            return method + " " + path;
        }
    }

    static final List<Endpoint> ENDPOINTS = List.of(
            new Endpoint(HttpMethod.POST, "/decide", "{\"bandit\": \"home\", \"context\": [0.2, 0.4]}",
                    Set.of(DECIDER)),
            new Endpoint(HttpMethod.POST, "/feedback", "{\"decisionId\": \"" + DECISION + "\", \"reward\": 1}",
                    Set.of(DECIDER)),
            new Endpoint(HttpMethod.GET, "/bandits/home/epochs/1/randomiser", null, Set.of(DECIDER, ANALYST, ADMIN)),
            new Endpoint(HttpMethod.POST, "/bandits", "{\"id\": \"home\"}", Set.of(ADMIN)),
            new Endpoint(HttpMethod.POST, "/bandits/plan", "{\"id\": \"home\"}", Set.of(ANALYST, ADMIN)),
            new Endpoint(HttpMethod.GET, "/bandits", null, Set.of(ANALYST, ADMIN)),
            new Endpoint(HttpMethod.GET, "/bandits/home", null, Set.of(ANALYST, ADMIN)),
            new Endpoint(HttpMethod.GET, "/bandits/home/ledger", null, Set.of(ANALYST, ADMIN)),
            new Endpoint(HttpMethod.GET, "/bandits/home/epochs", null, Set.of(ANALYST, ADMIN)),
            new Endpoint(HttpMethod.GET, "/bandits/home/recommendations", null, Set.of(ANALYST, ADMIN)),
            new Endpoint(HttpMethod.GET, "/bandits/home/plan", null, Set.of(ANALYST, ADMIN)),
            new Endpoint(HttpMethod.GET, "/release?bandit=home", null, Set.of(ANALYST, ADMIN)),
            new Endpoint(HttpMethod.POST, "/release", "{\"bandit\": \"home\", \"context\": [0.2, 0.4]}",
                    Set.of(ANALYST, ADMIN)),
            new Endpoint(HttpMethod.GET, "/bandits/home/feedback", null, Set.of(OPS)),
            new Endpoint(HttpMethod.GET, "/bandits/home/privacy", null, Set.of(ANALYST, ADMIN)),
            new Endpoint(HttpMethod.POST, "/budgets", "{\"id\": \"households\", \"epsilon\": 2, \"delta\": 1e-5}",
                    Set.of(ADMIN)),
            new Endpoint(HttpMethod.GET, "/budgets", null, Set.of(ANALYST, ADMIN)),
            new Endpoint(HttpMethod.GET, "/budgets/households", null, Set.of(ANALYST, ADMIN)));

    static Stream<Arguments> endpointsAndKeys() {
        List<Arguments> cases = new ArrayList<>();
        for (Endpoint e : ENDPOINTS) {
            for (String key : List.of(DECIDER, ANALYST, ADMIN, OPS)) {
                cases.add(Arguments.of(e, key, e.allowed().contains(key)));
            }
        }
        return cases.stream();
    }

    static Stream<Endpoint> endpoints() {
        return ENDPOINTS.stream();
    }

    static MockHttpServletRequestBuilder call(Endpoint e, String key) {
        MockHttpServletRequestBuilder b = request(e.method(), e.path());
        if (e.body() != null) {
            b.contentType(MediaType.APPLICATION_JSON).content(e.body());
        }
        return key == null ? b : b.header("X-API-Key", key);
    }

    static BanditService.BanditStatus banditStatus(String id) {
        return new BanditService.BanditStatus(id, BanditSpec.Algorithm.CAPRI, io.dpbandit.bandit.Serving.ACTIVE, null, Phase.EXPLORE, 1, 10, null, 0, 0, 0, null, null, java.util.List.of());
    }

    /** What the services answer, so that an allowed call succeeds. */
    @BeforeEach
    void services() {
        when(decisions.decide(anyString(), any(), any(), any(), any(), any(), any())).thenAnswer(i -> new DecisionService.Decision(
                DECISION, "a1", 0.5, 1, Phase.EXPLORE, true, null));
        when(decisions.owner(any())).thenReturn(new io.dpbandit.store.DecisionLookups.Owner("home", 1, true, io.dpbandit.bandit.Serving.ACTIVE));
        when(decisions.feedback(any(), any(), any(), any())).thenReturn(new DecisionService.FeedbackResult(
                DecisionService.FeedbackStatus.ACCEPTED, false));
        when(decisions.randomiserPlan(anyString(), anyInt())).thenReturn(new CapriRandomiserPlan("home", 1,
                KernelSpec.rbf(0.3), new double[][] {{0.1}}, new double[] {1.0}, 1.0, 1.0, 1.0, 1e-5, 1.0));
        when(bandits.create(any())).thenReturn(new BanditService.Created(banditStatus("home"), true));
        when(bandits.list(anyString(), anyInt(), any())).thenAnswer(i -> {
            java.util.function.Predicate<String> visible = i.getArgument(2);
            return new io.dpbandit.bandit.Slice<>(java.util.stream.Stream.of("home", "scoped-home", "scoped-other")
                    .filter(visible).map(SecurityRulesWebTest::banditStatus).toList(), false);
        });
        when(bandits.status(anyString())).thenAnswer(i -> banditStatus(i.getArgument(0)));
        when(bandits.ledger(anyString(), anyLong(), anyInt())).thenReturn(new io.dpbandit.bandit.Slice<>(List.of(), false));
        when(bandits.feedback(anyString())).thenReturn(new BanditService.FeedbackCounts("home", java.util.Map.of(), java.util.Map.of(), 0));
        io.dpbandit.ledger.Ledger.SharedBudget budget = new io.dpbandit.ledger.Ledger.SharedBudget("households", 2, 1e-5,
                "GDP", "mu^2 (Gaussian DP)", 0.1, 0, 0, 0, 0, 0);
        when(sharedBudgets.create(anyString(), anyDouble(), anyDouble(), any()))
                .thenReturn(new io.dpbandit.ledger.SharedBudgets.Created(budget, true));
        when(sharedBudgets.get(anyString())).thenReturn(budget);
        when(sharedBudgets.list(anyString(), anyInt())).thenReturn(new io.dpbandit.bandit.Slice<>(List.of(budget), false));
        when(insights.epochs(anyString(), anyInt(), anyInt())).thenReturn(new io.dpbandit.bandit.Slice<>(List.of(), false));
        when(releases.release(anyString(), any())).thenReturn(new ContextRelease("home", "a1", false, 0));
    }

    @ParameterizedTest(name = "{1} on {0}: allowed {2}")
    @MethodSource("endpointsAndKeys")
    void eachRoleMayCallItsEndpointsOnly(Endpoint endpoint, String key, boolean allowed) throws Exception {
        if (allowed) {
            perform(call(endpoint, key)).andExpect(status().is2xxSuccessful());
        } else {
            perform(call(endpoint, key)).andExpect(problem(403, "forbidden", "this key may not call "
                    + endpoint.method() + " on this path"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("endpoints")
    void withoutAKeyEveryEndpointIs401(Endpoint endpoint) throws Exception {
        perform(call(endpoint, null)).andExpect(problem(401, "unauthorized",
                "send a valid API key as 'Authorization: Bearer <key>' or 'X-API-Key: <key>'"))
                .andExpect(header().string("WWW-Authenticate", "Bearer"));
    }

    @Test
    void anUnknownKeyIs401AsBearerOrXApiKey() throws Exception {
        perform(getWith("/bandits/home", "not-a-key")).andExpect(problem(401, "unauthorized"))
                .andExpect(header().string("WWW-Authenticate", "Bearer"));
        perform(get("/bandits/home").header("Authorization", "Bearer " + ANALYST + "-but-longer"))
                .andExpect(problem(401, "unauthorized"));
        perform(get("/bandits/home").header("Authorization", "Bearer " + ANALYST)).andExpect(status().isOk())
                .andExpect(jsonPath("$.id").value("home"));
        perform(get("/bandits/home").header("Authorization", "bearer " + ANALYST)).andExpect(status().isOk());
        verify(bandits, org.mockito.Mockito.times(2)).status("home");
    }

    @Test
    void aPathNothingServesIs404WithAnyKeyOrNoneInEverySpelling() throws Exception {
        for (String path : List.of("/nowhere", "/bandits/home/", "/Bandits", "/decide/", "/bandits/home/ledger/x")) {
            for (String key : java.util.Arrays.asList(ALL, ANALYST, DECIDER, ADMIN, OPS, SCOPED, null)) {
                perform(getWith(path, key)).andExpect(problem(404, "not-found",
                        "no such endpoint; the API is described at /v3/api-docs"));
                var post = request(HttpMethod.POST, path).contentType(MediaType.APPLICATION_JSON).content("{}");
                perform(key == null ? post : post.header("X-API-Key", key)).andExpect(problem(404, "not-found"));
            }
            // A key that is presented but unknown is refused as such, wherever it is sent.
            perform(getWith(path, "not-a-key")).andExpect(problem(401, "unauthorized"));
        }
        verifyNoInteractions(bandits);
    }

    @Test
    void aServedPathIs401WithoutAKeyAnd403WithTheWrongRoleWhateverTheBanditId() throws Exception {
        for (String path : List.of("/bandits/home", "/bandits/no-such-bandit", "/bandits/no-such-bandit/ledger",
                "/release?bandit=no-such-bandit")) {
            perform(getWith(path, null)).andExpect(problem(401, "unauthorized"));
            perform(getWith(path, DECIDER)).andExpect(problem(403, "forbidden"));
        }
        perform(request(HttpMethod.POST, "/bandits/no-such-bandit/retire")).andExpect(problem(401, "unauthorized"));
        perform(request(HttpMethod.POST, "/bandits/no-such-bandit/retire").header("X-API-Key", ANALYST))
                .andExpect(problem(403, "forbidden"));
        verifyNoInteractions(bandits);
    }

    @Test
    void headIsAuthorizedAsGet() throws Exception {
        perform(request(HttpMethod.HEAD, "/bandits/home").header("X-API-Key", ANALYST)).andExpect(status().isOk());
        perform(request(HttpMethod.HEAD, "/bandits/home").header("X-API-Key", DECIDER))
                .andExpect(problem(403, "forbidden"));
        perform(request(HttpMethod.HEAD, "/bandits/home")).andExpect(problem(401, "unauthorized"));
        perform(request(HttpMethod.HEAD, "/budgets").header("X-API-Key", ANALYST)).andExpect(status().isOk());
        perform(request(HttpMethod.HEAD, "/bandits/home/feedback").header("X-API-Key", OPS)).andExpect(status().isOk());
        perform(request(HttpMethod.HEAD, "/bandits/home/feedback").header("X-API-Key", ANALYST))
                .andExpect(problem(403, "forbidden"));
    }

    @Test
    void theRightRoleWithTheWrongMethodIs405() throws Exception {
        perform(getWith("/decide", DECIDER)).andExpect(problem(405, "method-not-allowed",
                "method GET is not supported here"));
        perform(request(HttpMethod.PUT, "/bandits/home").header("X-API-Key", ANALYST))
                .andExpect(problem(405, "method-not-allowed", "method PUT is not supported here"));
        perform(request(HttpMethod.DELETE, "/release?bandit=home").header("X-API-Key", ANALYST))
                .andExpect(problem(405, "method-not-allowed", "method DELETE is not supported here"));
        perform(request(HttpMethod.DELETE, "/bandits/home").header("X-API-Key", DECIDER))
                .andExpect(problem(403, "forbidden"));
    }

    @Test
    void methodsTheFirewallDoesNotLetThroughAre405ForAnyKey() throws Exception {
        for (HttpMethod method : List.of(HttpMethod.TRACE, HttpMethod.valueOf("PROPFIND"))) {
            perform(request(method, "/bandits").header("X-API-Key", ALL)).andExpect(problem(405,
                    "method-not-allowed", "this method is not supported by the service"))
                    .andExpect(header().string("Allow", "GET, HEAD, POST, OPTIONS"));
            perform(request(method, "/bandits")).andExpect(problem(405, "method-not-allowed"));
        }
        verifyNoInteractions(bandits);
    }

    @Test
    void pathsTheFirewallWillNotInterpretAre400BeforeAnyKeyIsChecked() throws Exception {
        for (String path : List.of("/bandits/home;x=1/ledger", "/bandits//home", "/bandits/%2e%2e/home",
                "/bandits/home%2Fledger", "/bandits/./home", "/bandits/home/../home")) {
            perform(get(URI.create(path)).header("X-API-Key", ALL)).andExpect(problem(400, "rejected-request"));
            perform(get(URI.create(path))).andExpect(problem(400, "rejected-request"));
        }
        verifyNoInteractions(bandits);
    }

    @Test
    void adminMayDoWhatAnAnalystMayButNotDecide() throws Exception {
        perform(getWith("/bandits/home/ledger", ADMIN)).andExpect(status().isOk());
        perform(postJson("/release", ADMIN, "{\"bandit\": \"home\", \"context\": [0.1]}")).andExpect(status().isOk());
        perform(postJson("/decide", ADMIN, "{\"bandit\": \"home\", \"context\": [0.1]}"))
                .andExpect(problem(403, "forbidden"));
    }

    @Test
    void opsMayReadActuatorAndNobodyElse() throws Exception {
        // The slice has no Actuator, so nothing serves /actuator/prometheus here: 404 whoever asks
        // (PathSpellingTest checks every role against the real one).
        for (String key : java.util.Arrays.asList(ANALYST, ADMIN, OPS, null)) {
            perform(getWith("/actuator/prometheus", key)).andExpect(problem(404, "not-found"));
        }
        // A path the slice serves: only ops reads feedback counts.
        perform(getWith("/bandits/home/feedback", ANALYST)).andExpect(problem(403, "forbidden"));
        perform(getWith("/bandits/home/feedback", ADMIN)).andExpect(problem(403, "forbidden"));
        perform(getWith("/bandits/home/feedback", null)).andExpect(problem(401, "unauthorized"));
        perform(getWith("/bandits/home/feedback", OPS)).andExpect(status().isOk());
    }

    @Test
    void aScopedKeyActsOnItsBanditsOnlyAndLearnsNothingOfOthers() throws Exception {
        perform(postJson("/decide", SCOPED, "{\"bandit\": \"scoped-home\", \"context\": [0.2]}"))
                .andExpect(status().isOk());
        perform(postJson("/decide", SCOPED, "{\"bandit\": \"scoped-other\", \"context\": [0.2]}"))
                .andExpect(problem(403, "forbidden", "this key may not act on that bandit"));
        perform(postJson("/decide", SCOPED, "{\"bandit\": \"no-such-bandit\", \"context\": [0.2]}"))
                .andExpect(problem(403, "forbidden", "this key may not act on that bandit"));
        verify(decisions).decide(org.mockito.ArgumentMatchers.eq("scoped-home"), any(), any(), any(), any(), any(), any());
        verify(decisions, never()).decide(org.mockito.ArgumentMatchers.eq("scoped-other"), any(), any(), any(), any(), any(), any());

        perform(getWith("/bandits", SCOPED)).andExpect(status().isOk())
                .andExpect(jsonPath("$[*].id").value(org.hamcrest.Matchers.contains("scoped-home")));
        perform(getWith("/bandits/scoped-other", SCOPED)).andExpect(problem(403, "forbidden"));
        perform(getWith("/release?bandit=scoped-other", SCOPED)).andExpect(problem(403, "forbidden"));

        when(decisions.owner(DECISION)).thenReturn(new io.dpbandit.store.DecisionLookups.Owner("scoped-other", 1, true, io.dpbandit.bandit.Serving.ACTIVE));
        perform(postJson("/feedback", SCOPED, "{\"decisionId\": \"" + DECISION + "\", \"reward\": 1}"))
                .andExpect(problem(403, "forbidden", "this key may not act on that bandit"));
        verify(decisions, never()).feedback(any(), any(), any(), any());
    }
}

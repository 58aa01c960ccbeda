package io.dpbandit.api;

import static org.hamcrest.Matchers.containsString;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;
import static org.hamcrest.Matchers.not;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;

import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.spec.BanditSpec;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.http.MediaType;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * How every error becomes application/problem+json with its stable type: the service's own errors
 * (400 with every field, 404, 409 conflict / budget-exhausted / not-ready, 503 busy with its
 * Retry-After), the database being away (503 unavailable, Retry-After 2, also when the outage is
 * only the cause), anything else (500 without its message), and what Spring MVC refuses before a
 * handler runs (406, 415, 405, unreadable bodies, missing or malformed parameters, the JSON
 * reader's limits).
 */
class ErrorHandlersWebTest extends ApiSliceTest {

    static final String DECIDE = "{\"bandit\": \"home\", \"context\": [0.2, 0.4]}";

    void decideThrows(RuntimeException e) {
        when(decisions.decide(anyString(), any(), any(), any(), any(), any(), any())).thenThrow(e);
    }

    @Test
    void aServiceValidationErrorListsEveryFieldWithItsMessage() throws Exception {
        decideThrows(new InvalidRequestException(List.of(
                new InvalidRequestException.FieldProblem("context", "must hold 2 numbers"),
                new InvalidRequestException.FieldProblem("candidates[1]", "is not an action of this bandit"))));
        perform(postJson("/decide", ALL, DECIDE))
                .andExpect(problem(400, "validation", "context: must hold 2 numbers (and 1 more)"))
                .andExpect(jsonPath("$.title").value("Invalid request"))
                .andExpect(jsonPath("$.errors.length()").value(2))
                .andExpect(jsonPath("$.errors[0].field").value("context"))
                .andExpect(jsonPath("$.errors[0].message").value("must hold 2 numbers"))
                .andExpect(jsonPath("$.errors[1].field").value("candidates[1]"))
                .andExpect(jsonPath("$.errors[1].message").value("is not an action of this bandit"));
    }

    @Test
    void notFoundIs404WithTheServicesMessage() throws Exception {
        decideThrows(new ServiceErrors.NotFound("no bandit 'home'"));
        perform(postJson("/decide", ALL, DECIDE)).andExpect(problem(404, "not-found", "no bandit 'home'"));
    }

    @Test
    void conflictsAre409EachWithItsOwnType() throws Exception {
        when(bandits.create(any(BanditSpec.class))).thenThrow(new ServiceErrors.Conflict("taken"));
        perform(postJson("/bandits", ALL, "{\"id\": \"home\"}")).andExpect(problem(409, "conflict", "taken"));

        when(releases.release(anyString(), any())).thenThrow(new ServiceErrors.BudgetExhausted("spent"));
        perform(postJson("/release", ALL, DECIDE)).andExpect(problem(409, "budget-exhausted", "spent"))
                .andExpect(jsonPath("$.title").value("Privacy budget exhausted"));

        when(decisions.randomiserPlan("home", 3)).thenThrow(new ServiceErrors.NotReady("being planned"));
        perform(getWith("/bandits/home/epochs/3/randomiser", ALL)).andExpect(problem(409, "not-ready",
                "being planned"));
    }

    @Test
    void busyIs503WithTheRetryAfterTheServiceAsksFor() throws Exception {
        when(planner.plan(any(), any())).thenThrow(new ServiceErrors.Busy("another plan", 7));
        perform(postJson("/bandits/plan", ALL, "{\"id\": \"home\"}")).andExpect(problem(503, "busy", "another plan"))
                .andExpect(header().string("Retry-After", "7"));
    }

    @Test
    void theDatabaseBeingAwayIs503UnavailableWithRetryAfter() throws Exception {
        String detail = "the database is not reachable right now; nothing was stored: retry after the Retry-After "
                + "seconds";
        decideThrows(new DataAccessResourceFailureException("connection refused"));
        perform(postJson("/decide", ALL, DECIDE)).andExpect(problem(503, "unavailable", detail))
                .andExpect(header().string("Retry-After", "2"));

        when(bandits.status("home")).thenThrow(new CannotCreateTransactionException("pool timed out"));
        perform(getWith("/bandits/home", ALL)).andExpect(problem(503, "unavailable", detail));

        // An outage that is only the cause of whatever the service threw.
        when(bandits.ledger(org.mockito.ArgumentMatchers.eq("home"), org.mockito.ArgumentMatchers.anyLong(),
                org.mockito.ArgumentMatchers.anyInt())).thenThrow(new IllegalStateException("wrapped",
                new SQLException("terminating connection due to administrator command", "57P01")));
        perform(getWith("/bandits/home/ledger", ALL)).andExpect(problem(503, "unavailable", detail))
                .andExpect(header().string("Retry-After", "2"));
    }

    @Test
    void anythingElseIs500WithoutItsMessage() throws Exception {
        decideThrows(new IllegalStateException("secret internals"));
        perform(postJson("/decide", ALL, DECIDE))
                .andExpect(problem(500, "internal", "the request could not be completed; it is safe to retry"))
                .andExpect(content().string(not(containsString("secret internals"))));
    }

    @Test
    void anAcceptHeaderJsonCannotSatisfyIs406() throws Exception {
        perform(postJson("/decide", ALL, DECIDE).accept(MediaType.TEXT_PLAIN)).andExpect(problem(406,
                "not-acceptable"));
        verifyNoInteractions(decisions);
    }

    @Test
    void aBodyThatIsNotJsonIs415() throws Exception {
        perform(post("/decide").header("X-API-Key", ALL).contentType(MediaType.TEXT_PLAIN).content("hello"))
                .andExpect(problem(415, "unsupported-media-type", "send application/json"));
        perform(post("/decide").header("X-API-Key", ALL).contentType("*/*").content(DECIDE))
                .andExpect(problem(415, "unsupported-media-type")).andExpect(jsonPath("$.detail").value(
                        containsString("wildcards and malformed types are refused")));
        verifyNoInteractions(decisions);
    }

    @Test
    void aMethodAnEndpointDoesNotTakeIs405() throws Exception {
        perform(getWith("/decide", ALL)).andExpect(problem(405, "method-not-allowed",
                "method GET is not supported here"));
    }

    @Test
    void unreadableBodiesAre400WithoutEchoingThem() throws Exception {
        // Where the reader stopped, never what it read.
        perform(postJson("/decide", ALL, "{not json")).andExpect(problem(400, "validation",
                "malformed JSON at line 1, column 2: Unexpected character ('n' (code 110)): was expecting "
                        + "double-quote to start field name"));
        perform(postJson("/decide", ALL, "")).andExpect(problem(400, "validation", "a JSON body is required"));
        perform(postJson("/bandits", ALL, "{\"id\": \"x\", \"algorithm\": \"NOPE\"}")).andExpect(problem(400,
                "validation", "algorithm: must be one of [CAPRI, USCA, LINUCB, ONLINEUCB, GPUCB]"))
                .andExpect(content().string(not(containsString("NOPE"))));
        perform(postJson("/feedback", ALL, "{\"decisionId\": \"secret-not-a-uuid\", \"reward\": 1}"))
                .andExpect(problem(400, "validation", "field 'decisionId' has the wrong type"))
                .andExpect(content().string(not(containsString("secret-not-a-uuid"))));
        perform(postJson("/bandits", ALL, "{\"id\": \"x\", \"horizon\": [1]}")).andExpect(problem(400,
                "validation", "field 'horizon' must be a JSON number, got an array"))
                .andExpect(jsonPath("$.errors[0].field").value("horizon"));
        perform(postJson("/decide", ALL, "{\"bandit\": \"a\\u0000b\", \"context\": [1]}")).andExpect(problem(400,
                "validation", "field 'bandit' holds a NUL character or an unpaired surrogate, which cannot be stored"));
        verifyNoInteractions(decisions);
    }

    @Test
    void numbersSentAsStringsAre400NamingTheFieldLikeOtherWrongTypes() throws Exception {
        String decision = "{\"decisionId\": \"3c9f1e2a-0000-4000-8000-000000000001\", \"reward\": ";
        perform(postJson("/feedback", ALL, decision + "\"1\"}")).andExpect(problem(400, "validation",
                "field 'reward' must be a JSON number, got a string"))
                .andExpect(jsonPath("$.errors[0].field").value("reward"))
                .andExpect(jsonPath("$.errors[0].message").value("must be a JSON number, got a string"));
        perform(postJson("/feedback", ALL, decision + "true}")).andExpect(problem(400, "validation",
                "field 'reward' must be a JSON number, got a boolean"));
        perform(postJson("/feedback", ALL, decision + "\"\"}")).andExpect(problem(400, "validation",
                "field 'reward' must be a JSON number, got a string"));
        perform(postJson("/bandits", ALL, "{\"id\": \"x\", \"horizon\": \"100\"}")).andExpect(problem(400,
                "validation", "field 'horizon' must be a JSON number, got a string"));
        perform(postJson("/bandits", ALL, "{\"id\": \"x\", \"privacy\": {\"epsilon\": \"1.0\"}}"))
                .andExpect(problem(400, "validation", "field 'privacy.epsilon' must be a JSON number, got a string"));
        perform(postJson("/decide", ALL, "{\"bandit\": \"home\", \"context\": [0.2, \"0.4\"]}"))
                .andExpect(problem(400, "validation", "field 'context' must be an array of JSON numbers, got a string"));
        // An enum is its name, never its position: 1 is not the second algorithm.
        perform(postJson("/bandits", ALL, "{\"id\": \"x\", \"algorithm\": 1}")).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.type").value(containsString("validation")))
                .andExpect(jsonPath("$.detail").value(containsString("algorithm")));
        verifyNoInteractions(decisions, bandits);
    }

    @Test
    void aMalformedBodySaysWhereWithoutEchoingIt() throws Exception {
        perform(postJson("/decide", ALL, "{\"bandit\": \"home\", \"context\": [0.2, }")).andExpect(problem(400,
                "validation", "malformed JSON at line 1, column 37, in /context/1: Unexpected character ('}' "
                        + "(code 125)): expected a value"));
        perform(postJson("/decide", ALL, "{\n  \"bandit\": \"home\",\n  \"context\": [0.2, secret-0.4]\n}"))
                .andExpect(problem(400, "validation"))
                .andExpect(jsonPath("$.detail").value(containsString("malformed JSON at line 3, column ")))
                .andExpect(jsonPath("$.detail").value(containsString("in /context/1: Unrecognized token")))
                .andExpect(content().string(not(containsString("secret"))));
        perform(postJson("/feedback", ALL, "{\"decisionId\": \"3c9f1e2a-0000-4000-8000-000000000001\", "
                + "\"reward\": 0.5")).andExpect(problem(400, "validation"))
                .andExpect(jsonPath("$.detail").value(containsString("malformed JSON at line 1, column ")))
                .andExpect(jsonPath("$.detail").value(containsString("Unexpected end-of-input")))
                .andExpect(content().string(not(containsString("0.5"))));
        verifyNoInteractions(decisions);
    }

    @Test
    void missingOrMalformedParametersAre400NamingTheParameter() throws Exception {
        perform(getWith("/release", ALL)).andExpect(problem(400, "validation",
                "parameter 'bandit' is missing or malformed"));
        perform(getWith("/bandits/home/epochs/three/randomiser", ALL)).andExpect(problem(400, "validation",
                "parameter 'epoch' is missing or malformed"));
        perform(postJson("/bandits/plan?gap=wide", ALL, "{\"id\": \"home\"}")).andExpect(problem(400, "validation",
                "parameter 'gap' is missing or malformed"));
        verifyNoInteractions(decisions, releases, planner);
    }

    @Test
    void aQueryWithAControlCharacterIsRefusedBeforeAuthentication() throws Exception {
        perform(get(java.net.URI.create("/release?bandit=a%00b"))).andExpect(problem(400, "validation",
                "a query parameter holds a control character, an unpaired surrogate or a malformed escape"));
        verifyNoInteractions(releases);
    }

    @Test
    void theJsonReadersLimitsAre413NamingTheLimit() throws Exception {
        String longString = "x".repeat(JsonLimits.MAX_STRING_LENGTH + 1);
        perform(postJson("/bandits", ALL, "{\"id\": \"" + longString + "\"}")).andExpect(problem(413,
                "payload-too-large", "a string in the body may be at most 65536 characters"));
        String deep = "[".repeat(JsonLimits.MAX_NESTING_DEPTH + 1) + "]".repeat(JsonLimits.MAX_NESTING_DEPTH + 1);
        perform(postJson("/feedback", ALL, "{\"decisionId\": \"" + java.util.UUID.randomUUID() + "\", \"report\": "
                + deep + "}")).andExpect(problem(413,
                "payload-too-large", "the body may nest arrays and objects at most 64 levels deep"));
        String longNumber = "1".repeat(JsonLimits.MAX_NUMBER_LENGTH + 1);
        perform(postJson("/bandits", ALL, "{\"horizon\": " + longNumber + "}")).andExpect(problem(413,
                "payload-too-large", "a number in the body may be at most 1000 characters long"));
        verifyNoInteractions(bandits, decisions);
    }

    @Test
    void aDeclaredBodyBeyondTheEndpointsLimitIs413() throws Exception {
        String big = "{\"bandit\": \"home\", \"context\": [" + "0.5,".repeat(300_000) + "0.5]}";
        perform(postJson("/decide", ALL, big)).andExpect(problem(413, "payload-too-large",
                "the body may be at most 1048576 bytes"));
        verifyNoInteractions(decisions);
    }

    @Test
    void aGapThePlannerRefusesIs400OnTheGapParameter() throws Exception {
        perform(postJson("/bandits/plan?gap=-1", ALL, "{\"id\": \"home\"}")).andExpect(problem(400, "validation"))
                .andExpect(jsonPath("$.errors[0].field").value("gap"));
        verifyNoInteractions(planner);
        when(decisions.randomiserPlan(eq("home"), anyInt())).thenThrow(InvalidRequestException.of("bandit",
                "is not locally private"));
        perform(getWith("/bandits/home/epochs/1/randomiser", ALL)).andExpect(problem(400, "validation",
                "bandit: is not locally private"));
    }
}

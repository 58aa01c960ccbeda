package io.dpbandit.api;

import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.hasSize;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.AdditionalMatchers.aryEq;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.ArgumentMatchers.isNull;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.dpbandit.bandit.BanditIds;
import io.dpbandit.bandit.Phase;
import io.dpbandit.client.capri.CapriRandomiserPlan;
import io.dpbandit.decision.DecisionService;
import io.dpbandit.registry.BanditService;
import io.dpbandit.runtime.ContextRelease;
import io.dpbandit.spec.BanditSpec;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

/**
 * Requests as the controllers take them: Bean Validation of DecideRequest, FeedbackRequest and
 * ReleaseRequest (every violated field in one 400, with the service never called), numbers that are
 * not finite refused, unknown fields refused; and a valid request reaching its service with what was
 * sent, the answer shaped as documented.
 */
class RequestValidationWebTest extends ApiSliceTest {

    static final UUID DECISION = UUID.fromString("242fec5c-1111-4222-8333-944455556666");

    @Test
    void aDecideRequestListsEveryInvalidField() throws Exception {
        String body = "{\"bandit\": \"bad id!\", \"requestId\": \"" + "r".repeat(129) + "\", \"candidates\": "
                + "[\"ok\", \"not ok\"]}";
        perform(postJson("/decide", ALL, body)).andExpect(problem(400, "validation"))
                .andExpect(jsonPath("$.errors[*].field").value(containsInAnyOrder("bandit", "candidates[1]",
                        "requestId")))
                .andExpect(jsonPath("$.errors[?(@.field == 'bandit')].message").value(BanditIds.MESSAGE))
                .andExpect(jsonPath("$.errors[0].field").value("bandit"))
                .andExpect(jsonPath("$.errors[2].field").value("requestId"));
        perform(postJson("/decide", ALL, "{\"bandit\": \"home\", \"context\": [0.1], \"candidates\": []}"))
                .andExpect(problem(400, "validation")).andExpect(jsonPath("$.errors[0].field").value("candidates"));
        verifyNoInteractions(decisions);
    }

    @Test
    void numbersThatAreNotFiniteAreRefused() throws Exception {
        perform(postJson("/decide", ALL, "{\"bandit\": \"home\", \"context\": [0.5, 1e999]}"))
                .andExpect(problem(400, "validation", "context: must be a finite number"));
        perform(postJson("/release", ALL, "{\"bandit\": \"home\", \"context\": [-1e999]}"))
                .andExpect(problem(400, "validation", "context: must be a finite number"));
        perform(postJson("/feedback", ALL, "{\"decisionId\": \"" + DECISION + "\", \"reward\": 1e999}"))
                .andExpect(problem(400, "validation", "reward: must be a finite number"));
        // JSON has no NaN: the literal does not parse.
        perform(postJson("/feedback", ALL, "{\"decisionId\": \"" + DECISION + "\", \"reward\": NaN}"))
                .andExpect(problem(400, "validation"));
        perform(postJson("/decide", ALL, "{\"bandit\": \"home\", \"context\": [Infinity]}"))
                .andExpect(problem(400, "validation"));
        verifyNoInteractions(decisions, releases);
    }

    @Test
    void unknownFieldsAreRefusedByName() throws Exception {
        perform(postJson("/decide", ALL, "{\"bandit\": \"home\", \"context\": [0.1], \"colour\": \"blue\"}"))
                .andExpect(problem(400, "validation", "unknown field 'colour'"));
        perform(postJson("/feedback", ALL, "{\"decisionId\": \"" + DECISION + "\", \"reward\": 1, \"rewrd\": 2}"))
                .andExpect(problem(400, "validation", "unknown field 'rewrd'"));
        perform(postJson("/bandits", ALL, "{\"id\": \"home\", \"colour\": \"blue\"}"))
                .andExpect(problem(400, "validation", "unknown field 'colour'"));
        verifyNoInteractions(decisions, bandits);
    }

    @Test
    void feedbackNeedsItsDecisionIdAndAReleaseItsBanditAndContext() throws Exception {
        perform(postJson("/feedback", ALL, "{\"reward\": 1}")).andExpect(problem(400, "validation",
                "decisionId: must not be null"));
        perform(postJson("/release", ALL, "{}")).andExpect(problem(400, "validation"))
                .andExpect(jsonPath("$.errors", hasSize(2)))
                .andExpect(jsonPath("$.errors[*].field").value(containsInAnyOrder("bandit", "context")));
        verifyNoInteractions(decisions, releases);
    }

    @Test
    void aValidDecisionReachesTheServiceAndAnswersAsDocumented() throws Exception {
        when(decisions.decide(eq("home"), aryEq(new double[] {0.2, 0.4}), eq(List.of("a1", "a3")), eq("r-17"), any(), any(), any()))
                .thenReturn(new DecisionService.Decision(DECISION, "a3", 0.5, 2, Phase.EXPLORE, true, null));
        perform(postJson("/decide", DECIDER, "{\"bandit\": \"home\", \"context\": [0.2, 0.4], \"requestId\": "
                + "\"r-17\", \"candidates\": [\"a1\", \"a3\"]}"))
                .andExpect(status().isOk())
                .andExpect(header().string("Content-Type", "application/json"))
                .andExpect(jsonPath("$.decisionId").value(DECISION.toString()))
                .andExpect(jsonPath("$.action").value("a3"))
                .andExpect(jsonPath("$.propensity").value(0.5))
                .andExpect(jsonPath("$.epoch").value(2))
                .andExpect(jsonPath("$.phase").value("EXPLORE"))
                .andExpect(jsonPath("$.learning").value(true))
                .andExpect(jsonPath("$.randomiser").doesNotExist());
    }

    @Test
    void feedbackIsTakenForTheDecisionsBandit() throws Exception {
        when(decisions.owner(DECISION)).thenReturn(new io.dpbandit.store.DecisionLookups.Owner("home", 1, true, io.dpbandit.bandit.Serving.ACTIVE));
        when(decisions.feedback(any(), eq(DECISION), eq(7.0), isNull())).thenReturn(new DecisionService.FeedbackResult(
                DecisionService.FeedbackStatus.ACCEPTED, true));
        perform(postJson("/feedback", DECIDER, "{\"decisionId\": \"" + DECISION + "\", \"reward\": 7}"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.status").value("ACCEPTED"))
                .andExpect(jsonPath("$.clipped").value(true));
        verify(decisions).feedback(any(), eq(DECISION), eq(7.0), isNull());
    }

    @Test
    void aCreatedBanditIs201WithItsLocationAndTheSameSpecAgain200() throws Exception {
        BanditService.BanditStatus status = new BanditService.BanditStatus("home", BanditSpec.Algorithm.CAPRI,
                io.dpbandit.bandit.Serving.ACTIVE, null, Phase.EXPLORE, 1, 10, null, 0, 0, 0, null, null, java.util.List.of());
        when(bandits.create(any(BanditSpec.class))).thenReturn(new BanditService.Created(status, true),
                new BanditService.Created(status, false));
        String spec = "{\"id\": \"home\", \"algorithm\": \"CAPRI\", \"horizon\": 100}";
        perform(postJson("/bandits", ADMIN, spec)).andExpect(status().isCreated())
                .andExpect(header().string("Location", "/bandits/home"))
                .andExpect(jsonPath("$.epochLength").value(10));
        perform(postJson("/bandits", ADMIN, spec)).andExpect(status().isOk())
                .andExpect(header().doesNotExist("Location"));
        ArgumentCaptor<BanditSpec> sent = ArgumentCaptor.forClass(BanditSpec.class);
        verify(bandits, org.mockito.Mockito.times(2)).create(sent.capture());
        assertSpec(sent.getValue());
    }

    private static void assertSpec(BanditSpec spec) {
        org.assertj.core.api.Assertions.assertThat(spec.id()).isEqualTo("home");
        org.assertj.core.api.Assertions.assertThat(spec.algorithm()).isEqualTo(BanditSpec.Algorithm.CAPRI);
        org.assertj.core.api.Assertions.assertThat(spec.horizon()).isEqualTo(100);
        org.assertj.core.api.Assertions.assertThat(spec.privacy()).as("validated by the service, not here").isNull();
    }

    @Test
    void aContextReleaseAnswersWithWhatItCharged() throws Exception {
        when(releases.release(eq("home"), aryEq(new double[] {0.5, 0.5}))).thenReturn(
                new ContextRelease("home", "a2", true, 0.5));
        perform(postJson("/release", ANALYST, "{\"bandit\": \"home\", \"context\": [0.5, 0.5]}"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.action").value("a2"))
                .andExpect(jsonPath("$.charged").value(true)).andExpect(jsonPath("$.epsilon").value(0.5));
    }

    @Test
    void anEpochsRandomiserPlanIsCachedAsImmutable() throws Exception {
        when(decisions.randomiserPlan("home", 2)).thenReturn(new CapriRandomiserPlan("home", 2,
                io.dpbandit.client.kernel.KernelSpec.rbf(0.3), new double[][] {{0.1, 0.2}}, new double[] {1.0}, 1.0,
                1.0, 0.5, 1e-5, 2.0));
        perform(getWith("/bandits/home/epochs/2/randomiser", DECIDER)).andExpect(status().isOk())
                .andExpect(header().string("Cache-Control", "max-age=31536000, private, immutable"))
                .andExpect(jsonPath("$.epoch").value(2)).andExpect(jsonPath("$.sigma").value(2.0));
        verify(decisions).randomiserPlan("home", 2);
    }
}

package io.dpbandit.api;

import io.dpbandit.security.Access;
import io.dpbandit.bandit.BanditIds;
import io.dpbandit.decision.DecisionService;
import io.dpbandit.store.DecisionLookups;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.dpbandit.validation.BoundedVectorDeserializer;
import io.dpbandit.validation.Finite;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.problem.ProblemType;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.UUID;
import org.springframework.http.CacheControl;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.http.MediaType;

/** POST /decide and POST /feedback for product backends. */
@RestController
@io.swagger.v3.oas.annotations.tags.Tag(name = "Decisions",
        description = "Decisions for contexts, the feedback on them, and the randomiser plans of locally private epochs")
@RequestMapping(produces = MediaType.APPLICATION_JSON_VALUE)
public class DecisionController {

    /**
     * {bandit, context, requestId?, candidates?}: the same requestId returns the same decision.
     * candidates (LINUCB, ONLINEUCB and GPUCB only) names the actions available this round (Shariff &amp; Sheffet 2018's
     * decision set D_t); absent means every action of the bandit.
     */
    public record DecideRequest(
            @NotNull @Pattern(regexp = BanditIds.PATTERN, message = BanditIds.MESSAGE) String bandit,
            @Schema(description = "The context: contextDimension numbers. Optional for a bandit without context "
                    + "features (contextDimension 0), where absent means []; required (400 naming context) for the "
                    + "others.")
            @Finite @JsonDeserialize(using = BoundedVectorDeserializer.class) double[] context,
            @Size(min = 1, max = 128) String requestId,
            @Schema(description = "{{decision-sets}} only: the ids of the actions available this round "
                    + "(Shariff & Sheffet 2018's decision set D_t); absent means every action of the bandit. Other "
                    + "bandits answer 400.")
            @Size(min = 1, max = 100_000)
            List<@NotNull @Pattern(regexp = BanditIds.PATTERN, message = BanditIds.MESSAGE) String> candidates,
            @Schema(description = "privacy.unit USER bandits only, and required there: the caller's opaque id of "
                    + "the user, one stable id per person (Unicode text; only a keyed digest of it is stored). Ids "
                    + "equal after Unicode NFC normalisation are one user; case and white space count (\"alice\" "
                    + "and \"Alice \" are two users). A user past the bandit's privacy.maxRoundsPerUser learning "
                    + "rounds is served but not learning.")
            @Size(min = 1, max = 256) String user,
            @Schema(description = "Bandits with a rollout only: the id of the action the product would show without "
                    + "the bandit. A public coin (bias rollout.share, independent of the context and of every "
                    + "reward) decides whether the bandit or this baseline serves the decision; the answer's servedBy "
                    + "says which. Without it the decision is the bandit's and outside the evaluation.")
            @Pattern(regexp = BanditIds.PATTERN, message = BanditIds.MESSAGE) String baseline) {

        /** The form without a user (round-level bandits). */
        public DecideRequest(String bandit, double[] context, String requestId, List<String> candidates) {
            this(bandit, context, requestId, candidates, null, null);
        }

        /** The form without a baseline. */
        public DecideRequest(String bandit, double[] context, String requestId, List<String> candidates, String user) {
            this(bandit, context, requestId, candidates, user, null);
        }
    }

    /**
     * {decisionId, reward} for a JDP bandit; {decisionId, report} for a locally private one (the
     * report dpbandit-client's randomiser made on the user's side; a raw reward is refused).
     */
    public record FeedbackRequest(@NotNull UUID decisionId,
            @Schema(description = "The observed reward (JDP bandits), clipped to [-rewardBound, rewardBound] "
                    + "before it is stored. A locally private bandit refuses it with 400: send report instead.")
            @Finite Double reward,
            @Schema(description = "Locally private bandits only: the report dpbandit-client's randomiser made on the "
                    + "user's device from the decision's randomiser inputs and the user's reward, one of the types "
                    + "below (each locally private algorithm's); the only thing about the round that leaves the device. "
                    + "Checked against the bandit's public parameters (400 if they differ).")
            JsonNode report) {
    }

    private final DecisionService decisions;

    public DecisionController(DecisionService decisions) {
        this.decisions = decisions;
    }

    @Operation(operationId = "decide",
            summary = "An action for a context", description = "Commits the decision (durably, in a group "
            + "commit with concurrent requests) before answering. The "
            + "same requestId returns the same decision. learning says whether this is one of the bandit's learning "
            + "rounds (its reward counts if it comes within feedback.waitSeconds). A locally private "
            + "learning decision carries randomiser: the public inputs of the client's randomiser.")
    @ProblemResponse(type = ProblemType.NOT_FOUND, when = "no bandit has this id")
    @ProblemResponse(type = ProblemType.CONFLICT, when = "the requestId was used by another key, or with another "
            + "context")
    @ProblemResponse(type = ProblemType.PAUSED, when = "the bandit is paused (an admin resumes it)")
    @ProblemResponse(type = ProblemType.RETIRED, when = "the bandit is retired")
    @ProblemResponse(type = ProblemType.BUSY, when = "too many decisions and feedbacks are waiting to be written on "
            + "this instance; nothing was stored: retry after Retry-After (with the same requestId)")
    @PostMapping("/decide")
    public DecisionService.Decision decide(@Valid @RequestBody DecideRequest request) {
        Access.requireBandit(request.bandit());
        return decisions.decide(request.bandit(), request.context(), request.candidates(), request.requestId(),
                Access.principal().name(), request.user(), request.baseline());
    }

    @Operation(operationId = "sendFeedback",
            summary = "A decision's outcome", description = "JDP bandits take {decisionId, reward}; a locally "
            + "private bandit takes {decisionId, report} and refuses a raw reward for a learning decision. A decision "
            + "answered feedbackExpected false needs no feedback: what is sent anyway is answered NOT_USED (for a "
            + "locally private bandit, unread and unstored). Idempotent per "
            + "decision: status ACCEPTED (counts: in the next release, or for a decision that named a baseline in the "
            + "rollout's next evaluation release), LATE (after the wait: the round counts with the default reward), "
            + "NOT_USED (neither a learning round nor in an evaluation) or DUPLICATE (already received; nothing "
            + "changed).")
    @ProblemResponse(type = ProblemType.NOT_FOUND, when = "no decision has this id")
    @ProblemResponse(type = ProblemType.RETIRED, when = "the decision's bandit is retired (nothing is stored; the "
            + "round counts with the default reward once its window passes)")
    @ProblemResponse(type = ProblemType.BUSY, when = "too many decisions and feedbacks are waiting to be written on "
            + "this instance; nothing was stored: retry after Retry-After")
    @PostMapping("/feedback")
    public DecisionService.FeedbackResult feedback(@Valid @RequestBody FeedbackRequest request) {
        // One read of the decision's owner serves the key's bandit scope and the feedback itself.
        DecisionLookups.Owner owner = decisions.owner(request.decisionId());
        Access.requireBandit(owner.banditId());
        return decisions.feedback(owner, request.decisionId(), request.reward(), request.report());
    }

    @Operation(operationId = "randomiserPlan",
            summary = "An epoch's randomiser plan ({{epoch-plans}} with LDP)", description = "The public plan "
            + "of this epoch (for {{epoch-plans}}: projection points, A = L^-1, C_r, B, (epsilon_r, delta_r), sigma) "
            + "that dpbandit-client's randomiser needs for the rounds of this epoch. An epoch's plan never changes, so "
            + "clients cache it. 409 not-ready while the epoch is being planned; 400 for a bandit that is not locally "
            + "private.")
    @ProblemResponse(type = ProblemType.NOT_FOUND, when = "no bandit has this id, or it has no such epoch")
    @ProblemResponse(type = ProblemType.NOT_READY, when = "the epoch is still being planned")
    @GetMapping("/bandits/{id}/epochs/{epoch}/randomiser")
    public ResponseEntity<Object> randomiserPlan(@PathVariable String id, @PathVariable int epoch) {
        Access.requireBandit(id);
        // The answer's schema is the registered plans' (AlgorithmDescriptor.epochPlans), set in the API
        // document by OpenApiConfiguration.registryWireTypes.
        return ResponseEntity.ok().cacheControl(CacheControl.maxAge(java.time.Duration.ofDays(365)).cachePrivate()
                .immutable()).body(decisions.randomiserPlan(id, epoch));
    }
}

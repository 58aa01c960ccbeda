package io.dpbandit.api;

import io.dpbandit.security.Access;
import io.dpbandit.bandit.BanditIds;
import io.dpbandit.bandit.DecisionService;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.dpbandit.validation.BoundedVectorDeserializer;
import io.dpbandit.validation.Finite;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import io.dpbandit.client.onlineucb.OnlineUcbReport;
import java.util.List;
import java.util.UUID;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** POST /decide and POST /feedback for product backends. */
@RestController
public class DecisionController {

    /**
     * {bandit, context, requestId?, candidates?}: the same requestId returns the same decision.
     * candidates (LINUCB and ONLINEUCB only) names the actions available this round (paper 001's
     * decision set D_t); absent means every action of the bandit.
     */
    public record DecideRequest(
            @NotNull @Pattern(regexp = BanditIds.PATTERN, message = BanditIds.MESSAGE) String bandit,
            @NotNull @Finite @JsonDeserialize(using = BoundedVectorDeserializer.class) double[] context,
            @Size(min = 1, max = 128) String requestId,
            @Size(min = 1, max = 100_000)
            List<@NotNull @Pattern(regexp = BanditIds.PATTERN, message = BanditIds.MESSAGE) String> candidates) {
    }

    /**
     * {decisionId, reward} for a JDP bandit; {decisionId, report} for a locally private one (the
     * report dpbandit-client's randomiser made on the user's side; a raw reward is refused).
     */
    public record FeedbackRequest(@NotNull UUID decisionId, @Finite Double reward, OnlineUcbReport report) {
    }

    private final DecisionService decisions;

    public DecisionController(DecisionService decisions) {
        this.decisions = decisions;
    }

    @PostMapping("/decide")
    public DecisionService.Decision decide(@Valid @RequestBody DecideRequest request) {
        Access.requireBandit(request.bandit());
        return decisions.decide(request.bandit(), request.context(), request.candidates(), request.requestId());
    }

    @PostMapping("/feedback")
    public DecisionService.FeedbackResult feedback(@Valid @RequestBody FeedbackRequest request) {
        Access.requireBandit(decisions.banditOf(request.decisionId()));
        return decisions.feedback(request.decisionId(), request.reward(), request.report());
    }
}

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
import java.util.UUID;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** POST /decide and POST /feedback for product backends. */
@RestController
public class DecisionController {

    /** {bandit, context, requestId?}: the same requestId returns the same decision. */
    public record DecideRequest(
            @NotNull @Pattern(regexp = BanditIds.PATTERN, message = BanditIds.MESSAGE) String bandit,
            @NotNull @Finite @JsonDeserialize(using = BoundedVectorDeserializer.class) double[] context,
            @Size(min = 1, max = 128) String requestId) {
    }

    /** {decisionId, reward}. */
    public record FeedbackRequest(@NotNull UUID decisionId, @NotNull @Finite Double reward) {
    }

    private final DecisionService decisions;

    public DecisionController(DecisionService decisions) {
        this.decisions = decisions;
    }

    @PostMapping("/decide")
    public DecisionService.Decision decide(@Valid @RequestBody DecideRequest request) {
        Access.requireBandit(request.bandit());
        return decisions.decide(request.bandit(), request.context(), request.requestId());
    }

    @PostMapping("/feedback")
    public DecisionService.FeedbackResult feedback(@Valid @RequestBody FeedbackRequest request) {
        Access.requireBandit(decisions.banditOf(request.decisionId()));
        return decisions.feedback(request.decisionId(), request.reward());
    }
}

package io.dpbandit.api;

import jakarta.servlet.http.HttpServletRequest;
import io.dpbandit.security.Access;
import io.dpbandit.bandit.DecisionService;
import io.dpbandit.bandit.InvalidRequestException;
import java.util.UUID;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** POST /decide and POST /feedback for product backends. */
@RestController
public class DecisionController {

    /** {bandit, context, requestId?}: the same requestId returns the same decision. */
    public record DecideRequest(String bandit, double[] context, String requestId) {
    }

    /** {decisionId, reward}. */
    public record FeedbackRequest(UUID decisionId, Double reward) {
    }

    private final DecisionService decisions;

    public DecisionController(DecisionService decisions) {
        this.decisions = decisions;
    }

    @PostMapping("/decide")
    public DecisionService.Decision decide(@RequestBody(required = false) DecideRequest request,
            HttpServletRequest http) {
        if (request == null || request.bandit() == null) {
            throw InvalidRequestException.of("bandit", "is required");
        }
        Access.requireBandit(http, request.bandit());
        if (request.requestId() != null && (request.requestId().isEmpty() || request.requestId().length() > 128)) {
            throw InvalidRequestException.of("requestId", "must be 1 to 128 characters");
        }
        return decisions.decide(request.bandit(), request.context(), request.requestId());
    }

    @PostMapping("/feedback")
    public DecisionService.FeedbackResult feedback(@RequestBody(required = false) FeedbackRequest request,
            HttpServletRequest http) {
        if (request == null || request.decisionId() == null) {
            throw InvalidRequestException.of("decisionId", "is required");
        }
        Access.requireBandit(http, decisions.banditOf(request.decisionId()));
        if (request.reward() == null) {
            throw InvalidRequestException.of("reward", "is required");
        }
        return decisions.feedback(request.decisionId(), request.reward());
    }
}

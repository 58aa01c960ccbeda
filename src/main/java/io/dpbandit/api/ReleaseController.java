package io.dpbandit.api;

import io.dpbandit.security.Access;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.dpbandit.validation.BoundedVectorDeserializer;
import io.dpbandit.validation.Finite;
import io.dpbandit.bandit.BanditIds;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import io.dpbandit.problem.ProblemType;
import io.dpbandit.release.ReleaseService;
import io.swagger.v3.oas.annotations.Operation;
import io.dpbandit.runtime.ContextRelease;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.http.MediaType;

/**
 * Private releases for analysts. The CAPRI model format lets anyone evaluate
 * μ̂(w) = Σ_i coefficients[i] · k(projectionPoints[i], w), with w = context ++ action features and
 * k the stated kernel, and repeat the elimination with the stated width.
 */
@RestController
@io.swagger.v3.oas.annotations.tags.Tag(name = "Releases",
        description = "Private releases: the latest model, and private decisions for contexts")
@RequestMapping(produces = MediaType.APPLICATION_JSON_VALUE)
public class ReleaseController {

    /** {bandit, context}. */
    public record ReleaseRequest(
            @NotNull @Pattern(regexp = BanditIds.PATTERN, message = BanditIds.MESSAGE) String bandit,
            @NotNull @Finite @JsonDeserialize(using = BoundedVectorDeserializer.class) double[] context) {
    }

    private final ReleaseService releases;

    public ReleaseController(ReleaseService releases) {
        this.releases = releases;
    }

    @Operation(operationId = "latestRelease",
            summary = "A bandit's latest private release", description = "{{epoch-models}}: the latest released "
            + "model (none before the first epoch closes); {{charged-releases}}: its releases so far by action and "
            + "ledger entry; {{sequential}}: the public model. With the budget and the release's provenance.")
    @ProblemResponse(type = ProblemType.NOT_FOUND, when = "no bandit has this id")
    @GetMapping("/release")
    public ReleaseService.LatestRelease latest(@RequestParam("bandit") String banditId) {
        Access.requireBandit(banditId);
        return releases.latest(banditId);
    }

    @Operation(operationId = "releaseForContext",
            summary = "A private decision for a context", description = "{{charged-releases}}: the exponential "
            + "mechanism's "
            + "action, charged epsilon once per distinct context (the same context again is free). The others: the "
            + "released model's best action, free post-processing. 409 not-ready while there is no model to answer "
            + "from ({{charged-releases}} learning, {{epoch-models}} before its first release, the sequential models before their first round "
            + "is in).")
    @ProblemResponse(type = ProblemType.NOT_FOUND, when = "no bandit has this id")
    @ProblemResponse(type = ProblemType.NOT_READY, when = "there is no model yet: {{charged-releases}} still learning, "
            + "{{epoch-models}} before its first release, {{sequential:or}} before their first round is in the model")
    @ProblemResponse(type = ProblemType.BUDGET_EXHAUSTED, when = "{{charged-releases}}: a new context would take the bandit (or its "
            + "shared budget) past its total")
    @ProblemResponse(type = ProblemType.RETIRED, when = "the bandit is retired (GET /release still answers)")
    @PostMapping("/release")
    public ContextRelease release(@Valid @RequestBody ReleaseRequest request) {
        Access.requireBandit(request.bandit());
        return releases.release(request.bandit(), request.context());
    }
}

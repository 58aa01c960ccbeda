package io.dpbandit.api;

import io.dpbandit.security.Access;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.dpbandit.validation.BoundedVectorDeserializer;
import io.dpbandit.validation.Finite;
import io.dpbandit.bandit.BanditIds;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import io.dpbandit.release.ReleaseService;
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

    @GetMapping("/release")
    public ReleaseService.LatestRelease latest(@RequestParam("bandit") String banditId) {
        Access.requireBandit(banditId);
        return releases.latest(banditId);
    }

    @PostMapping("/release")
    public ContextRelease release(@Valid @RequestBody ReleaseRequest request) {
        Access.requireBandit(request.bandit());
        return releases.release(request.bandit(), request.context());
    }
}

package io.dpbandit.api;

import io.dpbandit.security.Access;
import io.dpbandit.bandit.BanditService;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.dpbandit.validation.BoundedVectorDeserializer;
import io.dpbandit.validation.Finite;
import io.dpbandit.bandit.BanditIds;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import io.dpbandit.bandit.ReleaseService;
import io.dpbandit.policy.capri.ReleasedModel;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Private releases for analysts. The CAPRI model format lets anyone evaluate
 * μ̂(w) = Σ_i coefficients[i] · k(projectionPoints[i], w), with w = context ++ action features and
 * k the stated kernel, and repeat the elimination with the stated width.
 */
@RestController
public class ReleaseController {

    /** {bandit, context}. */
    public record ReleaseRequest(
            @NotNull @Pattern(regexp = BanditIds.PATTERN, message = BanditIds.MESSAGE) String bandit,
            @NotNull @Finite @JsonDeserialize(using = BoundedVectorDeserializer.class) double[] context) {
    }

    private final ReleaseService releases;
    private final BanditService bandits;

    public ReleaseController(ReleaseService releases, BanditService bandits) {
        this.releases = releases;
        this.bandits = bandits;
    }

    @GetMapping("/release")
    public Map<String, Object> latest(@RequestParam("bandit") String banditId) {
        Access.requireBandit(banditId);
        var row = bandits.row(banditId);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("bandit", banditId);
        out.put("algorithm", row.algorithm());
        if (row.algorithm().equals("USCA")) {
            out.put("releases", releases.uscaReleases(banditId));
            out.put("budget", bandits.status(banditId).budget());
            return out;
        }
        ReleaseService.ModelRelease release = releases.latestModel(banditId);
        ReleasedModel model = release.model();
        out.put("epoch", release.epoch());
        out.put("kernel", release.spec().kernel());
        out.put("actions", release.spec().actions());
        out.put("contextDimension", release.spec().contextDimension());
        if (model == null) {
            out.put("model", null);
        } else {
            var actionFeatures = release.spec().actions().stream().map(a -> a.features()).toArray(double[][]::new);
            out.put("model", Map.of(
                    "projectionPoints", model.projectionSet().stream().map(p -> p.features(actionFeatures)).toList(),
                    "coefficients", model.coefficients(),
                    "width", model.width(),
                    "eliminationRule", "keep x if mu(c,x) >= max over active x' of mu(c,x') - 4 * width",
                    "evaluate", "mu(w) = sum_i coefficients[i] * k(projectionPoints[i], w), w = context ++ action features"));
        }
        out.put("privacy", Map.of("model", "JDP", "budget", release.budget(),
                "composition", release.spec().privacy().composition(),
                "mechanism", "Gaussian mechanism on clipped contributions, once per epoch"));
        out.put("provenance", Map.of("service", "dpbandit", "version", version(), "java",
                System.getProperty("java.version"), "arch", System.getProperty("os.arch"),
                "tuning", release.spec().tuning()));
        return out;
    }

    @PostMapping("/release")
    public ReleaseService.ContextRelease release(@Valid @RequestBody ReleaseRequest request) {
        Access.requireBandit(request.bandit());
        return releases.release(request.bandit(), request.context());
    }

    private static String version() {
        String v = ReleaseController.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

}

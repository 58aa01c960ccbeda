package io.dpbandit.ui;

import io.dpbandit.algorithms.Algorithms;
import io.dpbandit.runtime.AlgorithmDescriptor;
import io.dpbandit.runtime.ForecastView;
import io.dpbandit.runtime.Forecaster;
import io.dpbandit.spec.BanditSpec;
import io.swagger.v3.oas.annotations.Hidden;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * What the analyst page needs to know about each algorithm, from the registry, so that the page
 * has no list of its own: whether its epochs are planned before they release, which panels its
 * bandits' pages show, and how its forecast is drawn. Part of the page's shell: public, no data.
 */
@Hidden
@RestController
public class AlgorithmProfilesController {

    /**
     * One algorithm as the page sees it.
     *
     * @param forecast how the page draws its forecast (null where the planner does not forecast it)
     */
    public record Profile(boolean plansEpochs, boolean forecasts, List<String> panels, ForecastView forecast) {
    }

    @GetMapping(path = AnalystPageConfiguration.PATH + "algorithms.json", produces = MediaType.APPLICATION_JSON_VALUE)
    public Map<BanditSpec.Algorithm, Profile> profiles() {
        Map<BanditSpec.Algorithm, Profile> out = new LinkedHashMap<>();
        for (AlgorithmDescriptor d : Algorithms.all()) {
            out.put(d.algorithm(), new Profile(d.plansEpochs(), d.forecaster().isPresent(), d.panels(),
                    d.forecaster().map(Forecaster::view).orElse(null)));
        }
        return out;
    }
}

package io.dpbandit.registry;

import io.dpbandit.policy.capri.CapriForecast;
import io.dpbandit.policy.gpucb.GpUcbForecast;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.policy.planning.PlannerOptions;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.spec.SpecLimits;
import jakarta.validation.Validation;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A forecast is bounded in time whatever the caller sends: a spec with the largest horizon the service
 * accepts (whose plans draw billions of covariance points) is refused with a 400 naming the horizon
 * once the planner's time limit is spent, instead of holding the one planner slot for minutes.
 */
class BanditPlannerTest {

    static BanditSpec spec(int horizon) {
        Map<String, Object> body = Map.of("algorithm", "CAPRI",
                "privacy", Map.of("model", "JDP", "epsilon", 1.0, "delta", 1e-5),
                "horizon", horizon, "kernel", Map.of("type", "RBF", "lengthScale", 0.3), "contextDimension", 2,
                "actions", List.of(Map.of("id", "a1", "features", List.of(0.1, 0.9)),
                        Map.of("id", "a2", "features", List.of(0.7, 0.3))),
                "contextPool", List.of(List.of(0.2, 0.4), List.of(0.8, 0.1)));
        return new ObjectMapper().convertValue(body, BanditSpec.class);
    }

    final BanditPlanner planner = new BanditPlanner(new SpecChecks(SpecLimits.defaults(),
            Validation.buildDefaultValidatorFactory().getValidator()), null, new PlannerProperties(1.0));

    @Test
    void aHugeHorizonIsRefusedOnceTheTimeLimitIsSpent() {
        long started = System.nanoTime();
        assertThatThrownBy(() -> planner.plan(spec(SpecLimits.MAX_HORIZON), PlannerOptions.defaults()))
                .isInstanceOf(InvalidRequestException.class)
                .satisfies(e -> assertThat(((InvalidRequestException) e).problems())
                        .anyMatch(p -> p.field().equals("horizon") && p.message().contains("did not finish within")));
        double seconds = (System.nanoTime() - started) / 1e9;
        assertThat(seconds).as("gave up near the 1 s limit (one planning step may overrun it)").isLessThan(10);
        // The slot is free again: a small forecast goes through at once.
        assertThat(planner.plan(spec(2000), PlannerOptions.defaults()).forecast(CapriForecast.class).epochs()).isNotEmpty();
    }

    /** GPUCB's forecast (the spectrum of its features over the public sample) obeys the same limit. */
    @Test
    void aGpUcbForecastPastTheTimeLimitIsA400() {
        BanditPlanner hurried = new BanditPlanner(new SpecChecks(SpecLimits.defaults(),
                Validation.buildDefaultValidatorFactory().getValidator()), null, new PlannerProperties(1e-9));
        BanditSpec gp = io.dpbandit.testing.Specs.spec(io.dpbandit.testing.Specs.gp("gp", "JDP", 20000));
        assertThatThrownBy(() -> hurried.plan(gp, PlannerOptions.defaults()))
                .isInstanceOf(InvalidRequestException.class)
                .satisfies(e -> assertThat(((InvalidRequestException) e).problems())
                        .anyMatch(p -> p.field().equals("horizon") && p.message().contains("did not finish within")));
        assertThat(planner.plan(gp, PlannerOptions.defaults()).forecast(GpUcbForecast.class).points()).hasSize(4);
    }
}

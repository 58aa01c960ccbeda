package io.dpbandit.registry;

import jakarta.validation.constraints.Positive;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The forecasts of {@code POST /bandits/plan} and {@code GET /bandits/{id}/plan}
 * ({@code dpbandit.planner.*}).
 *
 * @param maxSeconds the longest one forecast may compute, in seconds; a spec whose plan takes longer
 *                   is refused with a 400 naming its horizon
 */
@Validated
@ConfigurationProperties(prefix = "dpbandit.planner")
public record PlannerProperties(@DefaultValue("60") @Positive double maxSeconds) {
}

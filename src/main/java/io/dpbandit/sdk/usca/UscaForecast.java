package io.dpbandit.sdk.usca;

import com.fasterxml.jackson.annotation.JsonTypeName;

/**
 * USCA's forecast in a plan report ({@code io.dpbandit.sdk.PlanReport#forecast(Class)}, under
 * {@code usca}): the exponential mechanism's sharpness at the horizon.
 */
@JsonTypeName("usca")
public record UscaForecast(int horizon, Double epsilon, long approximationDraws, int approximationPoints,
        int supportSize, double coverage, long coverageDraws, double supSigmaSq, double sensitivity,
        Double inverseTemperature, double evenOddsGap, double gap, double bestProbabilityAtGap,
        double simpleRegretAtGap, double statisticalSd, double plannedSeconds) {
}

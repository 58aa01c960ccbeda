package io.dpbandit.sdk.linucb;

import com.fasterxml.jackson.annotation.JsonTypeName;
import io.dpbandit.sdk.PlanReport;
import java.util.List;

/**
 * The private LinUCB forecast in a plan report ({@code PlanReport#forecast(Class)}, under
 * {@code linear}): the tree's noise and the score error at a few horizons.
 */
@JsonTypeName("linear")
public record LinearForecast(long horizon, int blocks, int blockDimension, long leafRounds, int levels,
        double nodeSigma, double noiseBound, double regularisation, double gap, Long roundsToResolve,
        List<PlanReport.Point> points) {
}

package io.dpbandit.sdk.gpucb;

import com.fasterxml.jackson.annotation.JsonTypeName;
import io.dpbandit.sdk.PlanReport;
import java.util.List;

/**
 * Private GP-UCB's forecast in a plan report ({@code PlanReport#forecast(Class)}, under
 * {@code gpucb}): the model's noise and the score error at a few horizons.
 */
@JsonTypeName("gpucb")
public record GpUcbForecast(String privacyModel, long horizon, int featureDimension, long leafRounds, Integer levels,
        double nodeSigma, double vectorSigma, double noiseBound, String regulariser, double regularisation,
        double gap, Long roundsToResolve, List<PlanReport.Point> points) {
}

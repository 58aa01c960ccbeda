package io.dpbandit.sdk.capri;

import com.fasterxml.jackson.annotation.JsonTypeName;
import java.util.List;

/**
 * CAPRI's forecast in a plan report ({@code io.dpbandit.sdk.PlanReport#forecast(Class)}, under
 * {@code capri}): per epoch the noise, the charge and the smallest gap it resolves.
 */
@JsonTypeName("capri")
public record CapriForecast(int horizon, String privacyModel, Double epsilon, double delta, String composition,
        String calibration, String elimination, int releasingEpochs, double gap, Integer firstEliminationEpoch,
        Long firstEliminationRound, double totalEpsilon, double totalDelta, double plannedSeconds,
        List<EpochForecast> epochs, int actions) {

    /** One epoch's forecast. */
    public record EpochForecast(int epoch, int length, long startRound, boolean releases, int projectionSize,
            double regularization, double contributionBound, double noiseSigma, double chargedEpsilon,
            double chargedDelta, Double calibratedEpsilon, double calibratedDelta, double noiseSdMax,
            double noiseSdMedian, double noiseWidth, double pairNoiseSdMedian, double statisticalWidth,
            double resolvableGap, double resolvableGapLow, double resolvableGapHigh) {
    }
}

package io.dpbandit.sdk;

import java.util.List;

/**
 * The planner's forecast for a spec (POST /bandits/plan, GET /bandits/{id}/plan): computed from the
 * spec and its public pool only, so it costs no privacy. Exactly one of the algorithm's sections
 * is set.
 *
 * @param algorithm the spec's algorithm
 * @param gap       the reward gap the forecast was asked about
 * @param notes     what the numbers assume and how to read them
 */
public record PlanReport(String algorithm, double gap, CapriForecast capri, UscaForecast usca,
        LinearForecast linear, OnlineUcbForecast onlineucb, GpUcbForecast gpucb, List<String> notes) {

    /** CAPRI: per epoch the noise, the charge and the smallest gap it resolves. */
    public record CapriForecast(int horizon, String privacyModel, Double epsilon, double delta, String composition,
            String calibration, String elimination, int releasingEpochs, double gap, Integer firstEliminationEpoch,
            Long firstEliminationRound, double totalEpsilon, double totalDelta, double plannedSeconds,
            List<EpochForecast> epochs, int actions) {
    }

    /** One CAPRI epoch's forecast. */
    public record EpochForecast(int epoch, int length, long startRound, boolean releases, int projectionSize,
            double regularization, double contributionBound, double noiseSigma, double chargedEpsilon,
            double chargedDelta, Double calibratedEpsilon, double calibratedDelta, double noiseSdMax,
            double noiseSdMedian, double noiseWidth, double pairNoiseSdMedian, double statisticalWidth,
            double resolvableGap, double resolvableGapLow, double resolvableGapHigh) {
    }

    /** USCA: the exponential mechanism's sharpness at the horizon. */
    public record UscaForecast(int horizon, Double epsilon, long approximationDraws, int approximationPoints,
            int supportSize, double coverage, long coverageDraws, double supSigmaSq, double sensitivity,
            Double inverseTemperature, double evenOddsGap, double gap, double bestProbabilityAtGap,
            double simpleRegretAtGap, double statisticalSd, double plannedSeconds) {
    }

    /** LINUCB: the tree's noise and the score error at a few horizons. */
    public record LinearForecast(long horizon, int blocks, int blockDimension, long leafRounds, int levels,
            double nodeSigma, double noiseBound, double regularisation, double gap, Long roundsToResolve,
            List<Point> points) {
    }

    /** ONLINEUCB: the reports' noise and the score error after n reports. */
    public record OnlineUcbForecast(long horizon, int dimension, int reportsPerUser, double reportEpsilon,
            double reportDelta, double featureSigma, double rewardSigma, double conditioningStd, String learner,
            double gradientNoise, double gap, Long roundsToResolve, Long usersToResolve, List<NoiseLevel> points) {
    }

    /** GPUCB: the model's noise and the score error at a few horizons. */
    public record GpUcbForecast(String privacyModel, long horizon, int featureDimension, long leafRounds, Integer levels,
            double nodeSigma, double vectorSigma, double noiseBound, String regulariser, double regularisation,
            double gap, Long roundsToResolve, List<Point> points) {
    }

    /** The score error after {@code rounds} learning rounds. */
    public record Point(long rounds, double scoreError) {
    }

    /** ONLINEUCB's errors after {@code rounds} reports. */
    public record NoiseLevel(long rounds, double scoreError, double bonusSpread, double decisionError) {
    }
}

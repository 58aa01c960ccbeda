package io.dpbandit.sdk.onlineucb;

import com.fasterxml.jackson.annotation.JsonTypeName;
import java.util.List;

/**
 * OnlineUCB's forecast in a plan report ({@code io.dpbandit.sdk.PlanReport#forecast(Class)}, under
 * {@code onlineucb}): the reports' noise and the score error after n reports.
 */
@JsonTypeName("onlineucb")
public record OnlineUcbForecast(long horizon, int dimension, int reportsPerUser, double reportEpsilon,
        double reportDelta, double featureSigma, double rewardSigma, double conditioningStd, String learner,
        double gradientNoise, double gap, Long roundsToResolve, Long usersToResolve, List<NoiseLevel> points) {

    /** The errors after {@code rounds} reports. */
    public record NoiseLevel(long rounds, double scoreError, double bonusSpread, double decisionError) {
    }
}

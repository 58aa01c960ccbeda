package io.dpbandit.policy.planning;

/**
 * Thrown when a forecast would take longer than {@link PlannerOptions#maxSeconds()}: a plan draws
 * each epoch's T_r covariance points, so a horizon of 10⁹ takes minutes. Nothing was computed that
 * needs undoing.
 */
public final class ForecastTooLong extends RuntimeException {

    public ForecastTooLong(String message) {
        super(message);
    }
}

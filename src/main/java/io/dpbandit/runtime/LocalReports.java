package io.dpbandit.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * A locally private bandit's side of the device protocol: what a learning decision sends to the
 * device (public randomiser inputs), how a device's report is checked against the server's own
 * parameters before it is stored, and, where an epoch's randomiser plan is published separately
 * (the descriptor's {@code publishesEpochPlans}), that plan.
 */
public interface LocalReports {

    /** The public inputs of the device's randomiser for a learning round of {@code action} under {@code context}. */
    Object randomiserFor(double[] context, int action);

    /**
     * The report as stored (JSON text of the typed report, so only its own fields reach the
     * database) for a learning round of epoch {@code epoch}; 400 if it does not match.
     */
    String check(JsonNode report, int epoch);

    /**
     * An epoch's public randomiser plan, where the algorithm publishes one (404/409 as documented):
     * a record of its device library, which the API document names for the plan's endpoint.
     */
    default Optional<?> epochPlan(int epoch) {
        return Optional.empty();
    }
}

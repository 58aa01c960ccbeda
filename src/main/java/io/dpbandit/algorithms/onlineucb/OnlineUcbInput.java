package io.dpbandit.algorithms.onlineucb;

import io.dpbandit.client.onlineucb.OnlineUcbParameters;
import io.dpbandit.client.onlineucb.OnlineUcbTicket;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * What a locally private (ONLINEUCB) learning decision sends to the user's device, all of it
 * public: dpbandit-client's {@code OnlineUcbRandomiser} turns it and the user's reward into the
 * report the user sends to /feedback. The device derives its noise from {@code parameters} itself.
 *
 * @param features   the chosen action's joint feature vector x (the bandit's feature map of the
 *                   context and the action)
 * @param ticket     the public inputs of the user's step (the OnlineUCB paper, Algorithm 1, lines 8–14)
 * @param parameters the randomiser's public parameters (ε, δ, bounds, release, calibration)
 */
@Schema(description = "ONLINEUCB learning decisions only: the public inputs of the client's randomiser "
        + "(dpbandit-client OnlineUcbRandomiser.randomise(features, ticket, reward, noise)).")
public record OnlineUcbInput(
        @Schema(description = "x: the chosen action's joint feature vector under the bandit's feature map")
        double[] features,
        @Schema(description = "base: learner index (0 unless the combiner is used), echoed in the report; round: "
                + "rounds folded into the snapshot the decision came from (reports and the server's stand-ins for missing "
                + "ones), echoed; theta: the online learner's "
                + "point, where the device evaluates the loss gradient; conditioningStd: Δ of the conditioning "
                + "perturbation added after the privacy noise")
        OnlineUcbTicket ticket,
        @Schema(description = "dimension d, epsilon and delta of each report's (ε, δ)-LDP guarantee, featureBound "
                + "B_x and rewardBound B_y (clipping before noise), gradientBound G, release "
                + "(JOINT_VECTOR: one Gaussian release of (x, y); PAPER_SEPARATE: two, (2ε, 2δ)) and calibration "
                + "(ANALYTIC or CLASSICAL)")
        OnlineUcbParameters parameters) {
}

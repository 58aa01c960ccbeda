package io.dpbandit.algorithms.gpucb;

import io.dpbandit.client.gpucb.GpUcbParameters;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * What a locally private GPUCB learning decision sends to the user's device, all public: the
 * played joint point's quadrature features Φ(w) (the bandit's public feature map of the point the
 * server chose) and the randomiser's parameters. dpbandit-client's {@code GpUcbRandomiser} turns
 * them and the user's reward into the report (noisy ΦΦᵀ and yΦ) the user sends to /feedback.
 */
@Schema(description = "GPUCB with LDP, learning decisions only: the inputs of the client's GpUcbRandomiser.")
public record GpUcbInput(
        @Schema(description = "Φ(w): the played joint point's M quadrature Fourier features") double[] features,
        @Schema(description = "featureDimension M, epsilon, delta, rewardBound Y, calibration: the device derives "
                + "its noise from these") GpUcbParameters parameters) {
}

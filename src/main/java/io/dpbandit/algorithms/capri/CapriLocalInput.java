package io.dpbandit.algorithms.capri;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * What a CAPRI-LDP learning decision sends to the user's device, all public: the epoch whose plan
 * the device randomises with (fetched once per epoch from {@code plan}) and the played action's
 * features. dpbandit-client's {@code CapriRandomiser} turns them, the user's context and reward
 * into the report the user sends to /feedback.
 */
@Schema(description = "CAPRI with LDP, learning decisions only: the inputs of the client's CapriRandomiser.")
public record CapriLocalInput(
        @Schema(description = "the decision's epoch; the report must carry it") int epoch,
        @Schema(description = "where the epoch's public randomiser plan is (GET; cacheable: it never changes)")
        String plan,
        @Schema(description = "the played action's features (w = context ++ these)") double[] actionFeatures) {
}

package io.dpbandit.sdk;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * GET /release's answer: a bandit's latest private release. The fields every algorithm has are
 * typed; the algorithm's own (CAPRI's model with projection points and coefficients, USCA's
 * releases, the sequential models' public model) are in {@link #model()}, {@link #privacy()} and
 * the whole answer {@link #json()}.
 *
 * @param phase   the bandit's phase
 * @param epoch   CAPRI: the released epoch (0 before the first release); null for the others
 * @param privacy how the release was made private (model, composition, mechanism, ...)
 * @param model   the released model (null before CAPRI's first release; absent for USCA)
 * @param json    the whole answer as the service sent it
 */
public record Release(String bandit, Algorithm algorithm, Phase phase, Integer epoch, Budget budget,
        Provenance provenance, JsonNode privacy, JsonNode model, JsonNode json) {

    /** The privacy model the release was made under (JDP or LDP), if it says. */
    public Optional<PrivacyModel> privacyModel() {
        JsonNode m = privacy == null ? null : privacy.get("model");
        return m == null || !m.isTextual() ? Optional.empty() : Optional.of(PrivacyModel.valueOf(m.asText()));
    }
}

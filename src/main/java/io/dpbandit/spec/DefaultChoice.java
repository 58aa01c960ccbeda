package io.dpbandit.spec;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * One option the service chose for a spec that left it out, under the spec's {@link Profile}: the
 * field (as a request would name it), the value chosen and why, in a sentence that names the public
 * facts and the forecasts it compared.
 */
@Schema(description = "An option the spec left out and the service chose under its profile, and why")
public record DefaultChoice(
        @Schema(description = "the field, as a request names it, e.g. privacy.composition") String field,
        @Schema(description = "the value chosen, as the field would take it") String value,
        @Schema(description = "why: the public facts and forecasts compared") String reason) {
}

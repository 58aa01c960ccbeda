package io.dpbandit.sdk;

/**
 * An option a spec left out that the service chose under the spec's profile, and why.
 *
 * @param field  the field as a request names it, e.g. {@code privacy.composition}
 * @param value  the value chosen, as the field takes it
 * @param reason the public facts and forecasts the choice compared
 */
public record DefaultChoice(String field, String value, String reason) {
}

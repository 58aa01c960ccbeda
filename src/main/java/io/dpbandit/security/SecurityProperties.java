package io.dpbandit.security;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * API keys and limits ({@code dpbandit.security.*}), from properties or the environment (a Helm
 * secret in production).
 *
 * @param keys      the API keys, each stored only as the SHA-256 of the key (hex): name, sha256,
 *                  roles (decider, analyst, admin, ops) and optionally the only bandits it may act on
 * @param rateLimit per-key request rate: a token bucket of burst requests refilled at
 *                  per-second; over it a request gets 429 with Retry-After
 * @param devKey    whether the embedded (development) mode makes a development key with every role
 *                  when no keys are configured (kept beside the data directory, so it survives
 *                  restarts); never happens against an external database
 */
@Validated
@ConfigurationProperties(prefix = "dpbandit.security")
public record SecurityProperties(
        @DefaultValue List<@Valid Key> keys,
        @DefaultValue @Valid RateLimit rateLimit,
        @DefaultValue("true") boolean devKey) {

    /** A role name as configured: any case, surrounding blanks ignored. */
    static final String ROLE_NAME = "(?i)\\s*(decider|analyst|admin|ops)\\s*";

    /**
     * @param name    a label for logs and metrics (never the key)
     * @param sha256  hex SHA-256 of the key: printf %s "$KEY" | sha256sum
     * @param roles   decider, analyst, admin, ops
     * @param bandits when non-empty, the only bandits this key may act on
     */
    public record Key(
            @NotBlank String name,
            @NotBlank @Pattern(regexp = "[0-9a-fA-F]{64}", message = "must be 64 hex digits (the SHA-256 of the key)")
            String sha256,
            List<@Pattern(regexp = ROLE_NAME, message = "must be one of decider, analyst, admin, ops") String> roles,
            List<String> bandits) {

        public Key {
            roles = roles == null ? List.of() : List.copyOf(roles);
            bandits = bandits == null ? List.of() : List.copyOf(bandits);
        }

        public Set<Role> roleSet() {
            return roles.stream().map(r -> Role.valueOf(r.trim().toUpperCase(Locale.ROOT))).collect(Collectors.toSet());
        }
    }

    /**
     * A token bucket per key.
     *
     * @param perSecond requests per second a key may make on average
     * @param burst     requests a key may make at once after being idle
     */
    public record RateLimit(@DefaultValue("5000") @Positive double perSecond, @DefaultValue("10000") @Min(1) int burst) {
    }

    public SecurityProperties {
        keys = keys == null ? List.of() : List.copyOf(keys);
    }
}

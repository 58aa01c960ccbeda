package io.dpbandit.security;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * API keys and limits, from properties or the environment (a Helm secret in production).
 *
 * @param keys      the keys, each stored only as the SHA-256 of the key (hex)
 * @param rateLimit per-key request rate: a token bucket of {@code burst} refilled at {@code perSecond}
 * @param devKey    whether the embedded (development) mode generates and prints a key when none is
 *                  configured; never happens against an external database
 */
@ConfigurationProperties(prefix = "dpbandit.security")
public record SecurityProperties(List<Key> keys, RateLimit rateLimit, Boolean devKey) {

    /**
     * @param name    a label for logs and metrics (never the key)
     * @param sha256  hex SHA-256 of the key: `printf %s "$KEY" | sha256sum`
     * @param roles   decider, analyst, admin, ops
     * @param bandits when non-empty, the only bandits this key may act on
     */
    public record Key(String name, String sha256, List<String> roles, List<String> bandits) {
        public Key {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("dpbandit.security.keys[].name is required");
            }
            if (sha256 == null || !sha256.matches("[0-9a-fA-F]{64}")) {
                throw new IllegalArgumentException("dpbandit.security.keys[" + name + "].sha256 must be 64 hex digits");
            }
            roles = roles == null ? List.of() : List.copyOf(roles);
            bandits = bandits == null ? List.of() : List.copyOf(bandits);
        }

        public Set<Role> roleSet() {
            return roles.stream().map(r -> Role.valueOf(r.trim().toUpperCase(Locale.ROOT))).collect(Collectors.toSet());
        }
    }

    /** A token bucket per key. */
    public record RateLimit(Double perSecond, Integer burst) {
        public RateLimit {
            perSecond = perSecond == null ? 5000.0 : perSecond;
            burst = burst == null ? 10_000 : burst;
            if (!(perSecond > 0) || burst < 1) {
                throw new IllegalArgumentException("dpbandit.security.rate-limit: per-second > 0 and burst >= 1");
            }
        }
    }

    public SecurityProperties {
        keys = keys == null ? List.of() : List.copyOf(keys);
        rateLimit = rateLimit == null ? new RateLimit(null, null) : rateLimit;
        devKey = devKey == null || devKey;
    }
}

package io.dpbandit.bandit;

import jakarta.validation.constraints.Pattern;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The secret of the keyed context digests ({@code dpbandit.release.*}; see {@link ReleaseKeys}).
 *
 * @param keySecret secret of the HMAC digests of USCA releases, replayed requestIds and user ids: at
 *                  least 32 characters, or hex: and at least 32 bytes in hex. Required with an
 *                  external database (in Helm from a Secret, as DPBANDIT_RELEASE_KEYSECRET); the
 *                  embedded quick start keeps a generated one in <data-directory>.release-key
 */
@Validated
@ConfigurationProperties(prefix = "dpbandit.release")
public record ReleaseProperties(
        @Pattern(regexp = "|hex:(?:[0-9a-fA-F]{2}){32,}|(?!hex:)(?s).{32,}",
                message = "must be at least 32 characters, or hex: followed by at least 32 bytes in hex digits")
        String keySecret) {

    public ReleaseProperties {
        keySecret = keySecret == null ? "" : keySecret;
    }
}

package io.dpbandit.bandit;

import jakarta.validation.constraints.Pattern;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.ConstructorBinding;
import org.springframework.validation.annotation.Validated;

/**
 * The secrets of the keyed digests ({@code dpbandit.release.*}; see {@link ReleaseKeys}).
 *
 * @param keySecret secret of the HMAC digests of USCA releases, replayed requestIds and user ids: at
 *                  least 32 characters, or hex: and at least 32 bytes in hex. Required with an
 *                  external database (in Helm from a Secret, as DPBANDIT_RELEASE_KEYSECRET); the
 *                  embedded quick start keeps a generated one in <data-directory>.release-key
 * @param previousKeySecrets earlier values of key-secret, each in the same form, kept after a rotation so that
 *                  users' learning rounds and USCA releases digested under them are still found; the
 *                  service refuses to start while rows of a learning bandit were digested under a
 *                  secret that is neither key-secret nor one of these (docs/operations.md, "Rotating the
 *                  digest secret")
 */
@Validated
@ConfigurationProperties(prefix = "dpbandit.release")
public record ReleaseProperties(
        @Pattern(regexp = SECRET_OR_EMPTY, message = SECRET_MESSAGE)
        String keySecret,
        List<@Pattern(regexp = SECRET, message = SECRET_MESSAGE) String> previousKeySecrets) {

    /** A secret: at least 32 characters, or hex: and at least 32 bytes in hex digits. */
    static final String SECRET = "hex:(?:[0-9a-fA-F]{2}){32,}|(?!hex:)(?s).{32,}";
    static final String SECRET_OR_EMPTY = "|" + SECRET;
    static final String SECRET_MESSAGE = "must be at least 32 characters, or hex: followed by at least 32 bytes in "
            + "hex digits";

    @ConstructorBinding
    public ReleaseProperties {
        keySecret = keySecret == null ? "" : keySecret;
        previousKeySecrets = previousKeySecrets == null ? List.of() : List.copyOf(previousKeySecrets);
    }

    /** A secret and no previous one. */
    public ReleaseProperties(String keySecret) {
        this(keySecret, List.of());
    }
}

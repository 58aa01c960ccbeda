package io.dpbandit.bandit;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.util.StringUtils;

/**
 * The keyed digest of a context: HMAC-SHA256 of its exact bits under a server-side secret. USCA
 * releases are stored under it, and a decision with a requestId keeps it (for its replay window) to
 * recognise a replay with another context. Without the secret a digest cannot be recomputed from a
 * guessed context (an unsalted hash could: pool contexts and low-entropy contexts fall to a
 * dictionary), so the secret never sits in the database the digests are in:
 * <ul>
 *   <li>{@code dpbandit.release.key-secret} (at least 32 characters; {@code hex:}-prefixed for raw
 *       bytes; in Helm a Secret) is required whenever the service runs on an external database: it
 *       refuses to start without one;</li>
 *   <li>the embedded quick start generates one and keeps it in a file next to its data directory
 *       ({@code <data-directory>.release-key}, owner-only), so keys stay stable across restarts; a
 *       temporary cluster gets a fresh one in memory.</li>
 * </ul>
 */
@Component
public class ReleaseKeys {

    private static final Logger log = LoggerFactory.getLogger(ReleaseKeys.class);

    private final byte[] secret;

    public ReleaseKeys(ReleaseProperties properties, DatabaseMode database) {
        if (StringUtils.hasText(properties.keySecret())) {
            this.secret = decode(properties.keySecret());
        } else if (database.isExternal()) {
            throw new IllegalStateException("dpbandit.release.key-secret (at least 32 characters, e.g. from a "
                    + "Kubernetes Secret as DPBANDIT_RELEASE_KEYSECRET) is required with an external database: the "
                    + "secret of the context digests must not sit in the database they are stored in. If an earlier "
                    + "version generated one, it is still in the table service_secret: configure the output of "
                    + "SELECT 'hex:' || encode(value, 'hex') FROM service_secret WHERE name = 'release-key' to keep "
                    + "existing USCA release keys (the table is dropped once a secret is configured).");
        } else {
            // The quick start's secret: in a file next to its data directory, or in memory for a temporary cluster.
            DatabaseMode.LocalSecret kept = database.keptSecret("release-key", () -> {
                byte[] fresh = new byte[32];
                new SecureRandom().nextBytes(fresh);
                return HexFormat.of().formatHex(fresh);
            });
            if (kept.created() && kept.file().isPresent()) {
                log.info("Generated the context-digest secret of the embedded quick start in {}", kept.file().get());
            }
            this.secret = HexFormat.of().parseHex(kept.value());
        }
    }

    static byte[] decode(String configured) {
        byte[] bytes = configured.startsWith("hex:") ? HexFormat.of().parseHex(configured.substring(4))
                : configured.getBytes(StandardCharsets.UTF_8);
        if (bytes.length < 32) {
            throw new IllegalArgumentException("dpbandit.release.key-secret must be at least 32 characters (or 32 "
                    + "bytes as hex:...)");
        }
        return bytes;
    }

    /**
     * HMAC-SHA256 of a caller's user id (privacy.unit USER), hex, in its own domain (the bytes are
     * prefixed so that no user id and context can share a digest). Only this is stored, to count
     * the user's learning rounds; without the secret it cannot be recomputed from a guessed id.
     */
    public String keyOfUser(String user) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            mac.update("dpbandit-user:".getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(mac.doFinal(user.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** HMAC-SHA256 of the context (−0.0 counts as 0.0), hex. */
    public String keyOf(double[] context) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(bits(context)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The unsalted SHA-256 key of releases stored before HMAC keys; used only to re-key them. */
    public static String legacyKeyOf(double[] context) {
        try {
            StringBuilder sb = new StringBuilder();
            for (double v : context) {
                sb.append(Long.toHexString(Double.doubleToLongBits(v == 0.0 ? 0.0 : v))).append(',');
            }
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(sb.toString().getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] bits(double[] context) {
        ByteBuffer buffer = ByteBuffer.allocate(4 + 8 * context.length);
        buffer.putInt(context.length);
        for (double v : context) {
            buffer.putLong(Double.doubleToLongBits(v == 0.0 ? 0.0 : v));
        }
        return buffer.array();
    }
}

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
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.util.StringUtils;

/**
 * The key a USCA release is stored under: HMAC-SHA256 of the context's exact bits under a
 * server-side secret. Without the secret, a key cannot be recomputed from a guessed context (an
 * unsalted hash could: pool contexts and low-entropy contexts fall to a dictionary).
 *
 * <p>The secret is {@code dpbandit.release.key-secret} (at least 32 characters; in Helm a
 * Secret). When none is configured the service generates 32 random bytes once and keeps them in
 * the {@code service_secret} table, so keys stay stable across restarts and replicas; that protects
 * against anyone who sees a key but not the database, and the log says to configure one.
 */
@Component
public class ReleaseKeys {

    private static final Logger log = LoggerFactory.getLogger(ReleaseKeys.class);
    private static final String SECRET_NAME = "release-key";

    private final byte[] secret;

    public ReleaseKeys(@Value("${dpbandit.release.key-secret:}") String configured, JdbcTemplate jdbc) {
        if (StringUtils.hasText(configured)) {
            if (configured.length() < 32) {
                throw new IllegalArgumentException("dpbandit.release.key-secret must be at least 32 characters");
            }
            this.secret = configured.getBytes(StandardCharsets.UTF_8);
        } else {
            byte[] fresh = new byte[32];
            new SecureRandom().nextBytes(fresh);
            jdbc.update("INSERT INTO service_secret (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                    SECRET_NAME, fresh);
            this.secret = jdbc.queryForObject("SELECT value FROM service_secret WHERE name = ?", byte[].class,
                    SECRET_NAME);
            log.warn("No dpbandit.release.key-secret configured: USCA release keys use a secret generated and "
                    + "stored in the database; configure one (a Secret in Helm) so that database readers cannot "
                    + "recompute them");
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

package io.dpbandit.bandit;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 * A rotation keeps the earlier secrets in {@code dpbandit.release.previous-key-secrets}: new digests
 * are made under the current secret only, and every lookup tries all of them ({@link #userDigests},
 * {@link #keysOf}, {@link #isKeyOf}), so that a user's learning rounds, a USCA release and a replay
 * made before the rotation are still found. Each secret is named by a public key id
 * ({@link DigestKey}); io.dpbandit.config.DigestSecretRotationGuard refuses to start while rows a
 * bandit still needs are keyed under a secret that is not configured.
 */
@Component
public class ReleaseKeys {

    private static final Logger log = LoggerFactory.getLogger(ReleaseKeys.class);

    private final DigestKey current;
    /** The previous secrets, in configuration order, without the current one or repeats. */
    private final List<DigestKey> previous;

    public ReleaseKeys(ReleaseProperties properties, DatabaseMode database) {
        this.current = new DigestKey(currentSecret(properties, database));
        Map<String, DigestKey> others = new LinkedHashMap<>();
        for (String configured : properties.previousKeySecrets()) {
            DigestKey key = new DigestKey(decode(configured));
            if (!key.keyId().equals(current.keyId())) {
                others.putIfAbsent(key.keyId(), key);
            }
        }
        this.previous = List.copyOf(others.values());
    }

    private static byte[] currentSecret(ReleaseProperties properties, DatabaseMode database) {
        if (StringUtils.hasText(properties.keySecret())) {
            return decode(properties.keySecret());
        } else if (database.isExternal()) {
            throw new IllegalStateException("dpbandit.release.key-secret (at least 32 characters, e.g. from a "
                    + "Kubernetes Secret as DPBANDIT_RELEASE_KEYSECRET) is required with an external database: the "
                    + "secret of the context digests must not sit in the database they are stored in. If an earlier "
                    + "version generated one, it is still in the table service_secret: configure the output of "
                    + "SELECT 'hex:' || encode(value, 'hex') FROM service_secret WHERE name = 'release-key' to keep "
                    + "existing per-context release keys (the table is dropped once a secret is configured).");
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
            return HexFormat.of().parseHex(kept.value());
        }
    }

    static byte[] decode(String configured) {
        byte[] bytes = configured.startsWith("hex:") ? HexFormat.of().parseHex(configured.substring(4))
                : configured.getBytes(StandardCharsets.UTF_8);
        if (bytes.length < 32) {
            throw new IllegalArgumentException("dpbandit.release.key-secret and each of "
                    + "dpbandit.release.previous-key-secrets must be at least 32 characters (or 32 bytes as hex:...)");
        }
        return bytes;
    }

    /** The key id of the current secret, which every new digest is made under. */
    public String currentKeyId() {
        return current.keyId();
    }

    /** The key ids of the previous secrets still configured, in configuration order. */
    public List<String> previousKeyIds() {
        return previous.stream().map(DigestKey::keyId).toList();
    }

    /**
     * A caller's user id (privacy.unit USER) as HMAC-SHA256 digests, hex, in their own domain (the
     * bytes are prefixed so that no user id and context can share a digest), of the id's NFC form
     * ({@link UserIds#canonical}) under the current secret, which new rounds are counted under, and
     * the others a user's earlier rounds may be counted under: the NFC form under each previous
     * secret and, for an id that is not in NFC, the id as sent under every secret (versions before
     * V15 digested the id as sent, so a product that always sent one decomposed spelling keeps its
     * users' counts). Only digests are stored; without the secret one cannot be recomputed from a
     * guessed id.
     */
    public UserDigests userDigests(String user) {
        String nfc = UserIds.canonical(user);
        byte[] id = nfc.getBytes(StandardCharsets.UTF_8);
        byte[] sent = nfc.equals(user) ? null : user.getBytes(StandardCharsets.UTF_8);
        String digest = userDigest(current, id);
        Set<String> others = new LinkedHashSet<>();
        if (sent != null) {
            others.add(userDigest(current, sent));
        }
        for (DigestKey k : previous) {
            others.add(userDigest(k, id));
            if (sent != null) {
                others.add(userDigest(k, sent));
            }
        }
        others.remove(digest);
        return new UserDigests(current.keyId(), digest, List.copyOf(others));
    }

    private static String userDigest(DigestKey key, byte[] id) {
        return key.hmac(USER_DOMAIN, id);
    }

    private static final byte[] USER_DOMAIN = "dpbandit-user:".getBytes(StandardCharsets.UTF_8);

    /** HMAC-SHA256 of the context (−0.0 counts as 0.0) under the current secret, hex. */
    public String keyOf(double[] context) {
        return current.hmac(bits(context));
    }

    /** The context's digests under the current secret (first) and each previous one. */
    public List<String> keysOf(double[] context) {
        byte[] bits = bits(context);
        List<String> keys = new ArrayList<>();
        keys.add(current.hmac(bits));
        previous.forEach(k -> keys.add(k.hmac(bits)));
        return keys;
    }

    /** Whether a stored digest is this context's under any configured secret (a replay across a rotation). */
    public boolean isKeyOf(String digest, double[] context) {
        return keysOf(context).contains(digest);
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

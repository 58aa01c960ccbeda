package io.dpbandit.security;

import io.dpbandit.bandit.DatabaseMode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The configured keys, held only as SHA-256 hashes. A presented key is hashed and looked up by its
 * hash in a hash map: one lookup whatever the number of keys. What the lookup's timing could reveal
 * is how the presented key's SHA-256 compares with stored hashes, which says nothing about any key
 * (finding a key from its hash's prefix is a preimage search); no comparison ever touches the
 * presented key itself.
 */
@Component
public class ApiKeys {

    private static final Logger log = LoggerFactory.getLogger(ApiKeys.class);

    private record Entry(byte[] hash, ApiPrincipal principal) {
    }

    private final List<Entry> entries = new ArrayList<>();
    /** The same, by hash (hex); a hash configured twice is the last key's, as the list's order says. */
    private final java.util.Map<String, ApiPrincipal> byHash;
    /** A SHA-256 instance per thread: MessageDigest.getInstance looks the provider up at each call. */
    private static final ThreadLocal<MessageDigest> SHA256 = ThreadLocal.withInitial(() -> {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    });

    public ApiKeys(SecurityProperties properties, DatabaseMode database) {
        for (SecurityProperties.Key k : properties.keys()) {
            entries.add(new Entry(HexFormat.of().parseHex(k.sha256().toLowerCase(java.util.Locale.ROOT)),
                    new ApiPrincipal(k.name(), k.roleSet(), k.bandits())));
        }
        if (entries.isEmpty() && database.isEmbedded() && properties.devKey()) {
            // Development only (embedded database, no keys configured): kept beside the data
            // directory, so the analyst page's stored key and scripts keep working across restarts,
            // and printed so the quick start works with one command. Against an external database
            // this never happens.
            DatabaseMode.LocalSecret key = database.keptSecret(DEVELOPMENT_KEY_FILE, ApiKeys::newDevelopmentKey);
            entries.add(new Entry(sha256(key.value()), new ApiPrincipal("development", EnumSet.allOf(Role.class),
                    List.of())));
            String where = key.file().map(f -> (key.created() ? "new, kept in " : "kept in ") + f
                    + " across restarts").orElse("temporary data, so a new key at every start");
            log.warn("Development API key (embedded mode, all roles, {}; configure dpbandit.security.keys for real "
                    + "use): {}", where, key.value());
        } else if (entries.isEmpty()) {
            log.warn("No API keys configured (dpbandit.security.keys): every protected endpoint answers 401");
        }
        java.util.Map<String, ApiPrincipal> map = new java.util.HashMap<>();
        for (Entry e : entries) {
            map.put(HexFormat.of().formatHex(e.hash()), e.principal());
        }
        byHash = java.util.Map.copyOf(map);
    }

    /** The name of the development key's file beside the data directory: {@code <data-directory>.dev-key}. */
    public static final String DEVELOPMENT_KEY_FILE = "dev-key";

    /** 24 random bytes, URL-safe base64, after a prefix that says what it is. */
    static String newDevelopmentKey() {
        byte[] raw = new byte[24];
        new SecureRandom().nextBytes(raw);
        return "dpb_dev_" + Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
    }

    /** The principal of a presented key, if it is one of the configured keys. */
    public Optional<ApiPrincipal> authenticate(String presented) {
        if (presented == null || presented.isEmpty() || presented.length() > 512) {
            return Optional.empty();
        }
        return Optional.ofNullable(byHash.get(HexFormat.of().formatHex(sha256(presented))));
    }

    public static byte[] sha256(String key) {
        MessageDigest digest = SHA256.get();
        digest.reset();
        return digest.digest(key.getBytes(StandardCharsets.UTF_8));
    }
}

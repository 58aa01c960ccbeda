package io.dpbandit.security;

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
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;
import org.springframework.util.StringUtils;

/**
 * The configured keys, held only as SHA-256 hashes. A presented key is hashed and compared with
 * every stored hash by {@link MessageDigest#isEqual} (constant time), without stopping at a match,
 * so the time taken says nothing about which key, if any, was close.
 */
@Component
public class ApiKeys {

    private static final Logger log = LoggerFactory.getLogger(ApiKeys.class);

    private record Entry(byte[] hash, ApiPrincipal principal) {
    }

    private final List<Entry> entries = new ArrayList<>();

    public ApiKeys(SecurityProperties properties, Environment env) {
        for (SecurityProperties.Key k : properties.keys()) {
            entries.add(new Entry(HexFormat.of().parseHex(k.sha256().toLowerCase(java.util.Locale.ROOT)),
                    new ApiPrincipal(k.name(), k.roleSet(), k.bandits())));
        }
        boolean embedded = !StringUtils.hasText(env.getProperty("spring.datasource.url"))
                && env.getProperty("dpbandit.embedded-postgres.enabled", Boolean.class, true);
        if (entries.isEmpty() && embedded && properties.devKey()) {
            byte[] raw = new byte[24];
            new SecureRandom().nextBytes(raw);
            String key = "dpb_dev_" + Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
            entries.add(new Entry(sha256(key), new ApiPrincipal("development", EnumSet.allOf(Role.class), List.of())));
            // Development only (embedded database, no keys configured): print the key so the quick
            // start works with one command. Against an external database this never happens.
            log.warn("Development API key (embedded mode, all roles; configure dpbandit.security.keys for real "
                    + "use): {}", key);
        } else if (entries.isEmpty()) {
            log.warn("No API keys configured (dpbandit.security.keys): every protected endpoint answers 401");
        }
    }

    /** The principal of a presented key, if it is one of the configured keys. */
    public Optional<ApiPrincipal> authenticate(String presented) {
        if (presented == null || presented.isEmpty() || presented.length() > 512) {
            return Optional.empty();
        }
        byte[] hash = sha256(presented);
        ApiPrincipal found = null;
        for (Entry e : entries) {
            if (MessageDigest.isEqual(e.hash(), hash)) {
                found = e.principal();
            }
        }
        return Optional.ofNullable(found);
    }

    public static byte[] sha256(String key) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}

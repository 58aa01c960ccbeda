package io.dpbandit.config;

import io.dpbandit.bandit.ReleaseKeys;
import io.dpbandit.store.DigestKeyUsage;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.stereotype.Component;

/**
 * Refuses to start an instance whose digest secrets would silently orphan rows a bandit still
 * needs. Users' learning-round counters (privacy.unit USER) and USCA releases are stored under
 * HMAC digests (io.dpbandit.bandit.ReleaseKeys); an instance configured without the secret that
 * keyed them finds none of them, so every user of a learning bandit would get maxRoundsPerUser
 * fresh learning rounds (the user-level guarantee, docs/algorithms.md, would no longer hold) and
 * every USCA context would be released and charged again. Each such row carries its secret's key id
 * (V15), and this check, run once the schema is migrated and before the instance serves, compares
 * the key ids that still-needed rows are under ({@link DigestKeyUsage#neededKeys}) with
 * {@code dpbandit.release.key-secret} and {@code dpbandit.release.previous-key-secrets}:
 * <ul>
 *   <li>rows of a bandit that still needs them under a key id that is not configured stop the
 *       start with what to do ({@link DigestSecretRotationRefused}), before anything is labelled;</li>
 *   <li>with no previous secrets, rows not labelled yet (from before V15) are then labelled with the
 *       current key id: the upgrade to V15 keeps the secret (docs/operations.md); with a rotation
 *       configured, unlabelled rows a bandit still needs stop the start, since it cannot tell
 *       which of its secrets made them;</li>
 *   <li>otherwise it logs each configured secret's key id, and which previous ones no bandit needs
 *       any more (they can be removed).</li>
 * </ul>
 * Replay digests of decisions (kept for dpbandit.lifecycle.replay-window-seconds) are not checked:
 * without their secret a retry is answered 409, which the caller sees, and costs neither privacy
 * nor budget.
 */
@Component
public class DigestSecretRotationGuard implements InitializingBean {

    private static final Logger log = LoggerFactory.getLogger(DigestSecretRotationGuard.class);

    private final ReleaseKeys keys;
    private final DigestKeyUsage usage;

    public DigestSecretRotationGuard(ReleaseKeys keys, DigestKeyUsage usage) {
        this.keys = keys;
        this.usage = usage;
    }

    @Override
    public void afterPropertiesSet() {
        check();
    }

    /** Checks, labels and logs as the class comment says; throws when the start must be refused. */
    void check() {
        String current = keys.currentKeyId();
        List<String> previous = keys.previousKeyIds();
        Map<String, Set<String>> needed = usage.neededKeys();
        Set<String> configured = new LinkedHashSet<>();
        configured.add(current);
        configured.addAll(previous);
        // First the labelled rows: a key id that is not configured refuses the start before anything
        // is labelled, so rows of an earlier version are never labelled with a secret that replaced theirs.
        Set<String> unknown = new TreeSet<>();
        needed.keySet().stream().filter(k -> k != null && !configured.contains(k)).forEach(unknown::add);
        if (!unknown.isEmpty()) {
            Set<String> bandits = new TreeSet<>();
            unknown.forEach(k -> bandits.addAll(needed.get(k)));
            throw new DigestSecretRotationRefused("dpbandit.release.key-secret has changed and the secret before it is "
                    + "not in dpbandit.release.previous-key-secrets. The bandits " + some(bandits) + " count their "
                    + "users' learning rounds (or keep per-context releases) under digests made with the secret of key id "
                    + String.join(", ", unknown) + ", which is neither key-secret (key id " + current + ") nor a "
                    + "previous secret (" + (previous.isEmpty() ? "none is configured" : "key ids " + previous) + "); "
                    + "without it every user of those bandits would get maxRoundsPerUser learning rounds afresh (and "
                    + "each released context would be released and charged again). This instance stopped before serving.",
                    "Add that secret to dpbandit.release.previous-key-secrets (e.g. DPBANDIT_RELEASE_PREVIOUSKEYSECRETS_0) "
                    + "and start again; it can be removed once no bandit that still learns needs it, which the service "
                    + "logs. If it is lost, those bandits cannot bound their users' rounds any more: retire them "
                    + "(docs/operations.md, \"Rotating the digest secret\").");
        }
        Set<String> unlabelled = needed.getOrDefault(null, Set.of());
        if (previous.isEmpty()) {
            int labelled = usage.label(current);
            if (labelled > 0) {
                log.info("Labelled {} users' round counters and per-context releases from before digest key ids with the "
                        + "key id of dpbandit.release.key-secret, {}", labelled, current);
            }
        } else if (!unlabelled.isEmpty()) {
            throw new DigestSecretRotationRefused("the bandits " + some(unlabelled) + " have users' round counters or "
                    + "per-context releases from before digest key ids (V15), and with dpbandit.release.previous-key-secrets "
                    + "set this instance cannot tell which of its secrets made them. This instance stopped before "
                    + "serving.",
                    "Start one instance once with the secret that was current before the upgrade as "
                    + "dpbandit.release.key-secret and no previous-key-secrets (it labels them), then rotate "
                    + "(docs/operations.md, \"Rotating the digest secret\").");
        }
        log.info("Digest secrets: dpbandit.release.key-secret has key id {}{}", current,
                previous.isEmpty() ? "" : "; dpbandit.release.previous-key-secrets have key ids " + previous);
        List<String> unneeded = new ArrayList<>();
        for (String p : previous) {
            if (needed.containsKey(p)) {
                log.info("The previous digest secret of key id {} is still needed by the bandits {}", p,
                        some(needed.get(p)));
            } else {
                unneeded.add(p);
            }
        }
        if (!unneeded.isEmpty()) {
            log.info("No bandit that still learns or releases needs the previous digest secrets of key ids {}: they "
                    + "can be removed from dpbandit.release.previous-key-secrets once dpbandit.lifecycle."
                    + "replay-window-seconds has passed since the rotation", unneeded);
        }
    }

    /** At most the first 20 ids, then how many more. */
    static String some(Set<String> ids) {
        return ids.size() <= 20 ? ids.toString()
                : ids.stream().limit(20).toList().toString().replace("]", ", and " + (ids.size() - 20) + " more]");
    }
}

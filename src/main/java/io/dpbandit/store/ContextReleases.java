package io.dpbandit.store;

import io.dpbandit.bandit.ReleaseKeys;
import io.dpbandit.runtime.ReleaseContext.StoredRelease;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * USCA's per-context releases ({@code context_release}) under their HMAC keys: the key a context is
 * stored under, the lookup under the current or a previous digest secret with the re-keying of a
 * release found under an earlier one, and the bandit row lock that a charged release is stored under.
 */
@Repository
public class ContextReleases {

    private final ContextReleaseRepository stored;
    private final ReleaseKeys keys;
    private final JdbcTemplate jdbc;

    public ContextReleases(ContextReleaseRepository stored, ReleaseKeys keys, JdbcTemplate jdbc) {
        this.stored = stored;
        this.keys = keys;
        this.jdbc = jdbc;
    }

    /** The HMAC key a context's release is stored under. */
    public String keyOf(double[] context) {
        return keys.keyOf(context);
    }

    /** Locks the bandit's row until the transaction ends: a release is charged and stored under it. */
    public void lockBandit(String banditId) {
        jdbc.queryForList("SELECT id FROM bandit WHERE id = ? FOR UPDATE", String.class, banditId);
    }

    /** A bandit's stored releases, in ledger order. */
    public List<StoredRelease> releases(String banditId) {
        return stored.findByBanditIdOrderByLedgerIdAsc(banditId).stream().map(ContextReleases::value).toList();
    }

    /** Stores a release under its key (under the current secret) with the ledger entry that paid for it. */
    public void store(String banditId, String key, int action, long ledgerId) {
        stored.saveAndFlush(new ContextReleaseEntity(banditId, key, keys.currentKeyId(), action, ledgerId));
    }

    /**
     * The release stored for a context, if any, looked up in one statement under every key it may
     * be stored under: {@code key} (the current secret's), the context's HMAC under each secret of
     * {@code dpbandit.release.previous-key-secrets} (a release made before a rotation), and the
     * unsalted SHA-256 key of releases stored before HMAC keys (V3). One found under another key is
     * moved to the current one on the spot, as releases under the legacy key always were; a
     * release is found, and so served free, whichever secret it was made under while that secret
     * is configured (io.dpbandit.config.DigestSecretRotationGuard refuses to start without it).
     */
    public Optional<StoredRelease> find(String banditId, String key, double[] context) {
        String legacy = ReleaseKeys.legacyKeyOf(context);
        List<String> candidates = new ArrayList<>(keys.keysOf(context));
        candidates.add(legacy);
        List<ContextReleaseEntity> found = stored.findByBanditIdAndContextKeyIn(banditId, candidates).stream()
                .filter(r -> !r.getContextKey().equals(legacy) || r.getKeyScheme().equals("SHA256"))
                .toList();
        Optional<ContextReleaseEntity> current = found.stream().filter(r -> r.getContextKey().equals(key)).findFirst();
        if (current.isPresent() || found.isEmpty()) {
            return current.map(ContextReleases::value);
        }
        ContextReleaseEntity earlier = found.get(0);
        rekey(banditId, earlier.getContextKey(), key);
        return Optional.of(value(earlier));
    }

    /**
     * Moves a release to the current key: one UPDATE of its primary key, so that two requests moving
     * the same release at once cannot both move it (the second finds the old key gone and moves
     * nothing), and a move races no insert (a new release is stored only under the bandit's row lock,
     * after a lookup that would have found this one).
     */
    private void rekey(String banditId, String from, String to) {
        jdbc.update("UPDATE context_release SET context_key = ?, key_scheme = 'HMAC_SHA256', key_id = ? "
                + "WHERE bandit_id = ? AND context_key = ?", to, keys.currentKeyId(), banditId, from);
    }

    private static StoredRelease value(ContextReleaseEntity entity) {
        return new StoredRelease(entity.getActionIndex(), entity.getLedgerId(), entity.getCreatedAt());
    }
}

package io.dpbandit.runtime;

import io.dpbandit.bandit.ReleaseKeys;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.ledger.LedgerCharges;
import io.dpbandit.store.ContextReleaseEntity;
import io.dpbandit.store.ContextReleaseRepository;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * What a runtime's releases work with: the ledger, USCA's stored per-context releases under their
 * HMAC keys (found under the current or a previous digest secret), the production noise and
 * transactions. A charged release locks its bandit's row
 * first, so two releases never both see the same remaining budget, and commits the charge and the
 * release together ({@link #charged}).
 */
@Component
public class ReleaseContext {

    private final LedgerCharges charges;
    private final ContextReleaseRepository stored;
    private final ReleaseKeys keys;
    private final TransactionTemplate tx;
    private final NoiseSource noise;
    private final JdbcTemplate jdbc;

    public ReleaseContext(LedgerCharges charges, ContextReleaseRepository stored, ReleaseKeys keys, TransactionTemplate tx,
            NoiseSource noise, JdbcTemplate jdbc) {
        this.charges = charges;
        this.stored = stored;
        this.keys = keys;
        this.tx = tx;
        this.noise = noise;
        this.jdbc = jdbc;
    }

    /** Charges a release (inside {@link #charged}); returns the ledger entry's id. */
    public long charge(String banditId, EpochProcess.Charge charge) {
        return charges.charge(banditId, charge);
    }

    public NoiseSource noise() {
        return noise;
    }

    /** The HMAC key a context's release is stored under. */
    public String keyOf(double[] context) {
        return keys.keyOf(context);
    }

    /** A bandit's stored releases, in ledger order. */
    public List<ContextReleaseEntity> releases(String banditId) {
        return stored.findByBanditIdOrderByLedgerIdAsc(banditId);
    }

    /**
     * Runs {@code release} in one transaction holding the bandit's row lock, so that the ledger charge
     * it makes and the release it stores commit together and no other release sees the same budget.
     */
    public <T> T charged(String banditId, Supplier<T> release) {
        return tx.execute(s -> {
            jdbc.queryForList("SELECT id FROM bandit WHERE id = ? FOR UPDATE", String.class, banditId);
            return release.get();
        });
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
    public Optional<ContextReleaseEntity> find(String banditId, String key, double[] context) {
        String legacy = ReleaseKeys.legacyKeyOf(context);
        List<String> candidates = new ArrayList<>(keys.keysOf(context));
        candidates.add(legacy);
        List<ContextReleaseEntity> found = stored.findByBanditIdAndContextKeyIn(banditId, candidates).stream()
                .filter(r -> !r.getContextKey().equals(legacy) || r.getKeyScheme().equals("SHA256"))
                .toList();
        Optional<ContextReleaseEntity> current = found.stream().filter(r -> r.getContextKey().equals(key)).findFirst();
        if (current.isPresent() || found.isEmpty()) {
            return current;
        }
        ContextReleaseEntity earlier = found.get(0);
        rekey(banditId, earlier.getContextKey(), key);
        return Optional.of(earlier);
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
}

package io.dpbandit.runtime;

import io.dpbandit.bandit.ReleaseKeys;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.ledger.Ledger;
import io.dpbandit.store.ContextReleaseEntity;
import io.dpbandit.store.ContextReleaseRepository;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * What a runtime's releases work with: the ledger, USCA's stored per-context releases under their
 * HMAC keys, the production noise and transactions. A charged release locks its bandit's row
 * first, so two releases never both see the same remaining budget, and commits the charge and the
 * release together ({@link #charged}).
 */
@Component
public class ReleaseContext {

    private final Ledger ledger;
    private final ContextReleaseRepository stored;
    private final ReleaseKeys keys;
    private final TransactionTemplate tx;
    private final NoiseSource noise;
    private final JdbcTemplate jdbc;

    public ReleaseContext(Ledger ledger, ContextReleaseRepository stored, ReleaseKeys keys, TransactionTemplate tx,
            NoiseSource noise, JdbcTemplate jdbc) {
        this.ledger = ledger;
        this.stored = stored;
        this.keys = keys;
        this.tx = tx;
        this.noise = noise;
        this.jdbc = jdbc;
    }

    public Ledger ledger() {
        return ledger;
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

    /** Stores a release under its key with the ledger entry that paid for it. */
    public void store(String banditId, String key, int action, long ledgerId) {
        stored.saveAndFlush(new ContextReleaseEntity(banditId, key, action, ledgerId));
    }

    /**
     * The release stored for a context, if any. One stored before HMAC keys (under the unsalted
     * SHA-256 key) is found too and re-keyed on the spot (a JPA update of its entity).
     */
    public Optional<ContextReleaseEntity> find(String banditId, String key, double[] context) {
        var found = stored.findByBanditIdAndContextKey(banditId, key);
        if (found.isPresent()) {
            return found;
        }
        var legacy = stored.findByBanditIdAndContextKey(banditId, ReleaseKeys.legacyKeyOf(context))
                .filter(r -> r.getKeyScheme().equals("SHA256"));
        legacy.ifPresent(r -> rekey(r, key));
        return legacy;
    }

    private void rekey(ContextReleaseEntity legacy, String key) {
        // The primary key changes: the legacy row goes and the same release comes back under its key.
        tx.executeWithoutResult(s -> {
            stored.delete(legacy);
            stored.flush();
            stored.saveAndFlush(legacy.rekeyed(key));
        });
    }
}

package io.dpbandit.bandit.runtime;

import io.dpbandit.bandit.Ledger;
import io.dpbandit.bandit.ReleaseKeys;
import io.dpbandit.bandit.store.ContextReleaseEntity;
import io.dpbandit.bandit.store.ContextReleaseRepository;
import io.dpbandit.client.privacy.NoiseSource;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * What a runtime's releases work with: the ledger, USCA's stored per-context releases under their
 * HMAC keys, the production noise and transactions. A charged release locks its bandit's row first,
 * so two releases never both see the same remaining budget, and commits the charge and the release
 * together.
 */
@Component
public class Releases {

    final Ledger ledger;
    final ContextReleaseRepository stored;
    final ReleaseKeys keys;
    final TransactionTemplate tx;
    final NoiseSource noise;
    private final JdbcTemplate jdbc;

    public Releases(Ledger ledger, ContextReleaseRepository stored, ReleaseKeys keys, TransactionTemplate tx,
            NoiseSource noise, JdbcTemplate jdbc) {
        this.ledger = ledger;
        this.stored = stored;
        this.keys = keys;
        this.tx = tx;
        this.noise = noise;
        this.jdbc = jdbc;
    }

    /** A private decision for a context, and what it cost. */
    public record ContextRelease(String bandit, String action, boolean charged, double epsilon) {
    }

    /** Takes the bandit's row lock for the rest of the transaction. */
    void lockBandit(String banditId) {
        jdbc.queryForList("SELECT id FROM bandit WHERE id = ? FOR UPDATE", String.class, banditId);
    }

    /**
     * The release stored for a context, if any. One stored before HMAC keys (under the unsalted
     * SHA-256 key) is found too and re-keyed on the spot.
     */
    Optional<ContextReleaseEntity> find(String banditId, String key, double[] context) {
        var found = stored.findByBanditIdAndContextKey(banditId, key);
        if (found.isPresent()) {
            return found;
        }
        var legacy = stored.findByBanditIdAndContextKey(banditId, ReleaseKeys.legacyKeyOf(context))
                .filter(r -> r.getKeyScheme().equals("SHA256"));
        legacy.ifPresent(r -> jdbc.update("UPDATE context_release SET context_key = ?, key_scheme = 'HMAC_SHA256' "
                + "WHERE bandit_id = ? AND context_key = ?", key, banditId, r.getContextKey()));
        return legacy;
    }
}

package io.dpbandit.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.PrePersist;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;

/**
 * A USCA release for one context, stored under the context's HMAC key (never the context) with the
 * key id of the secret it is under, so the same context is served again for free. Inserted with the
 * ledger entry that paid for it.
 */
@Entity
@Table(name = "context_release")
@IdClass(ContextReleaseEntity.Key.class)
public class ContextReleaseEntity {

    /** (bandit, context key). */
    public record Key(String banditId, String contextKey) implements Serializable {
        public Key() {
            this(null, null);
        }
    }

    @Id
    @Column(name = "bandit_id")
    private String banditId;

    @Id
    @Column(name = "context_key")
    private String contextKey;

    @Column(name = "action_index", nullable = false)
    private int actionIndex;

    @Column(name = "ledger_id", nullable = false)
    private long ledgerId;

    @Column(name = "key_scheme", nullable = false)
    private String keyScheme;

    /** Which secret the HMAC key is under (io.dpbandit.bandit.DigestKey's key id); null before V15 labelled it. */
    @Column(name = "key_id")
    private String keyId;

    @Column(name = "created_at", nullable = false, updatable = false)
    private Instant createdAt;

    protected ContextReleaseEntity() {
    }

    public ContextReleaseEntity(String banditId, String contextKey, String keyId, int actionIndex, long ledgerId) {
        this.banditId = banditId;
        this.contextKey = contextKey;
        this.keyId = keyId;
        this.actionIndex = actionIndex;
        this.ledgerId = ledgerId;
        this.keyScheme = "HMAC_SHA256";
    }

    public String getBanditId() {
        return banditId;
    }

    public String getContextKey() {
        return contextKey;
    }

    public int getActionIndex() {
        return actionIndex;
    }

    public long getLedgerId() {
        return ledgerId;
    }

    public String getKeyScheme() {
        return keyScheme;
    }

    public String getKeyId() {
        return keyId;
    }

    public Instant getCreatedAt() {
        return createdAt;
    }

    @PrePersist
    void stamp() {
        if (createdAt == null) {
            createdAt = Instant.now();
        }
    }
}

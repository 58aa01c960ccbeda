package io.dpbandit.store;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import org.hibernate.annotations.DynamicInsert;
import org.hibernate.annotations.Immutable;

/**
 * One charge of the privacy ledger: append-only (a database trigger refuses UPDATE and DELETE), and
 * inserted in the same transaction as the release it pays for. Budgets are replayed from the
 * entries in id order, so every instance computes the same figures bit for bit.
 */
@Entity
@Table(name = "ledger")
@Immutable
@DynamicInsert // a null createdAt is left out of the INSERT: the column's default, the transaction's start
public class LedgerEntry {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @Column(name = "bandit_id", nullable = false)
    private String banditId;

    @Column(nullable = false)
    private double epsilon;

    @Column(nullable = false)
    private double delta;

    @Column(nullable = false)
    private String reason;

    private Integer epoch;

    @Column(nullable = false)
    private String composition;

    /** The charge's native zCDP cost ρ (null for a mechanism without one: Wishart node noise). */
    private Double rho;

    /** BASIC, ZCDP or EXACT: how this bandit's charges compose (see io.dpbandit.privacy.Accountant). */
    @Column(nullable = false)
    private String accountant;

    /**
     * GAUSSIAN or EXPONENTIAL (io.dpbandit.privacy.ReleaseMechanism): what this charge pays for, which
     * decides how a shared budget measures it; null for a mechanism without a zCDP cost (Wishart).
     */
    private String mechanism;

    /** When it was charged: the lifecycle's grid instant for an epoch's close, else the transaction's start. */
    @Column(name = "created_at", updatable = false)
    private Instant createdAt;

    protected LedgerEntry() {
    }

    public LedgerEntry(String banditId, double epsilon, double delta, String reason, Integer epoch,
            String composition) {
        this(banditId, epsilon, delta, reason, epoch, composition, null, "BASIC", null);
    }

    public LedgerEntry(String banditId, double epsilon, double delta, String reason, Integer epoch,
            String composition, Double rho, String accountant, String mechanism) {
        this.mechanism = mechanism;
        this.banditId = banditId;
        this.epsilon = epsilon;
        this.delta = delta;
        this.reason = reason;
        this.epoch = epoch;
        this.composition = composition;
        this.rho = rho;
        this.accountant = accountant;
    }

    /** This entry charged at {@code at} (null: the transaction's start, the column's default). */
    public LedgerEntry at(Instant at) {
        this.createdAt = at;
        return this;
    }

    @JsonProperty("id")
    public Long getId() {
        return id;
    }

    @JsonProperty("banditId")
    public String getBanditId() {
        return banditId;
    }

    @JsonProperty("epsilon")
    public double getEpsilon() {
        return epsilon;
    }

    @JsonProperty("delta")
    public double getDelta() {
        return delta;
    }

    @JsonProperty("reason")
    public String getReason() {
        return reason;
    }

    @JsonProperty("epoch")
    public Integer getEpoch() {
        return epoch;
    }

    @JsonProperty("composition")
    public String getComposition() {
        return composition;
    }

    /** The charge's zCDP cost ρ, or null where the mechanism has none. */
    @JsonProperty("rho")
    public Double getRho() {
        return rho;
    }

    @JsonProperty("accountant")
    public String getAccountant() {
        return accountant;
    }

    /** GAUSSIAN or EXPONENTIAL, or null for a mechanism without a zCDP cost. */
    @JsonProperty("mechanism")
    public String getMechanism() {
        return mechanism;
    }

    @JsonProperty("createdAt")
    public Instant getCreatedAt() {
        return createdAt;
    }
}

package io.dpbandit.store;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.PostLoad;
import jakarta.persistence.PostPersist;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;
import org.springframework.data.domain.Persistable;
import java.time.Instant;
import org.hibernate.annotations.Immutable;

/**
 * A user-level privacy budget several bandits share (POST /budgets): its total (ε, δ), written once.
 * What is spent is replayed from the ledger entries of its bandits; what is committed, from their
 * worst cases.
 */
@Entity
@Table(name = "privacy_budget")
@Immutable
public class SharedBudgetRecord implements Persistable<String> {

    /**
     * True for an instance made by the constructor: saving it is an INSERT that fails on a taken id
     * (never a merge, which for this immutable entity would answer as if it had written its figures
     * while the row kept another request's).
     */
    @Transient
    private boolean fresh = true;

    @Id
    private String id;

    @Column(nullable = false)
    private double epsilon;

    @Column(nullable = false)
    private double delta;

    /** GDP or ZCDP: the filter that composes what its bandits commit (io.dpbandit.privacy.BudgetFilter). */
    @jakarta.persistence.Enumerated(jakarta.persistence.EnumType.STRING)
    @Column(nullable = false)
    private io.dpbandit.privacy.BudgetFilter accountant;

    @Column(name = "created_at", insertable = false, updatable = false)
    private Instant createdAt;

    protected SharedBudgetRecord() {
    }

    public SharedBudgetRecord(String id, double epsilon, double delta, io.dpbandit.privacy.BudgetFilter accountant) {
        this.id = id;
        this.epsilon = epsilon;
        this.delta = delta;
        this.accountant = accountant;
    }

    @JsonProperty("id")
    public String getId() {
        return id;
    }

    @JsonProperty("epsilon")
    public double getEpsilon() {
        return epsilon;
    }

    @JsonProperty("delta")
    public double getDelta() {
        return delta;
    }

    @JsonProperty("accountant")
    public io.dpbandit.privacy.BudgetFilter getAccountant() {
        return accountant;
    }

    @JsonProperty("createdAt")
    public Instant getCreatedAt() {
        return createdAt;
    }

    @Override
    @com.fasterxml.jackson.annotation.JsonIgnore
    public boolean isNew() {
        return fresh;
    }

    @PostLoad
    @PostPersist
    void stored() {
        fresh = false;
    }
}

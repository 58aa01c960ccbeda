package io.dpbandit.store;

import io.dpbandit.spec.BanditSpec;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.PostLoad;
import jakarta.persistence.PostPersist;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;
import org.springframework.data.domain.Persistable;
import java.time.Instant;
import org.hibernate.annotations.Immutable;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * A bandit in the registry: its id, algorithm, spec (JSON) and budget totals, written once when the
 * bandit is created and never changed. What changes as it learns lives in {@code bandit_state}
 * ({@link BanditStateStore}).
 */
@Entity
@Table(name = "bandit")
@Immutable
public class BanditRecord implements Persistable<String> {

    /**
     * True for an instance made by the constructor: saving it is an INSERT that fails on a taken id
     * (never a merge, which for this immutable entity would answer as if it had written its figures
     * while the row kept another request's).
     */
    @Transient
    private boolean fresh = true;

    @Id
    private String id;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    private BanditSpec.Algorithm algorithm;

    @JdbcTypeCode(SqlTypes.JSON)
    @Column(nullable = false)
    private String spec;

    @Column(name = "epsilon_total", nullable = false)
    private double epsilonTotal;

    @Column(name = "delta_total", nullable = false)
    private double deltaTotal;

    /** The shared budget its charges also count against, or null. */
    @Column(name = "budget_id")
    private String budgetId;

    /** The most it may spend over its life, in zCDP ρ (its worst case), or null without a zCDP cost. */
    @Column(name = "committed_rho")
    private Double committedRho;

    /**
     * Pure ε-DP releases it may make at most (USCA's exponential mechanism), and at which ε each;
     * null for a bandit of Gaussian releases, whose commitment is {@link #getCommittedRho()} alone.
     */
    @Column(name = "committed_exponential_count")
    private Long committedExponentialCount;

    @Column(name = "committed_exponential_epsilon")
    private Double committedExponentialEpsilon;

    @Column(name = "created_at", insertable = false, updatable = false)
    private Instant createdAt;

    protected BanditRecord() {
    }

    public BanditRecord(String id, BanditSpec.Algorithm algorithm, String spec, double epsilonTotal,
            double deltaTotal) {
        this.id = id;
        this.algorithm = algorithm;
        this.spec = spec;
        this.epsilonTotal = epsilonTotal;
        this.deltaTotal = deltaTotal;
    }

    public BanditRecord(String id, BanditSpec.Algorithm algorithm, String spec, double epsilonTotal,
            double deltaTotal, String budgetId, Double committedRho) {
        this(id, algorithm, spec, epsilonTotal, deltaTotal);
        this.budgetId = budgetId;
        this.committedRho = committedRho;
    }

    /** Records a commitment of {@code count} exponential mechanisms at ε each (before it is saved). */
    public BanditRecord withExponentialCommitment(long count, double epsilon) {
        this.committedExponentialCount = count;
        this.committedExponentialEpsilon = epsilon;
        return this;
    }

    public Long getCommittedExponentialCount() {
        return committedExponentialCount;
    }

    public Double getCommittedExponentialEpsilon() {
        return committedExponentialEpsilon;
    }

    public String getBudgetId() {
        return budgetId;
    }

    public Double getCommittedRho() {
        return committedRho;
    }

    public String getId() {
        return id;
    }

    public BanditSpec.Algorithm getAlgorithm() {
        return algorithm;
    }

    public String getSpec() {
        return spec;
    }

    public double getEpsilonTotal() {
        return epsilonTotal;
    }

    public double getDeltaTotal() {
        return deltaTotal;
    }

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

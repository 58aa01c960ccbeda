package io.dpbandit.bandit.store;

import io.dpbandit.bandit.BanditSpec;
import io.dpbandit.bandit.Phase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * A bandit in the registry: its spec (JSON) and where its lifecycle stands. The epoch, phase and
 * round count are changed only by the lifecycle's close transaction, with {@code stateVersion}
 * bumped so that every instance notices and rebuilds its runtime. The policy state (USCA's
 * estimator, a sequential policy's model) is read and written by {@link LifecycleStore}.
 */
@Entity
@Table(name = "bandit")
public class BanditEntity {

    @Id
    private String id;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    private BanditSpec.Algorithm algorithm;

    @JdbcTypeCode(SqlTypes.JSON)
    @Column(nullable = false)
    private String spec;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    private Phase phase;

    @Column(nullable = false)
    private int epoch;

    @Column(nullable = false)
    private long rounds;

    @Column(name = "epsilon_total", nullable = false)
    private double epsilonTotal;

    @Column(name = "delta_total", nullable = false)
    private double deltaTotal;

    @Column(name = "state_version", nullable = false)
    private long stateVersion;

    @Column(name = "created_at", insertable = false, updatable = false)
    private Instant createdAt;

    protected BanditEntity() {
    }

    public BanditEntity(String id, BanditSpec.Algorithm algorithm, String spec, double epsilonTotal,
            double deltaTotal) {
        this.id = id;
        this.algorithm = algorithm;
        this.spec = spec;
        this.phase = Phase.EXPLORE;
        this.epoch = 1;
        this.epsilonTotal = epsilonTotal;
        this.deltaTotal = deltaTotal;
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

    public Phase getPhase() {
        return phase;
    }

    public int getEpoch() {
        return epoch;
    }

    public long getRounds() {
        return rounds;
    }

    public double getEpsilonTotal() {
        return epsilonTotal;
    }

    public double getDeltaTotal() {
        return deltaTotal;
    }

    public long getStateVersion() {
        return stateVersion;
    }

    public Instant getCreatedAt() {
        return createdAt;
    }
}

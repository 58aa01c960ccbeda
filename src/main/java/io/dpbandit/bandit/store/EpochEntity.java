package io.dpbandit.bandit.store;

import io.dpbandit.bandit.EpochStatus;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * An epoch of a bandit: its length, how many of its learning slots were handed out and folded, its
 * status and, once closed, its released model. Read-only through JPA: the plan and the private
 * accumulator (large binary columns) and every change of state go through {@link LifecycleStore},
 * whose statements are compare-and-set.
 */
@Entity
@Table(name = "epoch")
@IdClass(EpochEntity.Key.class)
@org.hibernate.annotations.Immutable
public class EpochEntity {

    /** (bandit, number). */
    public record Key(String banditId, int number) implements Serializable {
        public Key() {
            this(null, 0);
        }
    }

    @Id
    @Column(name = "bandit_id")
    private String banditId;

    @Id
    private int number;

    @Column(nullable = false)
    private int length;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    private EpochStatus status;

    /** Learning slots handed out, over the epoch's slot counters. */
    @org.hibernate.annotations.Formula("(SELECT coalesce(sum(s.used), 0) FROM epoch_slot s "
            + "WHERE s.bandit_id = bandit_id AND s.epoch = number)")
    private int assigned;

    @Column(nullable = false)
    private int folded;

    @JdbcTypeCode(SqlTypes.JSON)
    private String model;

    @Column(name = "opened_at")
    private Instant openedAt;

    @Column(name = "planned_at")
    private Instant plannedAt;

    @Column(name = "sealed_at")
    private Instant sealedAt;

    @Column(name = "closed_at")
    private Instant closedAt;

    @Column(name = "work_stage")
    private String workStage;

    @Column(name = "work_progress")
    private Double workProgress;

    protected EpochEntity() {
    }

    public String getBanditId() {
        return banditId;
    }

    public int getNumber() {
        return number;
    }

    public int getLength() {
        return length;
    }

    public EpochStatus getStatus() {
        return status;
    }

    public int getAssigned() {
        return assigned;
    }

    public int getFolded() {
        return folded;
    }

    public String getModel() {
        return model;
    }

    public Instant getOpenedAt() {
        return openedAt;
    }

    public Instant getPlannedAt() {
        return plannedAt;
    }

    public Instant getSealedAt() {
        return sealedAt;
    }

    public Instant getClosedAt() {
        return closedAt;
    }

    public String getWorkStage() {
        return workStage;
    }

    public Double getWorkProgress() {
        return workProgress;
    }
}

package io.dpbandit.store;

import jakarta.persistence.LockModeType;
import java.util.List;
import java.util.Optional;
import org.springframework.data.domain.Limit;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Lock;
import org.springframework.data.jpa.repository.Query;

public interface SharedBudgetRepository extends JpaRepository<SharedBudgetRecord, String> {

    /**
     * The budget with its row locked until the transaction ends: every charge against it and every
     * creation of a bandit on it is serialised, so no two can both see the same room left.
     */
    @Lock(LockModeType.PESSIMISTIC_WRITE)
    @Query("SELECT b FROM SharedBudgetRecord b WHERE b.id = ?1")
    Optional<SharedBudgetRecord> lock(String id);

    List<SharedBudgetRecord> findAllByOrderByIdAsc();

    /** A keyset page of the budgets: those after {@code after}, in id order (the primary key's index). */
    List<SharedBudgetRecord> findByIdGreaterThanOrderByIdAsc(String after, Limit limit);
}

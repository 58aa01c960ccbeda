package io.dpbandit.store;

import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;

/** The bandit registry (Spring Data JPA): rows are inserted once and never updated. */
public interface BanditRegistry extends JpaRepository<BanditRecord, String> {

    List<BanditRecord> findAllByOrderByIdAsc();

    /** The bandits whose charges count against a shared budget, in creation order. */
    List<BanditRecord> findByBudgetIdOrderByCreatedAtAsc(String budgetId);
}

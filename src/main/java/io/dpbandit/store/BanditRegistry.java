package io.dpbandit.store;

import java.util.List;
import org.springframework.data.domain.Limit;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

/** The bandit registry (Spring Data JPA): rows are inserted once and never updated. */
public interface BanditRegistry extends JpaRepository<BanditRecord, String> {

    List<BanditRecord> findAllByOrderByIdAsc();

    /** The ids after {@code after}, in id order (the primary key's index): a keyset page of the registry. */
    @Query("SELECT b.id FROM BanditRecord b WHERE b.id > ?1 ORDER BY b.id")
    List<String> idsAfter(String after, Limit limit);

    /** The bandits whose charges count against a shared budget, in creation order. */
    List<BanditRecord> findByBudgetIdOrderByCreatedAtAsc(String budgetId);
}

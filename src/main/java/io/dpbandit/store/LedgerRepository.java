package io.dpbandit.store;

import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;

/** The privacy ledger: entries are only ever added. */
public interface LedgerRepository extends JpaRepository<LedgerEntry, Long> {

    List<LedgerEntry> findByBanditIdOrderByIdAsc(String banditId);

    /** Every charge of the bandits on a shared budget, in the order they were made. */
    @org.springframework.data.jpa.repository.Query("SELECT l FROM LedgerEntry l WHERE l.banditId IN "
            + "(SELECT b.id FROM BanditRecord b WHERE b.budgetId = ?1) ORDER BY l.id")
    List<LedgerEntry> findBySharedBudget(String budgetId);
}

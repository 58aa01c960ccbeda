package io.dpbandit.store;

import java.util.List;
import org.springframework.data.domain.Limit;
import org.springframework.data.jpa.repository.JpaRepository;

/** The privacy ledger: entries are only ever added. */
public interface LedgerRepository extends JpaRepository<LedgerEntry, Long> {

    List<LedgerEntry> findByBanditIdOrderByIdAsc(String banditId);

    /**
     * A keyset page of a bandit's entries: those after entry {@code after}, in id order (index
     * ledger_bandit on (bandit_id, id)). A bandit's charges are made under its locks (its row, or its
     * epoch's), one at a time, so their ids follow their commits and a new one always comes last.
     */
    List<LedgerEntry> findByBanditIdAndIdGreaterThanOrderByIdAsc(String banditId, long after, Limit limit);

    /** Every charge of the bandits on a shared budget, in the order they were made. */
    @org.springframework.data.jpa.repository.Query("SELECT l FROM LedgerEntry l WHERE l.banditId IN "
            + "(SELECT b.id FROM BanditRecord b WHERE b.budgetId = ?1) ORDER BY l.id")
    List<LedgerEntry> findBySharedBudget(String budgetId);
}

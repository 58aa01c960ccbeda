package io.dpbandit.store;

import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;

/** The privacy ledger: entries are only ever added. */
public interface LedgerRepository extends JpaRepository<LedgerEntry, Long> {

    List<LedgerEntry> findByBanditIdOrderByIdAsc(String banditId);
}

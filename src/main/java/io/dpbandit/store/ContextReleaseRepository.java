package io.dpbandit.store;

import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;

/** USCA's per-context releases. */
public interface ContextReleaseRepository extends JpaRepository<ContextReleaseEntity, ContextReleaseEntity.Key> {

    Optional<ContextReleaseEntity> findByBanditIdAndContextKey(String banditId, String contextKey);

    /** A bandit's releases under any of these keys (one statement, so one snapshot). */
    List<ContextReleaseEntity> findByBanditIdAndContextKeyIn(String banditId, java.util.Collection<String> contextKeys);

    List<ContextReleaseEntity> findByBanditIdOrderByLedgerIdAsc(String banditId);
}

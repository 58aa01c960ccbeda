package io.dpbandit.bandit.store;

import io.dpbandit.bandit.EpochStatus;
import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;

/** Epochs, read-only (changes go through {@link LifecycleStore}). */
public interface EpochRepository extends JpaRepository<EpochEntity, EpochEntity.Key> {

    Optional<EpochEntity> findByBanditIdAndNumber(String banditId, int number);

    List<EpochEntity> findByBanditIdAndStatusOrderByNumberAsc(String banditId, EpochStatus status);

    List<EpochEntity> findByBanditIdOrderByNumberAsc(String banditId);
}

package io.dpbandit.bandit.store;

import io.dpbandit.bandit.Phase;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;

/** The bandit registry. */
public interface BanditRepository extends JpaRepository<BanditEntity, String> {

    List<BanditEntity> findAllByOrderByIdAsc();

    List<BanditEntity> findByPhaseOrderByIdAsc(Phase phase);
}

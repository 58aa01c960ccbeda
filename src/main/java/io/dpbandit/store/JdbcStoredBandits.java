package io.dpbandit.store;

import io.dpbandit.runtime.BanditVersion;
import io.dpbandit.runtime.StoredBandits;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Repository;

/** The runtimes' reads ({@link StoredBandits}) on the registry, the bandit state and the epochs. */
@Repository
public class JdbcStoredBandits implements StoredBandits {

    private final BanditRegistry registry;
    private final BanditStateStore states;
    private final EpochStore epochs;

    public JdbcStoredBandits(BanditRegistry registry, BanditStateStore states, EpochStore epochs) {
        this.registry = registry;
        this.states = states;
        this.epochs = epochs;
    }

    @Override
    public Optional<String> spec(String banditId) {
        return registry.findById(banditId).map(BanditRecord::getSpec);
    }

    @Override
    public Optional<BanditVersion> version(String banditId) {
        return states.version(banditId);
    }

    @Override
    public List<String> releasedModels(String banditId) {
        return epochs.releasedModels(banditId);
    }

    @Override
    public Optional<byte[]> policyState(String banditId) {
        return states.policyState(banditId);
    }

    @Override
    public Optional<byte[]> plan(String banditId, int epoch) {
        return epochs.plan(banditId, epoch);
    }
}

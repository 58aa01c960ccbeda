package io.dpbandit.release;

import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.ledger.LedgerCharges;
import io.dpbandit.runtime.EpochProcess;
import io.dpbandit.runtime.ReleaseContext;
import io.dpbandit.store.ContextReleases;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The runtimes' {@link ReleaseContext} on the service: charges through {@link LedgerCharges}, stored
 * releases through {@link ContextReleases}, one transaction under the bandit's row lock per charged
 * release, and the production noise.
 */
@Component
public class StoredReleaseContext implements ReleaseContext {

    private final LedgerCharges charges;
    private final ContextReleases stored;
    private final TransactionTemplate tx;
    private final NoiseSource noise;

    public StoredReleaseContext(LedgerCharges charges, ContextReleases stored, TransactionTemplate tx,
            NoiseSource noise) {
        this.charges = charges;
        this.stored = stored;
        this.tx = tx;
        this.noise = noise;
    }

    @Override
    public NoiseSource noise() {
        return noise;
    }

    @Override
    public String keyOf(double[] context) {
        return stored.keyOf(context);
    }

    @Override
    public List<StoredRelease> releases(String banditId) {
        return stored.releases(banditId);
    }

    @Override
    public Optional<StoredRelease> find(String banditId, String key, double[] context) {
        return stored.find(banditId, key, context);
    }

    @Override
    public <T> T charged(String banditId, Supplier<T> release) {
        return tx.execute(s -> {
            stored.lockBandit(banditId);
            return release.get();
        });
    }

    @Override
    public long charge(String banditId, EpochProcess.Charge charge) {
        return charges.charge(banditId, charge);
    }

    @Override
    public void store(String banditId, String key, int action, long ledgerId) {
        stored.store(banditId, key, action, ledgerId);
    }
}

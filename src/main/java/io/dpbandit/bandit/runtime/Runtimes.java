package io.dpbandit.bandit.runtime;

import io.dpbandit.bandit.BanditSpec;
import io.dpbandit.bandit.Phase;
import io.dpbandit.bandit.PolicyFactory;
import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.bandit.StateCodec;
import io.dpbandit.bandit.store.BanditEntity;
import io.dpbandit.bandit.store.BanditRepository;
import io.dpbandit.bandit.store.BinaryCodec;
import io.dpbandit.bandit.store.LifecycleStore;
import io.dpbandit.policy.capri.ReleasedModel;
import io.dpbandit.policy.usca.UscaCompactEstimator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * This instance's runtimes, one per bandit, checked against the stored (epoch, phase, version) at
 * most every {@code dpbandit.runtime.check-ms} (default 200 ms) and rebuilt when it moved on. A
 * stale runtime is harmless: a decision served from it takes no learning slot (the slot's UPDATE
 * only matches the current OPEN epoch), so it is answered as not learning.
 *
 * <p>A rebuild reads the database and decodes the released models outside any lock; concurrent
 * requests for the same bandit and version wait for that one rebuild (single flight) instead of
 * each doing it, and requests for other bandits are never held up by it.
 */
@Component
public class Runtimes {

    private record Entry(BanditRuntime runtime, long checkedAt) {
    }

    private final BanditRepository bandits;
    private final LifecycleStore store;
    private final StateCodec json;
    private final BinaryCodec codec;
    private final long checkNanos;
    private final Map<String, Entry> cache = new ConcurrentHashMap<>();
    private final Map<String, CompletableFuture<BanditRuntime>> building = new ConcurrentHashMap<>();
    private final Map<String, BanditSpec> specs = new ConcurrentHashMap<>();
    /** A linear bandit's model is a function of its immutable spec: built once per instance. */
    private final Map<String, LinearModel<?>> linearModels = new ConcurrentHashMap<>();

    public Runtimes(BanditRepository bandits, LifecycleStore store, StateCodec json, BinaryCodec codec,
            @Value("${dpbandit.runtime.check-ms:200}") long checkMs) {
        this.bandits = bandits;
        this.store = store;
        this.json = json;
        this.codec = codec;
        this.checkNanos = checkMs * 1_000_000L;
    }

    /** The bandit's runtime, current to within the check interval; 404 for an unknown bandit. */
    public BanditRuntime get(String banditId) {
        long now = System.nanoTime();
        Entry e = cache.get(banditId);
        if (e != null && now - e.checkedAt() < checkNanos) {
            return e.runtime();
        }
        LifecycleStore.Version version = store.version(banditId)
                .orElseThrow(() -> new ServiceErrors.NotFound("no bandit '" + banditId + "'"));
        if (e != null && e.runtime().version().equals(version)) {
            cache.put(banditId, new Entry(e.runtime(), now));
            return e.runtime();
        }
        return build(banditId, version, now);
    }

    /** The runtime rebuilt from the database now, whatever is cached. */
    public BanditRuntime fresh(String banditId) {
        cache.remove(banditId);
        return get(banditId);
    }

    /** The runtime checked against the stored version now (the lifecycle worker's view). */
    public BanditRuntime current(String banditId) {
        cache.computeIfPresent(banditId, (id, e) -> new Entry(e.runtime(), Long.MIN_VALUE / 2));
        return get(banditId);
    }

    private BanditRuntime build(String banditId, LifecycleStore.Version version, long now) {
        String key = banditId + "@" + version.version() + "/" + version.epoch() + "/" + version.phase();
        CompletableFuture<BanditRuntime> mine = new CompletableFuture<>();
        CompletableFuture<BanditRuntime> running = building.putIfAbsent(key, mine);
        if (running != null) {
            try {
                return running.join();
            } catch (CompletionException ce) {
                throw ce.getCause() instanceof RuntimeException re ? re : ce;
            }
        }
        try {
            BanditRuntime runtime = load(banditId, version);
            cache.put(banditId, new Entry(runtime, now));
            mine.complete(runtime);
            return runtime;
        } catch (RuntimeException ex) {
            mine.completeExceptionally(ex);
            throw ex;
        } finally {
            building.remove(key, mine);
        }
    }

    private <S> LinearRuntime<S> linear(String banditId, BanditSpec spec, LifecycleStore.Version version) {
        @SuppressWarnings("unchecked")
        LinearModel<S> model = (LinearModel<S>) linearModels.computeIfAbsent(banditId, id -> LinearModels.of(spec));
        S state = codec.decode(store.policyState(banditId).orElseThrow(
                () -> new IllegalStateException("bandit '" + banditId + "' has no model state")), model.stateType());
        return new LinearRuntime<>(spec, model, LinearModels.featureMap(spec), version, state);
    }

    private BanditRuntime load(String banditId, LifecycleStore.Version version) {
        BanditSpec spec = specs.computeIfAbsent(banditId, id -> json.read(bandits.findById(id)
                .map(BanditEntity::getSpec)
                .orElseThrow(() -> new ServiceErrors.NotFound("no bandit '" + id + "'")), BanditSpec.class));
        return switch (spec.algorithm()) {
            case CAPRI -> {
                List<ReleasedModel> models = store.releasedModels(banditId).stream()
                        .map(m -> json.read(m, ReleasedModel.class)).toList();
                yield new CapriRuntime(spec, PolicyFactory.capri(spec), version, models);
            }
            case LINUCB, ONLINEUCB, GPUCB -> linear(banditId, spec, version);
            case USCA -> {
                UscaCompactEstimator estimator = version.phase() == Phase.RELEASE
                        ? store.policyState(banditId).map(b -> codec.decode(b, UscaCompactEstimator.class)).orElse(null)
                        : null;
                yield new UscaRuntime(spec, PolicyFactory.usca(spec), version, estimator);
            }
        };
    }
}

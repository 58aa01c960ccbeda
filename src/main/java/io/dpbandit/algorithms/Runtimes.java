package io.dpbandit.algorithms;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.codec.BinaryCodec;
import io.dpbandit.codec.StateCodec;
import io.dpbandit.runtime.BanditRuntime;
import io.dpbandit.runtime.BanditVersion;
import io.dpbandit.runtime.PublicRandomness;
import io.dpbandit.runtime.RuntimeServices;
import io.dpbandit.runtime.StoredBandits;
import io.dpbandit.spec.BanditSpec;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.CompletionException;
import org.springframework.stereotype.Component;

/**
 * This instance's runtimes, one per bandit, built by the bandit's algorithm descriptor and checked
 * against the stored (epoch, phase, version) at most every {@code dpbandit.runtime.check-ms}
 * (default 200 ms): a Caffeine cache that refreshes an entry after that long, keeping the runtime
 * when the version has not moved and rebuilding it when it has. Caffeine loads each key once at a
 * time (concurrent requests for a bandit being built wait for that one build; other bandits are
 * not held up). A stale runtime is harmless: a decision served from it takes no learning slot (the
 * slot's UPDATE only matches the current OPEN epoch), so it is answered as not learning.
 */
@Component
public class Runtimes implements RuntimeServices {

    private final StoredBandits stored;
    private final StateCodec json;
    private final BinaryCodec binary;
    private final NoiseSource noise;
    private final PublicRandomness publicRandomness;
    private final LoadingCache<String, BanditRuntime> cache;
    private final LoadingCache<String, BanditSpec> specs;

    public Runtimes(StoredBandits stored, StateCodec json, BinaryCodec binary, NoiseSource noise,
            PublicRandomness publicRandomness, RuntimeCacheProperties properties) {
        long checkMs = properties.checkMs();
        this.publicRandomness = publicRandomness;
        this.stored = stored;
        this.json = json;
        this.binary = binary;
        this.noise = noise;
        this.specs = Caffeine.newBuilder().maximumSize(100_000).build(id -> json.read(stored.spec(id)
                .orElseThrow(() -> new ServiceErrors.NotFound("no bandit " + ServiceErrors.quote(id))), BanditSpec.class));
        // Refreshed on the calling thread: a check is one small query, and no pool thread does database work.
        this.cache = Caffeine.newBuilder().refreshAfterWrite(Duration.ofMillis(Math.max(1, checkMs)))
                .executor(Runnable::run)
                .build(new com.github.benmanes.caffeine.cache.CacheLoader<>() {
                    @Override
                    public BanditRuntime load(String id) {
                        return build(id, version(id));
                    }

                    @Override
                    public BanditRuntime reload(String id, BanditRuntime old) {
                        BanditVersion now = version(id);
                        return old.version().equals(now) ? old : build(id, now);
                    }
                });
    }

    private BanditVersion version(String id) {
        return stored.version(id).orElseThrow(() -> new ServiceErrors.NotFound("no bandit " + ServiceErrors.quote(id)));
    }

    private BanditRuntime build(String id, BanditVersion version) {
        BanditSpec spec = specs.get(id);
        return Algorithms.of(spec.algorithm()).runtime(spec, version, this);
    }

    /** The bandit's runtime, current to within the check interval; 404 for an unknown bandit. */
    public BanditRuntime get(String banditId) {
        try {
            return cache.get(banditId);
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException re ? re : e;
        }
    }

    /** The runtime rebuilt from the database now, whatever is cached. */
    public BanditRuntime fresh(String banditId) {
        cache.invalidate(banditId);
        return get(banditId);
    }

    /** The runtime checked against the stored version now (the lifecycle worker's and LDP checks' view). */
    public BanditRuntime current(String banditId) {
        BanditRuntime cached = get(banditId);
        BanditVersion now = version(banditId);
        if (cached.version().equals(now)) {
            return cached;
        }
        BanditRuntime built = build(banditId, now);
        cache.put(banditId, built);
        return built;
    }

    /** The stored spec of a bandit (normalised at creation; immutable). */
    public BanditSpec spec(String banditId) {
        return specs.get(banditId);
    }

    @Override
    public List<String> releasedModels(String banditId) {
        return stored.releasedModels(banditId);
    }

    @Override
    public Optional<byte[]> policyState(String banditId) {
        return stored.policyState(banditId);
    }

    @Override
    public Optional<byte[]> plan(String banditId, int epoch) {
        return stored.plan(banditId, epoch);
    }

    @Override
    public BinaryCodec binary() {
        return binary;
    }

    @Override
    public StateCodec json() {
        return json;
    }

    @Override
    public NoiseSource noise() {
        return noise;
    }

    @Override
    public SplittableRandom publicRng(String banditId, int epoch) {
        return publicRandomness.forPlan(banditId, epoch);
    }
}

package io.dpbandit.bandit.runtime;

import io.dpbandit.bandit.BanditMetrics;
import io.dpbandit.bandit.LifecycleProperties;
import io.dpbandit.bandit.Ledger;
import io.dpbandit.bandit.StateCodec;
import io.dpbandit.bandit.store.BinaryCodec;
import io.dpbandit.bandit.store.DecisionStore;
import io.dpbandit.bandit.store.LifecycleStore;
import io.dpbandit.client.privacy.NoiseSource;
import java.security.SecureRandom;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * What a runtime's {@link BanditRuntime#advance} works with on the lifecycle leader: the stores, the
 * transactions, the production noise, and the leader's working memory per epoch (a planning job in
 * progress, a decoded plan), which is only a cache: losing it in a crash costs recomputation, never
 * data, because every result that counts is committed with a compare-and-set.
 */
@Component
public class Lifecycle {

    final LifecycleStore store;
    final DecisionStore decisions;
    final TransactionTemplate tx;
    final NoiseSource noise;
    final BinaryCodec codec;
    final StateCodec json;
    final Ledger ledger;
    final LifecycleProperties properties;
    final BanditMetrics metrics;
    private final SecureRandom seeds = new SecureRandom();
    private final Map<String, Object> memory = new ConcurrentHashMap<>();

    public Lifecycle(LifecycleStore store, DecisionStore decisions, TransactionTemplate tx, NoiseSource noise,
            BinaryCodec codec, StateCodec json, Ledger ledger, LifecycleProperties properties, BanditMetrics metrics) {
        this.store = store;
        this.decisions = decisions;
        this.tx = tx;
        this.noise = noise;
        this.codec = codec;
        this.json = json;
        this.ledger = ledger;
        this.properties = properties;
        this.metrics = metrics;
    }

    /**
     * Public randomness for drawing S, R and Z: it needs independence from user data, not secrecy,
     * so a SplittableRandom seeded from SecureRandom.
     */
    SplittableRandom publicRng() {
        return new SplittableRandom(seeds.nextLong());
    }

    /** The leader's memory for one epoch of one bandit (created on first use). */
    @SuppressWarnings("unchecked")
    <T> T remember(String banditId, int epoch, String what, Supplier<T> create) {
        return (T) memory.computeIfAbsent(banditId + "#" + epoch + "#" + what, k -> create.get());
    }

    void forget(String banditId, int epoch, String what) {
        memory.remove(banditId + "#" + epoch + "#" + what);
    }

    /** Drops everything remembered about a bandit's epochs before {@code epoch}. */
    void forgetBefore(String banditId, int epoch) {
        memory.keySet().removeIf(k -> {
            String[] parts = k.split("#");
            return parts[0].equals(banditId) && Integer.parseInt(parts[1]) < epoch;
        });
    }

    /** Drops the whole working memory (leadership lost: another instance takes over). */
    public void clear() {
        memory.clear();
    }

    /** Steps of background work stop after this long, so one bandit cannot hold the worker. */
    long stepBudgetNanos() {
        return properties.stepBudgetMs() * 1_000_000L;
    }
}

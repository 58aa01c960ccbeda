package io.dpbandit.bandit;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Every instance looks for complete epochs on a fixed delay, off the request threads; the
 * advisory lock and compare-and-set make concurrent attempts safe. Failures are remembered per
 * bandit for the health indicator and retried on the next tick.
 */
@Component
public class LifecycleScheduler {

    private static final Logger log = LoggerFactory.getLogger(LifecycleScheduler.class);

    private final LifecycleService lifecycle;
    private final BanditStore store;
    private final LifecycleProperties properties;
    private final Map<String, String> failing = new ConcurrentHashMap<>();

    public LifecycleScheduler(LifecycleService lifecycle, BanditStore store, LifecycleProperties properties) {
        this.lifecycle = lifecycle;
        this.store = store;
        this.properties = properties;
    }

    @Scheduled(fixedDelayString = "${dpbandit.lifecycle.check-interval-ms:2000}",
            initialDelayString = "${dpbandit.lifecycle.check-interval-ms:2000}")
    public void tick() {
        for (String algorithm : new String[] {"CAPRI", "USCA"}) {
            for (String id : store.banditsInPhase(algorithm, "EXPLORE")) {
                try {
                    lifecycle.advance(id);
                    failing.remove(id);
                } catch (RuntimeException e) {
                    failing.put(id, e.getClass().getSimpleName());
                    log.error("Advancing bandit '{}' failed; will retry", id, e);
                }
            }
        }
        int forgotten = store.forgetRawData(properties.retentionSeconds());
        if (forgotten > 0) {
            log.info("Deleted raw contexts and rewards of {} decisions past their retention", forgotten);
        }
    }

    /** Bandits whose last lifecycle step failed, with the kind of failure. */
    public Map<String, String> failing() {
        return Map.copyOf(failing);
    }
}

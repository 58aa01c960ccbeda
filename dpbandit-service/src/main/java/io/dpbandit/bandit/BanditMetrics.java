package io.dpbandit.bandit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.springframework.context.annotation.Lazy;
import org.springframework.stereotype.Component;

/**
 * The service's own metrics. They depend on traffic only (how many requests, decisions, feedback
 * by status, epoch closes and their durations) and on the ledger (budget remaining), never on the
 * values users send: a count of clipped rewards or contributions would be a release of user data
 * that no ledger entry pays for, so there is none. Labels are bandit ids, algorithms and statuses.
 * HTTP endpoints are timed by Spring Boot's http.server.requests.
 */
@Component
public class BanditMetrics {

    private final MeterRegistry registry;
    private final BanditService bandits;
    private final Set<String> gauged = ConcurrentHashMap.newKeySet();

    public BanditMetrics(MeterRegistry registry, @Lazy BanditService bandits) {
        this.registry = registry;
        this.bandits = bandits;
    }

    void decision(String bandit, String algorithm) {
        Counter.builder("dpbandit.decisions").description("Decisions served").tag("bandit", bandit)
                .tag("algorithm", algorithm).register(registry).increment();
        budgetGauge(bandit);
    }

    void feedback(String bandit, String status) {
        Counter.builder("dpbandit.feedback").description("Feedback received, by how it was taken")
                .tag("bandit", bandit).tag("status", status).register(registry).increment();
    }

    void lifecycleStep(String bandit, String outcome, long nanos) {
        Timer.builder("dpbandit.epoch.closes").description("Epoch closes and estimator builds, by outcome")
                .tag("bandit", bandit).tag("outcome", outcome).register(registry).record(nanos, TimeUnit.NANOSECONDS);
    }

    void release(String bandit, boolean charged) {
        Counter.builder("dpbandit.releases").description("Private releases served").tag("bandit", bandit)
                .tag("charged", Boolean.toString(charged)).register(registry).increment();
    }

    /** Remaining ε per bandit, read from the ledger when scraped. */
    void budgetGauge(String bandit) {
        if (gauged.add(bandit)) {
            Gauge.builder("dpbandit.budget.remaining.epsilon", () -> {
                try {
                    return bandits.budget(bandits.row(bandit)).epsilonRemaining();
                } catch (RuntimeException e) {
                    return Double.NaN;
                }
            }).description("Privacy budget left (epsilon)").tag("bandit", bandit).register(registry);
        }
    }
}

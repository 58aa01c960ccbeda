package io.dpbandit.bandit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.ToDoubleFunction;
import org.springframework.stereotype.Component;

/**
 * The service's own metrics. They depend on traffic only (how many requests, decisions, feedback
 * by status, epoch closes and their durations, background work) and on the ledger (budget
 * remaining), never on the values users send: a count of clipped rewards or contributions would be
 * a release of user data that no ledger entry pays for, so there is none. Labels are bandit ids,
 * algorithms, statuses and step kinds. HTTP endpoints are timed by Spring Boot's
 * http.server.requests.
 */
@Component
public class BanditMetrics {

    private final MeterRegistry registry;
    private final Set<String> gauged = ConcurrentHashMap.newKeySet();
    private final AtomicInteger openEpochs = new AtomicInteger();

    public BanditMetrics(MeterRegistry registry) {
        this.registry = registry;
        Gauge.builder("dpbandit.lifecycle.open.epochs", openEpochs, AtomicInteger::get)
                .description("Open epochs of the bandits this instance leads (sum over instances: all)").register(registry);
    }

    public void decision(String bandit, String algorithm, boolean learning) {
        Counter.builder("dpbandit.decisions").description("Decisions served").tag("bandit", bandit)
                .tag("algorithm", algorithm).tag("learning", Boolean.toString(learning)).register(registry)
                .increment();
    }

    public void feedback(String bandit, String status) {
        Counter.builder("dpbandit.feedback").description("Feedback received, by how it was taken")
                .tag("bandit", bandit).tag("status", status).register(registry).increment();
    }

    public void lifecycleStep(String bandit, String outcome, long nanos) {
        Timer.builder("dpbandit.epoch.closes").description("Epoch closes and estimator builds, by outcome")
                .tag("bandit", bandit).tag("outcome", outcome).register(registry).record(nanos, TimeUnit.NANOSECONDS);
    }

    public void planningStep(String bandit, long nanos) {
        Timer.builder("dpbandit.epoch.planning").description("Steps of background planning (public work)")
                .tag("bandit", bandit).register(registry).record(nanos, TimeUnit.NANOSECONDS);
    }

    public void folded(String bandit, int rounds) {
        Counter.builder("dpbandit.rounds.folded").description("Learning rounds folded into a model")
                .tag("bandit", bandit).register(registry).increment(rounds);
    }

    public void lifecycleWork(String bandit, String step) {
        Counter.builder("dpbandit.lifecycle.steps").description("Steps of background work, by kind")
                .tag("bandit", bandit).tag("step", step).register(registry).increment();
    }

    public void lifecycleFailure(String bandit, String kind) {
        Counter.builder("dpbandit.lifecycle.failures").description("Failed steps of background work")
                .tag("bandit", bandit).tag("kind", kind).register(registry).increment();
    }

    public void rawDataDeleted(int rows) {
        Counter.builder("dpbandit.retention.rows").description("Rounds whose raw context and reward were deleted")
                .register(registry).increment(rows);
    }

    public void workQueue(int epochs) {
        openEpochs.set(epochs);
    }

    public void release(String bandit, boolean charged) {
        Counter.builder("dpbandit.releases").description("Private releases served").tag("bandit", bandit)
                .tag("charged", Boolean.toString(charged)).register(registry).increment();
    }

    /** Remaining ε per bandit, read from the ledger when scraped. */
    public void budgetGauge(String bandit, ToDoubleFunction<String> remaining) {
        if (gauged.add(bandit)) {
            Gauge.builder("dpbandit.budget.remaining.epsilon", bandit, b -> {
                try {
                    return remaining.applyAsDouble(b);
                } catch (RuntimeException e) {
                    return Double.NaN;
                }
            }).description("Privacy budget left (epsilon)").tag("bandit", bandit).register(registry);
        }
    }
}

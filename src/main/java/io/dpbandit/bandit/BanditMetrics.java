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
 * The service's own metrics, of two kinds (docs/security.md, "Metrics are not releases"):
 * <ul>
 *   <li>{@link #DATA_INDEPENDENT}: functions of public facts only (decisions and their times, the
 *       feedback windows, the lifecycle's grid, the ledger, and the service's own random choices that
 *       are independent of the data, such as which slot counter, and so which fold shard, a decision
 *       draws), never of whether, when or what a user answered: decisions served, learning rounds folded, epoch closes counted, steps of background
 *       work by kind (defaulting a silent round is no step), open epochs, releases served, budget
 *       remaining. The chart's public dashboard shows only these, and NeighbouringWorldsWorkerTest reads
 *       them in the three worlds and finds them equal.</li>
 *   <li>{@link #OPS_ONLY}: exact operational figures for operators (the ops role), who are trusted
 *       with them: feedback by status (whether and how each user answered), durations of work over
 *       users' data (closes, planning steps), failures, rows retention forgot, the write path's
 *       batches and queue, and Spring Boot's http.server.requests (POST /feedback counted and timed
 *       like every endpoint), with the JVM's and the pool's meters.</li>
 * </ul>
 * None depends on the values users send beyond that: a count of clipped rewards or contributions
 * would be a release of user data that no ledger entry pays for, so there is none. Labels are
 * bandit ids, algorithms, statuses and step kinds.
 */
@Component
public class BanditMetrics {

    /** The series (as Prometheus names them) that are functions of public facts only. */
    public static final Set<String> DATA_INDEPENDENT = Set.of("dpbandit_decisions_total",
            "dpbandit_rounds_folded_total", "dpbandit_epoch_closes_seconds_count", "dpbandit_lifecycle_steps_total",
            "dpbandit_lifecycle_open_epochs", "dpbandit_releases_total", "dpbandit_budget_remaining_epsilon",
            "dpbandit_budget_spent_epsilon", "dpbandit_budget_committed_epsilon");

    /**
     * The service's series that are exact operational figures, for operators only (every other series
     * exported, http_server_requests and the JVM's included, is too).
     */
    public static final Set<String> OPS_ONLY = Set.of("dpbandit_feedback_total",
            "dpbandit_epoch_closes_seconds_sum", "dpbandit_epoch_closes_seconds_max", "dpbandit_epoch_closes_seconds_bucket",
            "dpbandit_epoch_planning_seconds_count", "dpbandit_epoch_planning_seconds_sum",
            "dpbandit_epoch_planning_seconds_max", "dpbandit_lifecycle_failures_total", "dpbandit_retention_rows_total",
            "dpbandit_write_batch_size_count", "dpbandit_write_batch_size_sum", "dpbandit_write_batch_size_max",
            "dpbandit_write_queue", "dpbandit_http_bodies_awaited_total");

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
        Counter.builder("dpbandit.feedback").description("Feedback received, by how it was taken (ops only: exact "
                + "counts of who answered)")
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
        Counter.builder("dpbandit.lifecycle.steps").description("Steps of background work, by kind (on the public "
                + "grid; defaulting silent rounds is no step)")
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

    /**
     * A bandit's budget figures in ε, read when scraped: remaining (total − spent), spent (what its
     * releases so far are worth, worst case over users) and committed (its plan for the horizon).
     */
    public interface BudgetFigures {
        /** {remaining, spent, committed}. */
        double[] read(String bandit);
    }

    /** The three budget gauges of a bandit; one read serves the three series of a scrape. */
    public void budgetGauge(String bandit, BudgetFigures figures) {
        if (gauged.add(bandit)) {
            java.util.concurrent.atomic.AtomicReference<Object[]> last = new java.util.concurrent.atomic.AtomicReference<>();
            java.util.function.IntToDoubleFunction read = i -> {
                try {
                    Object[] cached = last.get();
                    long now = System.nanoTime();
                    if (cached == null || now - (long) cached[0] > 1_000_000_000L) {
                        cached = new Object[] {now, figures.read(bandit)};
                        last.set(cached);
                    }
                    return ((double[]) cached[1])[i];
                } catch (RuntimeException e) {
                    return Double.NaN;
                }
            };
            Gauge.builder("dpbandit.budget.remaining.epsilon", bandit, b -> read.applyAsDouble(0))
                    .description("Privacy budget not yet spent (epsilon): total - spent").tag("bandit", bandit)
                    .register(registry);
            Gauge.builder("dpbandit.budget.spent.epsilon", bandit, b -> read.applyAsDouble(1))
                    .description("What the releases so far are worth (epsilon), worst case over users")
                    .tag("bandit", bandit).register(registry);
            Gauge.builder("dpbandit.budget.committed.epsilon", bandit, b -> read.applyAsDouble(2))
                    .description("What the plan for the whole horizon spends (epsilon)").tag("bandit", bandit)
                    .register(registry);
        }
    }
}

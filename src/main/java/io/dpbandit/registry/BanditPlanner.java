package io.dpbandit.registry;

import io.dpbandit.algorithms.Algorithms;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.bandit.ServiceErrors;
import io.dpbandit.runtime.Forecaster;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.policy.planning.PlanReport;
import io.dpbandit.policy.planning.PlannerOptions;
import io.dpbandit.policy.planning.ForecastTooLong;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.springframework.stereotype.Service;

/**
 * POST /bandits/plan: the utility planner's forecast for a spec, before the bandit exists. The spec
 * is validated exactly as POST /bandits validates it; nothing is stored and no user data is read
 * (the planner sees the spec and its public pool only), so the answer costs no privacy.
 *
 * <p>A forecast for a 1 000-point support takes seconds of CPU (it plans every releasing epoch), so
 * one runs at a time per instance; a request that cannot start within {@link #WAIT_SECONDS} is
 * answered 503 with Retry-After rather than queued without bound. A forecast that would compute
 * longer than {@code dpbandit.planner.max-seconds} (a horizon of 10⁹ draws its epochs' covariance
 * points for minutes) gives up with a 400 naming the horizon, so no caller can hold the planner.
 *
 * <p>GET /bandits/{id}/plan: the same forecast for an existing bandit's stored spec, for the analyst
 * page to set next to what happened. A spec never changes, so each bandit's forecast is computed
 * once, in the background on one low-priority thread, and kept (Caffeine, at most
 * {@link #CACHED_FORECASTS}); until it is ready the answer says COMPUTING.
 */
@Service
public class BanditPlanner {

    static final int WAIT_SECONDS = 30;
    /** The id a spec without one is validated under (planning needs none). */
    static final String PLACEHOLDER_ID = "planned";

    static final int CACHED_FORECASTS = 200;

    private final BanditService bandits;
    private final SpecChecks checks;
    private final Semaphore running = new Semaphore(1);
    private final Cache<String, CompletableFuture<PlanReport>> forecasts = Caffeine.newBuilder()
            .maximumSize(CACHED_FORECASTS).build();
    private final ExecutorService background = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "dpbandit-forecast");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        return t;
    });

    /** The longest one forecast may compute ({@code dpbandit.planner.max-seconds}, default 60). */
    private final double maxSeconds;

    public BanditPlanner(SpecChecks checks, BanditService bandits,
            PlannerProperties properties) {
        this.checks = checks;
        this.bandits = bandits;
        this.maxSeconds = properties.maxSeconds();
    }

    /**
     * An existing bandit's forecast: READY with the report, COMPUTING while it is being computed,
     * NONE for an algorithm the planner does not cover, FAILED with the reason.
     */
    public record BanditForecast(String status, PlanReport report, String detail) {
    }

    public BanditForecast forBandit(String id) {
        BanditSpec spec = bandits.spec(id);
        Forecaster forecaster = Algorithms.of(spec.algorithm()).forecaster().orElse(null);
        if (forecaster == null) {
            return new BanditForecast("NONE", null, "the planner forecasts " + Algorithms.names(
                    d -> d.forecaster().isPresent()) + "; " + spec.algorithm() + " learns continuously");
        }
        CompletableFuture<PlanReport> future = forecasts.get(id, k -> CompletableFuture.supplyAsync(() -> {
            running.acquireUninterruptibly();
            try {
                return forecaster.forecast(spec, PlannerOptions.defaults().withMaxSeconds(maxSeconds))
                        .withNote(io.dpbandit.evaluation.Evaluations.planNote(spec));
            } finally {
                running.release();
            }
        }, background));
        if (!future.isDone()) {
            return new BanditForecast("COMPUTING", null, "the forecast is being computed; ask again in a few seconds");
        }
        try {
            return new BanditForecast("READY", future.join(), null);
        } catch (CompletionException e) {
            return new BanditForecast("FAILED", null, e.getCause() == null ? "failed" : e.getCause().getMessage());
        }
    }

    @jakarta.annotation.PreDestroy
    void stop() {
        background.shutdownNow();
    }

    public PlanReport plan(BanditSpec request, PlannerOptions options) {
        BanditSpec named = request == null || request.id() != null ? request : request.withId(PLACEHOLDER_ID);
        BanditSpec spec = checks.validated(named);
        Forecaster forecaster = Algorithms.of(spec.algorithm()).forecaster().orElseThrow(() ->
                InvalidRequestException.of("algorithm", "the planner forecasts " + Algorithms.names(
                        d -> d.forecaster().isPresent()) + "; " + spec.algorithm()
                        + "'s noise does not depend on the data's support (see README)"));
        try {
            if (!running.tryAcquire(WAIT_SECONDS, TimeUnit.SECONDS)) {
                throw new ServiceErrors.Busy("another plan is being computed on this instance", WAIT_SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ServiceErrors.Busy("interrupted while waiting for another plan", WAIT_SECONDS);
        }
        try {
            return forecaster.forecast(spec, options.withMaxSeconds(maxSeconds))
                    .withNote(io.dpbandit.evaluation.Evaluations.planNote(spec));
        } catch (ForecastTooLong e) {
            throw InvalidRequestException.of("horizon", e.getMessage());
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw InvalidRequestException.of("privacy", e.getMessage());
        } finally {
            running.release();
        }
    }
}

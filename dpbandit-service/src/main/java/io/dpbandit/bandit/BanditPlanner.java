package io.dpbandit.bandit;

import io.dpbandit.policy.ContextGenerator;
import io.dpbandit.policy.planning.PlanReport;
import io.dpbandit.policy.planning.PlannerOptions;
import io.dpbandit.policy.planning.UtilityPlanner;
import jakarta.validation.Validator;
import java.util.List;
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
 * answered 503 with Retry-After rather than queued without bound.
 */
@Service
public class BanditPlanner {

    static final int WAIT_SECONDS = 30;
    /** The id a spec without one is validated under (planning needs none). */
    static final String PLACEHOLDER_ID = "planned";

    private final SpecLimits limits;
    private final Validator validator;
    private final Semaphore running = new Semaphore(1);

    public BanditPlanner(SpecLimits limits, Validator validator) {
        this.limits = limits;
        this.validator = validator;
    }

    public PlanReport plan(BanditSpec request, PlannerOptions options) {
        BanditSpec named = request == null || request.id() != null ? request : request.withId(PLACEHOLDER_ID);
        BanditSpec spec = BanditSpecValidator.normalise(named, limits, named == null ? List.of()
                : validator.validate(named).stream().map(v -> new InvalidRequestException.FieldProblem(
                        v.getPropertyPath().toString(), v.getMessage())).toList());
        if (spec.algorithm() != BanditSpec.Algorithm.CAPRI && spec.algorithm() != BanditSpec.Algorithm.USCA) {
            throw InvalidRequestException.of("algorithm", "the planner forecasts CAPRI and USCA; "
                    + spec.algorithm() + "'s noise does not depend on the data's support (see README)");
        }
        try {
            if (!running.tryAcquire(WAIT_SECONDS, TimeUnit.SECONDS)) {
                throw new ServiceErrors.Busy("another plan is being computed on this instance", WAIT_SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ServiceErrors.Busy("interrupted while waiting for another plan", WAIT_SECONDS);
        }
        try {
            ContextGenerator contexts = PolicyFactory.contexts(spec);
            return spec.algorithm() == BanditSpec.Algorithm.CAPRI
                    ? UtilityPlanner.plan(PolicyFactory.capriConfig(spec), contexts, options)
                    : UtilityPlanner.plan(PolicyFactory.uscaConfig(spec), contexts, options);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw InvalidRequestException.of("privacy", e.getMessage());
        } finally {
            running.release();
        }
    }
}

package io.dpbandit.lifecycle;

import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * Reports bandits whose last background step (planning, fold, seal, close) failed on this
 * instance, and which bandits this instance leads (one instance leads each bandit). Part of /actuator/health for the ops role only
 * (anonymous callers see the overall status), and not part of the liveness and readiness groups:
 * a failing close is an operator's alarm, not a reason to restart or unroute the pod (decisions
 * keep being served).
 */
@Component("epochCloses")
public class LifecycleHealthIndicator implements HealthIndicator {

    private final LifecycleWorker worker;
    private final LifecycleLeader leader;

    public LifecycleHealthIndicator(LifecycleWorker worker, LifecycleLeader leader) {
        this.worker = worker;
        this.leader = leader;
    }

    @Override
    public Health health() {
        var failing = worker.failing();
        return (failing.isEmpty() ? Health.up() : Health.down()).withDetail("leader", leader.isLeader())
                .withDetail("leading", leader.leading().stream().sorted().toList())
                .withDetail("failing", failing).build();
    }
}

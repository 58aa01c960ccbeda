package io.dpbandit.bandit;

import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * Reports bandits whose last epoch close (or USCA estimator build) failed on this instance. It
 * is part of /actuator/health but not of the liveness and readiness groups: a failing close is
 * an operator's alarm, not a reason to restart or unroute the pod (decisions keep being served
 * from the current epoch).
 */
@Component("epochCloses")
public class LifecycleHealthIndicator implements HealthIndicator {

    private final LifecycleScheduler scheduler;

    public LifecycleHealthIndicator(LifecycleScheduler scheduler) {
        this.scheduler = scheduler;
    }

    @Override
    public Health health() {
        var failing = scheduler.failing();
        return (failing.isEmpty() ? Health.up() : Health.down()).withDetail("failing", failing).build();
    }
}

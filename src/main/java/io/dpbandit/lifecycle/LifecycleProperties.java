package io.dpbandit.lifecycle;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param checkIntervalMs    how long the lifecycle worker waits when it found nothing to do
 *                           (default 200; it goes on at once while there is work)
 * @param retentionSeconds   how long a decision's per-user values (raw context and reward, report,
 *                           action, feedback state and time) stay once it is done: a learning round
 *                           folded into the model, any other decision made (default 0: forgotten at
 *                           the next retention pass; the action stays for the replay window)
 * @param stepBudgetMs       how long one bounded step of one bandit's background work may run
 *                           before the worker moves on to the next bandit (default 200)
 * @param leaderCheckMs      how often an instance that is not the lifecycle leader tries to become
 *                           it (default 2000)
 * @param worker             whether this instance runs the lifecycle worker at all (default true;
 *                           tests that drive epochs themselves turn it off)
 * @param replayWindowSeconds how long a decision's requestId and the keyed digest of its context are
 *                           kept to recognise a replay (default 86 400: a day); after it both are
 *                           deleted and a replay is a new decision
 * @param closeCommitDelayMs fault injection for crash tests only: holds an epoch-close transaction
 *                           open this long after its ledger charge, so a kill can land inside it
 *                           (default 0; never set it in production)
 */
@ConfigurationProperties(prefix = "dpbandit.lifecycle")
public record LifecycleProperties(Long checkIntervalMs, Integer retentionSeconds, Long stepBudgetMs,
        Long leaderCheckMs, Boolean worker, Long closeCommitDelayMs, Long replayWindowSeconds) {

    public LifecycleProperties {
        checkIntervalMs = checkIntervalMs == null ? 200L : checkIntervalMs;
        retentionSeconds = retentionSeconds == null ? 0 : retentionSeconds;
        stepBudgetMs = stepBudgetMs == null ? 200L : stepBudgetMs;
        leaderCheckMs = leaderCheckMs == null ? 2000L : leaderCheckMs;
        worker = worker == null || worker;
        closeCommitDelayMs = closeCommitDelayMs == null ? 0L : closeCommitDelayMs;
        replayWindowSeconds = replayWindowSeconds == null ? 86_400L : replayWindowSeconds;
        if (checkIntervalMs < 10 || retentionSeconds < 0 || stepBudgetMs < 1 || leaderCheckMs < 10
                || replayWindowSeconds < 0) {
            throw new IllegalArgumentException("dpbandit.lifecycle: check-interval-ms >= 10, retention-seconds >= 0, "
                    + "step-budget-ms >= 1, leader-check-ms >= 10, replay-window-seconds >= 0");
        }
    }
}

package io.dpbandit.bandit;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param checkIntervalMs  how often each instance looks for epochs to close (default 2000)
 * @param retentionSeconds how long raw contexts and rewards stay after their epoch closed (default 0)
 * @param closeCommitDelayMs fault injection for crash tests only: holds an epoch-close transaction
 *                         open this long after its ledger charge, so a kill can land inside it
 *                         (default 0; never set it in production)
 */
@ConfigurationProperties(prefix = "dpbandit.lifecycle")
public record LifecycleProperties(Long checkIntervalMs, Integer retentionSeconds, Long closeCommitDelayMs) {

    public LifecycleProperties {
        checkIntervalMs = checkIntervalMs == null ? 2000L : checkIntervalMs;
        retentionSeconds = retentionSeconds == null ? 0 : retentionSeconds;
        closeCommitDelayMs = closeCommitDelayMs == null ? 0L : closeCommitDelayMs;
        if (checkIntervalMs < 10 || retentionSeconds < 0) {
            throw new IllegalArgumentException("dpbandit.lifecycle: check-interval-ms >= 10, retention-seconds >= 0");
        }
    }
}

package io.dpbandit.client.privacy;

import java.util.concurrent.ConcurrentHashMap;

/**
 * A {@link ReportLedger} in memory: thread-safe (each bandit's count changes under its map entry's
 * lock), and gone when the object is. Right for tests, simulations and a device whose process lives
 * as long as its user's relationship with the bandit; an app that restarts needs
 * {@link FileReportLedger} or its own durable ledger, or a restart hands the user k more reports.
 */
public final class InMemoryReportLedger implements ReportLedger {

    private final ConcurrentHashMap<String, Integer> counts = new ConcurrentHashMap<>();

    @Override
    public boolean tryRecord(String bandit, int limit) {
        LedgerChecks.check(bandit, limit);
        boolean[] recorded = new boolean[1];
        counts.compute(bandit, (b, n) -> {
            int made = n == null ? 0 : n;
            if (made >= limit) {
                return n;
            }
            recorded[0] = true;
            return made + 1;
        });
        return recorded[0];
    }

    @Override
    public int count(String bandit) {
        LedgerChecks.checkBandit(bandit);
        return counts.getOrDefault(bandit, 0);
    }
}

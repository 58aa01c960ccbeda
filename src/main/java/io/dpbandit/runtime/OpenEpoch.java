package io.dpbandit.runtime;

import io.dpbandit.bandit.EpochStatus;

/**
 * What the lifecycle needs to know about an epoch that is not closed yet: its length T_r, its
 * status, the learning slots handed out and the rounds folded, whether its plan is stored, and
 * whether its bandit is retired (an epoch of a retired bandit that can no longer fill is abandoned).
 */
public record OpenEpoch(String banditId, int number, int length, EpochStatus status, int assigned, int folded,
        boolean planned, boolean retired) {

    public OpenEpoch(String banditId, int number, int length, EpochStatus status, int assigned, int folded,
            boolean planned) {
        this(banditId, number, length, status, assigned, folded, planned, false);
    }

    /** Whether it can never fill: OPEN with slots left, and its bandit retired (no decision will take them). */
    public boolean abandoned() {
        return retired && status == EpochStatus.OPEN && assigned < length;
    }
}

package io.dpbandit.sdk;

/**
 * Where a bandit's current epoch stands.
 *
 * @param status   OPEN, SEALED, CLOSED or ABANDONED
 * @param assigned learning slots handed out
 * @param folded   learning rounds folded into the model
 * @param planned  whether its plan is ready
 * @param work     the background work in progress on it, if any
 * @param progress that work's fraction done, in [0, 1]
 */
public record EpochProgress(EpochStatus status, int assigned, int folded, boolean planned, String work,
        Double progress) {
}

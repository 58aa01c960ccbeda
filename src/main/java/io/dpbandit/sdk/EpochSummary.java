package io.dpbandit.sdk;

import java.time.Instant;

/**
 * One epoch of a bandit's timeline (GET /bandits/{id}/epochs). The lifecycle's dates are instants of
 * its public grid (multiples of the service's check interval): plannedAt, sealedAt, closedAt (for an
 * ABANDONED epoch, when it was abandoned) and openedAt of every epoch after the first.
 *
 * @param width             CAPRI: the released model's confidence width (noise included)
 * @param projectionSize    CAPRI: the released model's projection-set size
 * @param meanActiveSetSize CAPRI: the mean active-set size over the pool sample after this release
 * @param epsilon           the privacy charged for this epoch's release (0 if none)
 * @param delta             the δ charged for it
 */
public record EpochSummary(int number, EpochStatus status, int length, int assigned, int folded, Instant openedAt,
        Instant plannedAt, Instant sealedAt, Instant closedAt, String work, Double progress, Double width,
        Integer projectionSize, Double meanActiveSetSize, double epsilon, double delta) {
}

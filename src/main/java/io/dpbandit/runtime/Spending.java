package io.dpbandit.runtime;

/**
 * How a bandit spends its privacy budget, as its budget view says it: when the ledger charges
 * ({@link Charging}), the share of its creation charge the releases so far have spent, worst case
 * over users, and one sentence that says so for this bandit.
 *
 * @param creationShare share in [0, 1] of the charge made at creation that is spent (1 where the
 *                      algorithm makes none: its charges are paid with the releases they pay for)
 * @param creationRho   the ρ all the releases of the creation charge are worth where they are
 *                      Gaussians, whatever the accountant (null: not Gaussian), so that a share of
 *                      them has an exact (ε, δ) even under BASIC
 */
public record Spending(Charging charging, double creationShare, String sentence, Double creationRho) {

    public Spending(Charging charging, double creationShare, String sentence) {
        this(charging, creationShare, sentence, null);
    }

    public Spending {
        if (!(creationShare >= 0 && creationShare <= 1)) {
            throw new IllegalArgumentException("a spent share is in [0, 1], got " + creationShare);
        }
    }

    /** When a bandit's ledger charges. */
    public enum Charging {
        /** Each release is charged in the transaction that makes it (CAPRI's epochs, USCA's selections). */
        PER_RELEASE,
        /** The whole horizon's continual release is charged once, at creation; spending follows the releases. */
        AT_CREATION,
        /** Each user's device spends when it randomises a report; the per-user cost is charged at creation. */
        ON_DEVICE
    }

    /** Public progress a spent share is a function of: decisions answered and rounds folded. */
    public record Progress(long decisions, long folded) {
    }
}

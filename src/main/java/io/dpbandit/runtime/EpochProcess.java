package io.dpbandit.runtime;

import io.dpbandit.bandit.Phase;
import java.util.Optional;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.privacy.ZcdpAccounting;
import io.dpbandit.privacy.Accountant;
import io.dpbandit.privacy.ReleaseMechanism;
import io.dpbandit.spec.BanditSpec;
import java.util.List;

/**
 * What an algorithm supplies to the one lifecycle engine ({@code io.dpbandit.lifecycle.LifecycleEngine})
 * for an epoch, and nothing more: how its epoch is planned, how settled rounds fold into its
 * running sum, and how a sealed epoch releases. The engine owns the skeleton around these
 * (defaults, the fold and close transactions with their compare-and-sets, sealing, progress,
 * metrics) and calls these functions only; none of them writes anything.
 *
 * @param <W> the typed working memory of one epoch, kept by the engine on the leader (a planning job
 *            in progress, a decoded plan); only a cache: losing it costs recomputation, never data
 */
public interface EpochProcess<W> {

    Class<W> memoryType();

    /** Working memory for {@code epoch}; {@code previous} is the memory of the bandit's epoch before, or null. */
    W memory(OpenEpoch epoch, W previous);

    /**
     * The epoch's public planning, for an algorithm whose epochs need a plan stored before any round
     * folds; empty for one whose epochs need none.
     */
    default Optional<Planning<W>> planning() {
        return Optional.empty();
    }

    /** How an epoch's plan is made. */
    @FunctionalInterface
    interface Planning<W> {
        /** One bounded step of planning (public work only); done with the plan's bytes, or not with progress. */
        PlanStep step(W memory, OpenEpoch epoch, long budgetNanos);
    }

    /**
     * A step of planning. Done: {@code plan} is stored with a compare-and-set and {@code summary}
     * logged; not done: {@code stage} and {@code progress} are shown in the bandit's status.
     */
    record PlanStep(boolean done, String stage, Double progress, byte[] plan, String summary) {
        public static PlanStep progress(String stage, Double progress) {
            return new PlanStep(false, stage, progress, null, null);
        }

        public static PlanStep finished(byte[] plan, String summary) {
            return new PlanStep(true, null, null, plan, summary);
        }
    }

    /**
     * In which order rounds fold. Either way a round folds only once its feedback window has passed
     * (whether or not its reward came earlier): which rounds are in the model at any time is a
     * function of decision times, never of feedback.
     */
    enum FoldOrder {
        /** Waited-out rounds in slot order (a sum over the epoch: order is irrelevant). */
        SETTLED,
        /** Rounds in decision order, stopping at the first whose window is still open (a sequential model). */
        DECISION
    }

    FoldOrder foldOrder();

    /** At most this many rounds per fold transaction. */
    int foldBatch();

    /**
     * Folds take whole units of this many rounds in fold order (a tree's leaf), except the epoch's
     * last, which takes what is left; 1 (the default) for any number.
     */
    default int foldUnit() {
        return 1;
    }

    /**
     * Whether the running sum lives in the epoch's accumulator, which the close drops: a close that
     * finds it gone after rounds were folded lost a race with another instance and releases nothing.
     */
    boolean accumulates();

    /**
     * Whether the fold is a plain sum of per-round terms into an accumulator of doubles, so a batch
     * may be folded in parts, each from an empty accumulator, whose sums are added to the stored one:
     * fold(stored, a ∪ b) = stored + fold(∅, a) + fold(∅, b), exactly in real arithmetic and up to
     * the order of floating-point additions in doubles. The engine then folds a large batch on
     * several threads: it calls {@link #fold} once with no rounds on its own thread first (to build
     * the working memory), and after that concurrently on disjoint parts, so {@code fold} must only
     * read the memory once it is built.
     */
    default boolean foldIsSum() {
        return false;
    }

    /** The rounds added to what is stored: the new accumulator and/or policy state. Writes nothing. */
    Folded fold(W memory, OpenEpoch epoch, Accumulator stored, List<Round> rounds);

    /**
     * The result of a fold. {@code accumulator} replaces the epoch's (null: none kept);
     * {@code policyState}, when not null, replaces the bandit's policy state if it is still at
     * {@code expectedVersion}.
     */
    record Folded(byte[] accumulator, byte[] policyState, long expectedVersion) {
        public static Folded accumulator(byte[] accumulator) {
            return new Folded(accumulator, null, 0);
        }

        public static Folded policyState(byte[] state, long expectedVersion) {
            return new Folded(null, state, expectedVersion);
        }
    }

    /**
     * The epoch is abandoned (its bandit was retired before it filled): what of the model's state
     * must go with it. A model whose policy state keeps exact sums of users' data (a tree's open
     * partial sums, an epoch's exact per-action sums) returns the state without them, over the
     * version it was read at; null when there is nothing to drop (the epoch's accumulator and fold
     * shards are dropped by the engine's storage for every algorithm).
     */
    default Folded abandoned(W memory, OpenEpoch epoch) {
        return null;
    }

    /**
     * The release of a sealed epoch whose rounds are all folded: noise is drawn here (production
     * noise), and the engine commits the result in one transaction, or drops it unseen if another
     * instance closed the epoch first (so it costs no privacy).
     */
    EpochRelease release(W memory, OpenEpoch epoch, Accumulator sealed);

    /**
     * What closing an epoch commits.
     *
     * @param charge           the ledger charge paid for the release (null: none)
     * @param model            the released model (JSON) stored with the closed epoch, or null
     * @param estimator        the bandit's new policy state (USCA's estimator), or null
     * @param phase            the phase the bandit moves to
     * @param nextEpochLength  the next epoch's length, or null when none opens
     * @param summary          what the log line says about the release
     */
    record EpochRelease(Charge charge, String model, byte[] estimator, Phase phase, Integer nextEpochLength,
            String summary) {
    }

    /**
     * A ledger charge: the cost, the budget it is charged against, why, for which epoch, how it
     * composes, its zCDP cost ρ (null for a mechanism without one), the bandit's accountant, the
     * shared budget it also counts against (null: none) and the mechanism (null where it has no
     * zCDP cost). {@code io.dpbandit.ledger.LedgerCharges} turns it into the ledger's entry.
     */
    record Charge(PrivacyCost cost, PrivacyCost budget, String reason, Integer epoch, String composition, Double rho,
            Accountant accountant, String sharedBudget, ReleaseMechanism mechanism) {

        /** A Gaussian release's charge (its ρ = μ²/2), or one without a ρ and so without a mechanism. */
        public Charge(PrivacyCost cost, PrivacyCost budget, String reason, Integer epoch, String composition,
                Double rho, Accountant accountant, String sharedBudget) {
            this(cost, budget, reason, epoch, composition, rho, accountant, sharedBudget,
                    rho == null ? null : ReleaseMechanism.GAUSSIAN);
        }

        /** A BASIC charge, on no shared budget: (ε, δ) adds up. */
        public Charge(PrivacyCost cost, PrivacyCost budget, String reason, Integer epoch, String composition) {
            this(cost, budget, reason, epoch, composition, null, Accountant.BASIC, null);
        }

        /** A charge of a bandit of this spec: its budget, accountant and shared budget from the spec. */
        public static Charge of(BanditSpec spec, PrivacyCost cost, Double rho, String reason, Integer epoch,
                String composition) {
            BanditSpec.Privacy p = spec.privacy();
            return new Charge(cost, new PrivacyCost(p.epsilon(), p.delta()), reason, epoch, composition, rho,
                    p.accountantOrBasic(), p.budget());
        }

        /**
         * ρ of a Gaussian release (or composition of Gaussians) that is (ε, δ)-DP: at most the ρ of
         * the one Gaussian whose exact profile passes through (ε, δ) (Gaussian releases compose
         * exactly as one, Dong, Roth &amp; Su 2019, Cor. 3.3, and that profile is the tightest
         * (ε, δ) curve of a Gaussian), so {@link ZcdpAccounting#gaussianRho} bounds it.
         */
        public static double gaussianRho(PrivacyCost cost) {
            return cost.epsilon() == 0.0 ? 0.0 : ZcdpAccounting.gaussianRho(cost.epsilon(), cost.delta());
        }
    }
}

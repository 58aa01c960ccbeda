package io.dpbandit.algorithms.sequential;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.policy.SequentialPolicy;
import io.dpbandit.runtime.Round;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * A sequential policy as {@link SequentialRuntime} drives it: its state type, how rounds become the
 * policy's observations (a clipped reward under JDP, the client's randomised report under LDP),
 * what of the state is public, and what a locally private decision sends to the client's
 * randomiser. One implementation per algorithm (LinUCB, OnlineUCB, GP-UCB JDP and local JDP).
 *
 * @param <S> the policy's state (private parts and the public snapshot decisions read)
 */
public interface SequentialModel<S> {

    Class<S> stateType();

    /** The state before any round (draws whatever noise the policy fixes up front). */
    S start(NoiseSource noise);

    SequentialPolicy.Choice decide(S state, double[][] candidates, RandomGenerator rng);

    /**
     * Folds settled rounds, in decision order. {@code features[i]} is round i's joint feature
     * vector (null when its raw context is gone); a round without a reward or report counts with
     * {@code defaultReward}.
     */
    S fold(S state, List<Round> rounds, double[][] features, double defaultReward, NoiseSource noise);

    /**
     * Rounds per tree leaf for a model on a tree mechanism: its folds take exactly this many rounds
     * (the last leaf of the horizon may hold fewer), each fold one leaf; 0 for a model without a
     * tree, which takes its rounds in batches of any size.
     */
    default int leafRounds() {
        return 0;
    }

    /**
     * The state without the exact sums of users' data it keeps for what has still to be released (a
     * tree's open partial sums, an epoch's exact sums), for a bandit retired before its horizon: the
     * public snapshot stays. The same object when it keeps none (the locally private models).
     */
    default S withoutExactSums(S state) {
        return state;
    }

    /** The public model: what GET /release shows (post-processing of private releases only). */
    Object publicModel(S state);

    /**
     * The public model's mean score of each candidate feature vector (its reward estimate without
     * any exploration bonus; post-processing of the releases), or empty where it keeps none that a
     * margin could be read from. Used to tell a resolved recommendation from a guess.
     */
    default java.util.Optional<double[]> meanScores(S state, double[][] features) {
        return java.util.Optional.empty();
    }

    /** The learning rounds the public model holds (those of its releases). */
    default long modelRounds(S state) {
        return 0;
    }

    /**
     * Whether the public model holds anything private yet: at least one round folded (one release,
     * for a model released per epoch). A public figure: what it counts is in {@link #publicModel}.
     * Before it, POST /release has no model to answer from (409 not-ready).
     */
    boolean released(S state);

    /**
     * A locally private model's side of the device protocol (its rounds carry client-randomised
     * reports, not rewards); empty for a jointly private model, which sends devices nothing.
     */
    default Optional<DeviceProtocol<S>> local() {
        return Optional.empty();
    }

    /** What a locally private model sends devices and takes back from them. */
    interface DeviceProtocol<S> {

        /** The randomiser's inputs sent with a decision. */
        Object randomiserInput(S state, double[] features);

        /**
         * Checks a client's report against the public parameters and the current state and returns
         * it as stored; a 400 problem if it does not match.
         */
        String check(S state, JsonNode report);
    }

    /** The one ledger charge at creation covering the whole horizon (empty: nothing private). */
    Optional<PrivacyCost> cost();

    /** How the ledger names that charge. */
    String costReason();

    /**
     * The share of {@link #cost()} that the releases of the first {@code folded} rounds have spent,
     * worst case over users. By default every release may hold any user's round, so once one round
     * is folded the whole charge may be spent (an upper bound).
     */
    default double spentShare(long folded) {
        return folded > 0 ? 1.0 : 0.0;
    }

    /**
     * The ρ = μ²/2 that all the releases of the charge are worth together where they are Gaussians
     * (a tree's m nodes of σ for a sensitivity Δ: m·Δ²/(2σ²), Bun &amp; Steinke 2016, Lemma 2.3),
     * whatever accountant charged them; empty otherwise. With it a share of the releases has an
     * exact (ε, δ) under any accountant (the Gaussian profile, Dong, Roth &amp; Su 2019, Cor. 3.3).
     */
    default java.util.OptionalDouble releasesRho() {
        return java.util.OptionalDouble.empty();
    }

    /** One sentence on how {@link #spentShare} grows, for the budget view. */
    default String spending() {
        return "The whole horizon was charged once, at creation; a user's round may be in the first release, so "
                + "from the first folded round spent is the whole charge (an upper bound).";
    }
}

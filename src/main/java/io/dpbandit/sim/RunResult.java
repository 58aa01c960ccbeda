package io.dpbandit.sim;

import java.util.List;

/**
 * The outcome of one simulated run.
 *
 * @param policy          the policy's label (e.g. "capri-engineered")
 * @param epsilon         the privacy parameter (Double.POSITIVE_INFINITY for non-private)
 * @param seed            the run's seed
 * @param curve           cumulative regret at checkpoints
 * @param epochs          per-epoch learning statistics (empty for policies without epochs)
 * @param simpleRegret    expected simple regret of the final recommendation, NaN where not defined
 * @param seconds         wall time of the run
 * @param users           who played and how many rounds learned, for a run with returning users
 *                        ({@link UserPopulation}); null otherwise
 * @param rewards         the mean reward of the actions played, where the run tracks it; null otherwise
 */
public record RunResult(String policy, double epsilon, long seed, RegretCurve curve, List<EpochStats> epochs,
        double simpleRegret, double seconds, Users users, Rewards rewards) {

    public RunResult {
        epochs = List.copyOf(epochs);
    }

    /** A run without reward tracking. */
    public RunResult(String policy, double epsilon, long seed, RegretCurve curve, List<EpochStats> epochs,
            double simpleRegret, double seconds, Users users) {
        this(policy, epsilon, seed, curve, epochs, simpleRegret, seconds, users, null);
    }

    /** The same run with its reward means. */
    public RunResult withRewards(Rewards r) {
        return new RunResult(policy, epsilon, seed, curve, epochs, simpleRegret, seconds, users, r);
    }

    /**
     * Mean expected reward f(c_t, a_t) of the actions played (the realised reward where it is
     * deterministic, as in the multiclass environment).
     *
     * @param overall    over rounds 1..T
     * @param secondHalf over rounds ⌊T/2⌋+1..T
     */
    public record Rewards(double overall, double secondHalf) {
    }

    /** A run without a user population. */
    public RunResult(String policy, double epsilon, long seed, RegretCurve curve, List<EpochStats> epochs,
            double simpleRegret, double seconds) {
        this(policy, epsilon, seed, curve, epochs, simpleRegret, seconds, null);
    }

    /**
     * The rounds of a run with returning users.
     *
     * @param rounds                  every round played (regret counts each one)
     * @param learningRounds          rounds whose reward entered an epoch's sum
     * @param usersSeen               distinct users who came
     * @param heaviestUserRounds      the most rounds any one user played: under unit ROUND, the group
     *                                size that user's guarantee actually covers
     * @param heaviestUserLearning    the most learning rounds of any one user (at most k under USER)
     */
    public record Users(long rounds, long learningRounds, int usersSeen, int heaviestUserRounds,
            int heaviestUserLearning) {

        /** The fraction of rounds that were learning rounds. */
        public double learningFraction() {
            return rounds == 0 ? 0 : (double) learningRounds / rounds;
        }
    }

    /**
     * Statistics of one epoch's elimination over the public support.
     *
     * @param epoch              epoch number r (1-based)
     * @param length             planned rounds T_r
     * @param meanActiveSetSize  mean |X_{r+1}(c)| over the support contexts after the close
     * @param bestEliminated     support contexts whose best action is no longer active
     * @param width              the width Δ_r used for elimination
     * @param noiseSigma         the Gaussian noise standard deviation on the accumulator
     */
    public record EpochStats(int epoch, int length, double meanActiveSetSize, int bestEliminated, double width,
            double noiseSigma) {
    }
}

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
 */
public record RunResult(String policy, double epsilon, long seed, RegretCurve curve, List<EpochStats> epochs,
        double simpleRegret, double seconds) {

    public RunResult {
        epochs = List.copyOf(epochs);
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

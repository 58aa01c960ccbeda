package io.dpbandit.sim;

import io.dpbandit.policy.ContextKey;
import io.dpbandit.sim.env.Environment;
import java.util.HashMap;
import java.util.Map;

/** Accumulates one run's pseudo-regret max_a f(c, a) − f(c, a_t) and samples it at the checkpoints. */
public final class RegretTracker {
    private final Environment env;
    private final int[] checkpoints;
    private final double[] values;
    private final int half;
    private final Map<ContextKey, Double> best;
    private int next;
    private int round;
    private double total;
    private double reward;
    private double rewardFirstHalf;

    /** @param points the points on the curve over {@code horizon} rounds of {@code env} */
    public RegretTracker(Environment env, int horizon, int points) {
        this.env = env;
        this.checkpoints = RegretCurve.checkpoints(horizon, points);
        this.values = new double[checkpoints.length];
        this.half = horizon / 2;
        // Fresh contexts every round (e.g. Shariff & Sheffet 2018's decision sets) never repeat: caching them
        // would only hold every round's context in memory.
        this.best = env.publicContexts().finiteSupport().isPresent() ? new HashMap<>() : null;
    }

    /** The round's context and the action played. */
    public void add(double[] context, int action) {
        double optimum = best == null ? env.bestMeanReward(context)
                : best.computeIfAbsent(new ContextKey(context), k -> env.bestMeanReward(context));
        double mean = env.meanReward(context, action);
        total += optimum - mean;
        reward += mean;
        round++;
        if (round == half) {
            rewardFirstHalf = reward;
        }
        if (next < checkpoints.length && round == checkpoints[next]) {
            values[next++] = total;
        }
    }

    public RegretCurve curve() {
        return new RegretCurve(checkpoints, values);
    }

    /** Mean f(c_t, a_t) over all rounds played and over the rounds after ⌊T/2⌋. */
    public RunResult.Rewards rewards() {
        return new RunResult.Rewards(reward / round, (reward - rewardFirstHalf) / (round - half));
    }
}

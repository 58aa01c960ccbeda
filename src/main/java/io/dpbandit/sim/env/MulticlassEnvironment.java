package io.dpbandit.sim.env;

import io.dpbandit.policy.ContextGenerator;
import io.dpbandit.policy.ContextKey;
import io.dpbandit.policy.JointFeatureMap;
import io.dpbandit.policy.PublicPoolGenerator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * The multiclass-to-bandit protocol on a labelled real data set (the standard conversion used by
 * e.g. Dudík, Langford and Li 2011 and Bietti, Agarwal and Langford 2021, "A Contextual Bandit
 * Bake-off"): each round one labelled row arrives, its features are the context, the actions are
 * the K classes, and the reward is 1 if the action is the row's label and 0 otherwise.
 *
 * <p>{@code heldOut} rows, chosen uniformly without replacement with the environment's random
 * generator, are the public pool κ (CAPRI's context pool) and never arrive as users; each round's
 * user is a row drawn uniformly with replacement from the others. Actions carry one-hot features,
 * so a linear policy plays on φ(c, e_a) with the environment's {@link #featureMap()}.
 *
 * <p>f(c, a) is the fraction of the rows with features c whose label is a: 1{a = label} when the
 * features identify the row (true of the shipped data sets), so rewards are exactly 0 or 1 and the
 * regret of a round is 1 − its reward.
 */
public final class MulticlassEnvironment implements LinearEnvironment {

    private final String name;
    private final List<double[]> stream;
    private final List<double[]> actions;
    private final Map<ContextKey, double[]> labelShares = new HashMap<>();
    private final PublicPoolGenerator pool;
    private final JointFeatureMap featureMap;

    /**
     * @param data       the labelled rows
     * @param heldOut    rows set aside as the public pool (at least 1, fewer than all)
     * @param featureMap φ for the linear policies
     * @param rng        chooses the held-out rows
     */
    public MulticlassEnvironment(LabelledData data, int heldOut, JointFeatureMap featureMap, RandomGenerator rng) {
        if (heldOut < 1 || heldOut >= data.size()) {
            throw new IllegalArgumentException("held-out pool must hold 1.." + (data.size() - 1) + " rows, was " + heldOut);
        }
        this.name = "multiclass:" + data.name();
        this.featureMap = featureMap;
        int n = data.size();
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        for (int i = 0; i < heldOut; i++) { // partial Fisher–Yates: order[0..heldOut) is a uniform subset
            int j = i + rng.nextInt(n - i);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        List<double[]> publicRows = new ArrayList<>(heldOut);
        List<double[]> users = new ArrayList<>(n - heldOut);
        for (int i = 0; i < n; i++) {
            double[] x = data.features().get(order[i]);
            (i < heldOut ? publicRows : users).add(x);
        }
        this.stream = List.copyOf(users);
        this.pool = new PublicPoolGenerator(publicRows);
        for (int i = 0; i < n; i++) {
            labelShares.computeIfAbsent(new ContextKey(data.features().get(i)), k -> new double[data.classes()])
                    [data.labels()[i]] += 1;
        }
        for (double[] shares : labelShares.values()) {
            double total = 0;
            for (double s : shares) {
                total += s;
            }
            for (int a = 0; a < shares.length; a++) {
                shares[a] /= total;
            }
        }
        List<double[]> oneHot = new ArrayList<>(data.classes());
        for (int a = 0; a < data.classes(); a++) {
            double[] e = new double[data.classes()];
            e[a] = 1;
            oneHot.add(e);
        }
        this.actions = List.copyOf(oneHot);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public JointFeatureMap featureMap() {
        return featureMap;
    }

    @Override
    public ContextGenerator publicContexts() {
        return pool;
    }

    /** A row of the user stream, uniformly with replacement. */
    @Override
    public double[] nextUserContext(RandomGenerator rng) {
        return stream.get(rng.nextInt(stream.size())).clone();
    }

    /** The rows users are drawn from (not a copy of the arrays: do not modify). */
    public List<double[]> userRows() {
        return stream;
    }

    @Override
    public List<double[]> actionFeatures() {
        return actions.stream().map(double[]::clone).toList();
    }

    @Override
    public double meanReward(double[] context, int action) {
        return shares(context)[action];
    }

    /** 1 with probability f(c, a): exactly 1{a = label} for a row its features identify (no draw then). */
    @Override
    public double sampleReward(double[] context, int action, RandomGenerator rng) {
        double p = shares(context)[action];
        if (p == 0 || p == 1) {
            return p;
        }
        return rng.nextDouble() < p ? 1.0 : 0.0;
    }

    @Override
    public double rewardBound() {
        return 1.0;
    }

    /** The label of a context its features identify; the most frequent one otherwise (lowest on ties). */
    public int label(double[] context) {
        return bestAction(context);
    }

    private double[] shares(double[] context) {
        double[] s = labelShares.get(new ContextKey(context));
        if (s == null) {
            throw new IllegalArgumentException("context is not a row of the data set");
        }
        return s;
    }
}

package io.dpbandit.sim;

import io.dpbandit.client.privacy.NoiseSource;
import java.util.function.Supplier;

/**
 * What a linear policy's agent is built from: one run's dimension, budget, horizon, batching and noise.
 *
 * @param dimension d of the feature vectors
 * @param epsilon   ε of the whole run (ignored by the non-private policies)
 * @param delta     δ of the whole run
 * @param horizon   T, the rounds of the run
 * @param batch     rounds per fold
 * @param server    the server's noise (e.g. the tree nodes of JDP-LinUCB)
 * @param users     the users' noise (the LDP randomisers)
 * @param blocks    the feature map's independent blocks ({@code JointFeatureMap.blocks}: K for PER_ACTION, 1
 *                  otherwise); only the policies with one model block per action use them
 * @param settings  the run's settings, whose algorithm sections a recipe may read ({@link #section}); null:
 *                  every section's defaults
 */
public record LinearRun(int dimension, double epsilon, double delta, int horizon, int batch, NoiseSource server,
        NoiseSource users, int blocks, SimulationSettings settings) {

    /** A run whose recipes take every algorithm section's defaults. */
    public LinearRun(int dimension, double epsilon, double delta, int horizon, int batch, NoiseSource server,
            NoiseSource users, int blocks) {
        this(dimension, epsilon, delta, horizon, batch, server, users, blocks, null);
    }

    /** An algorithm's section of the run's settings: the one set, else its defaults. */
    public <T> T section(Class<T> type, Supplier<T> defaults) {
        return settings == null ? defaults.get() : settings.section(type, defaults);
    }

    /** The tree takes one leaf per fold, so its horizon n (which fixes m = ⌈log₂ n⌉ + 1) counts folds. */
    public long folds() {
        return (horizon + (long) batch - 1) / batch;
    }

    /** Shariff &amp; Sheffet 2018, App. D: α = 1/n. */
    public double paperAlpha() {
        return 1.0 / horizon;
    }
}

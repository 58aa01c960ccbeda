package io.dpbandit.sim.env;

import io.dpbandit.policy.ContextGenerator;
import io.dpbandit.policy.PublicPoolGenerator;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * An environment whose users draw contexts uniformly from the same public pool that is handed
 * to the policies as κ, with a fixed action catalogue. Subclasses define the rewards.
 */
public abstract class PooledEnvironment implements Environment {

    private final List<double[]> pool;
    private final List<double[]> actions;
    private final PublicPoolGenerator generator;

    protected PooledEnvironment(List<double[]> pool, List<double[]> actions) {
        this.pool = pool.stream().map(double[]::clone).toList();
        this.actions = actions.stream().map(double[]::clone).toList();
        this.generator = new PublicPoolGenerator(this.pool);
    }

    @Override
    public ContextGenerator publicContexts() {
        return generator;
    }

    @Override
    public double[] nextUserContext(RandomGenerator rng) {
        return pool.get(rng.nextInt(pool.size())).clone();
    }

    @Override
    public List<double[]> actionFeatures() {
        return actions.stream().map(double[]::clone).toList();
    }

    /** The pool itself (not a copy): for subclasses computing over it. */
    protected List<double[]> pool() {
        return pool;
    }

    /** Feature vector of an action (not a copy). */
    protected double[] action(int index) {
        return actions.get(index);
    }

    protected int actionCount() {
        return actions.size();
    }
}

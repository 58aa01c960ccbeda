package io.dpbandit.sim;

import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.sim.env.Environment;
import java.util.List;

/**
 * One simulated run of one policy on one environment with one seed: the run's context, which the
 * policy's runner reads. Every source of randomness is derived from the seed ({@link Streams}:
 * users' contexts, rewards, actions, public draws, privacy noise), so a run is reproducible bit for bit.
 */
public final class Simulation {

    private final Environment env;
    private final SimulatedPolicy policy;
    private final double epsilon;
    private final long seed;
    private final int horizon;
    private final SimulationSettings settings;
    private LearningLog learningLog = (round, user) -> { };

    /** Told of every round whose reward enters an epoch's sum (for tests that count them independently). */
    public interface LearningLog {
        /** Round {@code round} (0-based) of {@code user} (−1 without a population) entered a sum. */
        void learned(int round, int user);
    }

    public Simulation(Environment env, SimulatedPolicy policy, double epsilon, long seed, int horizon,
            SimulationSettings settings) {
        this.env = env;
        this.policy = policy;
        this.epsilon = epsilon;
        this.seed = seed;
        this.horizon = horizon;
        this.settings = settings;
    }

    /** The simulated world. */
    public Environment environment() {
        return env;
    }

    /** The same run, reporting each learning round to {@code log}. */
    public Simulation withLearningLog(LearningLog log) {
        this.learningLog = log;
        return this;
    }

    /** Where a runner reports the rounds that learn. */
    public LearningLog learningLog() {
        return learningLog;
    }

    /** The policy this run plays. */
    public SimulatedPolicy policy() {
        return policy;
    }

    public double epsilon() {
        return epsilon;
    }

    public long seed() {
        return seed;
    }

    /** T, the rounds of the run. */
    public int horizon() {
        return horizon;
    }

    public SimulationSettings settings() {
        return settings;
    }

    /** The run's random streams, fresh from its seed. */
    public Streams streams() {
        return new Streams(seed);
    }

    /** A regret tracker for this run's world, horizon and checkpoints. */
    public RegretTracker regretTracker() {
        return new RegretTracker(env, horizon, settings.checkpoints());
    }

    /** The kernel of the policies on the raw joint point: the settings' own, or the median rule's on this world. */
    public KernelSpec kernel() {
        return settings.kernel(env);
    }

    /** The result of a run without epochs or simple regret, with the regret and rewards {@code regret} tracked. */
    public RunResult result(RegretTracker regret) {
        return new RunResult(policy.label(), epsilon, seed, regret.curve(), List.of(), Double.NaN, 0)
                .withRewards(regret.rewards());
    }

    public RunResult run() {
        long started = System.nanoTime();
        RunResult partial = policy.run(this);
        double seconds = (System.nanoTime() - started) / 1e9;
        return new RunResult(partial.policy(), epsilon, seed, partial.curve(), partial.epochs(),
                partial.simpleRegret(), seconds, partial.users(), partial.rewards());
    }
}

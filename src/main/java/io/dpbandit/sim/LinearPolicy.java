package io.dpbandit.sim;

import io.dpbandit.client.privacy.SeededNoiseSource;
import io.dpbandit.policy.JointFeatureMap;
import io.dpbandit.sim.env.Environment;
import io.dpbandit.sim.env.LinearEnvironment;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * A linear policy (linear environments only), one user per round: the round's candidates φ(c, a), the
 * server's decision, the user's reward and message (raw under JDP, randomised on the "device" under LDP),
 * folded in batches of {@link SimulationSettings#batch()}. Each algorithm's package supplies the recipe
 * that builds its agent; each private policy is (ε, δ)-private for the whole run, so it needs a finite ε.
 */
public final class LinearPolicy implements SimulatedPolicy {

    /** How one linear policy's agent is built for a run. */
    @FunctionalInterface
    public interface Recipe {
        SequentialAgent<?, ?> build(LinearRun run);
    }

    private final String label;
    private final boolean isPrivate;
    private final Recipe recipe;
    private final WorldForecast forecast;

    private LinearPolicy(String label, boolean isPrivate, Recipe recipe, WorldForecast forecast) {
        this.label = label;
        this.isPrivate = isPrivate;
        this.recipe = recipe;
        this.forecast = forecast;
    }

    /** A private policy: it needs a finite ε. */
    public static LinearPolicy jointlyOrLocallyPrivate(String label, Recipe recipe) {
        return new LinearPolicy(label, true, recipe, null);
    }

    /** A non-private policy: it runs once per seed whatever the ε list. */
    public static LinearPolicy nonPrivate(String label, Recipe recipe) {
        return new LinearPolicy(label, false, recipe, null);
    }

    /** The same policy, forecast by {@code forecast} for {@code plan --env}. */
    public LinearPolicy withForecast(WorldForecast f) {
        return new LinearPolicy(label, isPrivate, recipe, f);
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public boolean usesEpsilon() {
        return isPrivate;
    }

    @Override
    public boolean linear() {
        return true;
    }

    @Override
    public boolean needsFiniteEpsilon() {
        return isPrivate;
    }

    @Override
    public Optional<WorldForecast> forecast() {
        return Optional.ofNullable(forecast);
    }

    /**
     * The agent of a run.
     *
     * @throws IllegalArgumentException for a private policy at ε = ∞
     */
    public SequentialAgent<?, ?> agent(LinearRun run) {
        if (isPrivate && !Double.isFinite(run.epsilon())) {
            throw new IllegalArgumentException(label + " needs a finite epsilon ('linucb' is the non-private"
                    + " baseline)");
        }
        return recipe.build(run);
    }

    /**
     * The agent of a run of {@code policy}.
     *
     * @throws IllegalArgumentException for a policy that is not linear, or a private one at ε = ∞
     */
    public static SequentialAgent<?, ?> agent(SimulatedPolicy policy, LinearRun run) {
        if (!(policy instanceof LinearPolicy linear)) {
            throw new IllegalArgumentException(policy.label() + " is not a linear policy");
        }
        return linear.agent(run);
    }

    @Override
    public void checkConfiguration(int dimension, double epsilon, int horizon, SimulationSettings settings) {
        agent(new LinearRun(dimension, epsilon, settings.delta(), horizon, settings.batch(), new SeededNoiseSource(0),
                new SeededNoiseSource(0), 1, settings));
    }

    @Override
    public RunResult run(Simulation run) {
        Environment env = run.environment();
        if (!(env instanceof LinearEnvironment linear)) {
            throw new IllegalArgumentException(label + " needs a linear environment, not '" + env.name() + "'");
        }
        SimulationSettings settings = run.settings();
        Streams streams = run.streams();
        SplittableRandom users = streams.users();
        SplittableRandom ties = streams.actions();
        SplittableRandom rewards = streams.rewards();
        SequentialAgent<?, ?> agent = agent(new LinearRun(linear.featureDimension(), run.epsilon(), settings.delta(),
                run.horizon(), settings.batch(), streams.noise(), streams.userNoise(),
                linear.featureMap().blocks(env.actionFeatures().get(0).length), settings));
        RegretTracker regret = run.regretTracker();
        JointFeatureMap features = linear.featureMap();
        List<double[]> catalogue = env.actionFeatures();
        for (int t = 0; t < run.horizon(); t++) {
            double[] c = env.nextUserContext(users);
            // D_t = {φ(c_t, a)}, Shariff & Sheffet 2018 §1.1
            double[][] candidates = features.candidates(c, catalogue);
            int a = agent.decide(candidates, ties);
            regret.add(c, a);
            agent.feedback(candidates[a], env.sampleReward(c, a, rewards));
        }
        return run.result(regret);
    }
}

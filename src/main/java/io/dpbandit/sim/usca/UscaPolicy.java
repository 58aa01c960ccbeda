package io.dpbandit.sim.usca;

import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.policy.JointPoint;
import io.dpbandit.policy.usca.Usca;
import io.dpbandit.policy.usca.UscaConfig;
import io.dpbandit.policy.usca.UscaEstimator;
import io.dpbandit.policy.usca.UscaForecasting;
import io.dpbandit.policy.usca.UscaState;
import io.dpbandit.sim.RegretTracker;
import io.dpbandit.sim.RunResult;
import io.dpbandit.sim.SimulatedPolicy;
import io.dpbandit.sim.Simulation;
import io.dpbandit.sim.Streams;
import io.dpbandit.sim.WorldForecast;
import io.dpbandit.sim.env.Environment;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * {@code usca}: USCA learning uniformly over the whole run, then releasing per context through the
 * exponential mechanism; the run's simple regret is the release's expected regret over the pool.
 */
public final class UscaPolicy implements SimulatedPolicy {

    @Override
    public String label() {
        return "usca";
    }

    @Override
    public boolean usesEpsilon() {
        return true;
    }

    @Override
    public Optional<WorldForecast> forecast() {
        return Optional.of((run, options) -> UscaForecasting.plan(config(run), run.environment().publicContexts(),
                options));
    }

    @Override
    public RunResult run(Simulation run) {
        Environment env = run.environment();
        Streams streams = run.streams();
        SplittableRandom users = streams.users();
        SplittableRandom actions = streams.actions();
        SplittableRandom rewards = streams.rewards();
        SplittableRandom publicDraws = streams.publicDraws();
        NoiseSource noise = streams.noise();
        Usca usca = new Usca(config(run), env.publicContexts());
        RegretTracker regret = run.regretTracker();
        UscaState state = usca.start(publicDraws);
        int horizon = run.horizon();
        List<JointPoint> points = new ArrayList<>(horizon);
        double[] values = new double[horizon];
        for (int t = 0; t < horizon; t++) {
            double[] c = env.nextUserContext(users);
            int a = usca.learningAction(actions);
            regret.add(c, a);
            double y = env.sampleReward(c, a, rewards);
            points.add(new JointPoint(c, a));
            values[t] = usca.contribution(state.plan(), c, a, y).value();
        }
        state = usca.fold(state, points, values);
        UscaEstimator estimator = usca.estimator(state);
        double simple = expectedSimpleRegret(env, usca, estimator, noise);
        return new RunResult(label(), run.epsilon(), run.seed(), regret.curve(), List.of(), simple, 0)
                .withRewards(regret.rewards());
    }

    /** E over the exponential mechanism and over pool contexts of max_x f(c,x) − f(c, x̂(c)). */
    private static double expectedSimpleRegret(Environment env, Usca usca, UscaEstimator estimator,
            NoiseSource noise) {
        List<double[]> contexts = env.publicContexts().finiteSupport().orElseThrow(
                () -> new IllegalStateException("simple regret needs a finite context pool"));
        double total = 0;
        for (double[] c : contexts) {
            double[] p = usca.release(estimator, c, noise).probabilities();
            double best = env.bestMeanReward(c);
            for (int a = 0; a < p.length; a++) {
                total += p[a] * (best - env.meanReward(c, a));
            }
        }
        return total / contexts.size();
    }

    /** The configuration of a run (what the planner forecasts). */
    public static UscaConfig config(Simulation run) {
        Environment env = run.environment();
        // COUNTED: Z's distinct points with their counts, the same estimator as the n_Z draws at a cost
        // set by the support, so n_Z can be several times the support size.
        return new UscaConfig(run.horizon(), env.actionFeatures(), run.kernel(), run.settings().regularization(),
                env.rewardBound(), run.epsilon(), UscaSettings.of(run.settings()).approximationSize(), 5000,
                UscaConfig.Estimator.PAPER, UscaConfig.ApproximatingSet.COUNTED);
    }
}

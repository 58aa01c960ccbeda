package io.dpbandit.sim;

import io.dpbandit.sim.env.Environment;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * {@code linucb-epochs}: the doubling-epoch private disjoint linear policy ({@link EpochLinearUcb}, simulator
 * only, not served) on the raw contexts, its releases drawn from the run's server noise stream; epochs.csv
 * gets one row per release (width = Υ of the model it fits, noise sigma = s). ε = ∞ runs it without noise.
 */
public final class EpochLinearPolicy implements SimulatedPolicy {

    @Override
    public String label() {
        return "linucb-epochs";
    }

    @Override
    public boolean usesEpsilon() {
        return true;
    }

    @Override
    public RunResult run(Simulation run) {
        Environment env = run.environment();
        SimulationSettings settings = run.settings();
        Streams streams = run.streams();
        SplittableRandom users = streams.users();
        SplittableRandom actions = streams.actions();
        SplittableRandom rewards = streams.rewards();
        RegretTracker regret = run.regretTracker();
        EpochLinearSettings options = settings.epochLinear();
        EpochLinearUcb agent = new EpochLinearUcb(env.actionFeatures().size(), env.publicContexts().dimension(),
                run.epsilon(), settings.delta(), run.horizon(), options, streams.noise());
        List<RunResult.EpochStats> epochs = new ArrayList<>();
        int[] ends = agent.epochEnds();
        for (int t = 0; t < run.horizon(); t++) {
            double[] c = env.nextUserContext(users);
            int a = agent.decide(c, actions);
            regret.add(c, a);
            int released = agent.update(a, c, env.sampleReward(c, a, rewards));
            if (released > 0) {
                int length = ends[released - 1] - (released == 1 ? 0 : ends[released - 2]);
                int summed = options.combine() == EpochLinearSettings.Combine.ALL ? released : 1;
                epochs.add(new RunResult.EpochStats(released, length, Double.NaN, 0, agent.upsilon(summed),
                        agent.sigma()));
            }
        }
        return new RunResult(run.policy().label(), run.epsilon(), run.seed(), regret.curve(), epochs, Double.NaN, 0)
                .withRewards(regret.rewards());
    }
}

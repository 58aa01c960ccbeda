package io.dpbandit.sim;

import io.dpbandit.sim.env.Environment;
import java.util.SplittableRandom;

/**
 * {@code linucb-disjoint}: non-private disjoint LinUCB on the raw contexts ({@link DisjointLinUcb}; Li et
 * al. 2010, one ridge model per action, α = 1, λ = 1), every round folded; any environment, once per seed.
 */
public final class DisjointLinUcbPolicy implements SimulatedPolicy {

    @Override
    public String label() {
        return "linucb-disjoint";
    }

    @Override
    public boolean usesEpsilon() {
        return false;
    }

    @Override
    public RunResult run(Simulation run) {
        Environment env = run.environment();
        Streams streams = run.streams();
        SplittableRandom users = streams.users();
        SplittableRandom ties = streams.actions();
        SplittableRandom rewards = streams.rewards();
        RegretTracker regret = run.regretTracker();
        DisjointLinUcb agent = new DisjointLinUcb(env.actionFeatures().size(), env.publicContexts().dimension(),
                DisjointLinUcb.ALPHA, DisjointLinUcb.RIDGE);
        for (int t = 0; t < run.horizon(); t++) {
            double[] c = env.nextUserContext(users);
            int a = agent.decide(c, ties);
            regret.add(c, a);
            agent.update(a, c, env.sampleReward(c, a, rewards));
        }
        return run.result(regret);
    }
}

package io.dpbandit.sim;

import java.util.SplittableRandom;

/** {@code uniform}: uniform random actions, the baseline every ratio is taken against; runs once per seed. */
public final class UniformPlay implements SimulatedPolicy {

    @Override
    public String label() {
        return "uniform";
    }

    @Override
    public boolean usesEpsilon() {
        return false;
    }

    /** It does not learn, so a user-level run changes nothing for it. */
    @Override
    public boolean simulatesUserLevel() {
        return true;
    }

    @Override
    public RunResult run(Simulation run) {
        Streams streams = run.streams();
        SplittableRandom users = streams.users();
        SplittableRandom actions = streams.actions();
        RegretTracker regret = run.regretTracker();
        int k = run.environment().actionFeatures().size();
        for (int t = 0; t < run.horizon(); t++) {
            double[] c = run.environment().nextUserContext(users);
            regret.add(c, actions.nextInt(k));
        }
        return run.result(regret);
    }
}

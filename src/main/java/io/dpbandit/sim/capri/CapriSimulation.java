package io.dpbandit.sim.capri;

import io.dpbandit.client.capri.CapriRandomiser;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.policy.ContextKey;
import io.dpbandit.policy.capri.Capri;
import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.policy.capri.CapriState;
import io.dpbandit.policy.capri.ContributionCalculator;
import io.dpbandit.policy.capri.Elimination;
import io.dpbandit.sim.RegretTracker;
import io.dpbandit.sim.RunResult;
import io.dpbandit.sim.Simulation;
import io.dpbandit.sim.Streams;
import io.dpbandit.sim.UserPopulation;
import io.dpbandit.sim.UserRounds;
import io.dpbandit.sim.env.Environment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.IntSupplier;

/**
 * One simulated CAPRI run (Algorithm 1 of the CAPRI paper, epochs of elimination over the active sets),
 * as the service runs it: JDP sums the raw contributions, LDP folds the reports the client module's
 * randomiser makes on each user's side. With returning users, who comes is drawn from a stream of its
 * own ({@link io.dpbandit.sim.Streams#who()}).
 */
final class CapriSimulation {

    private final Simulation run;
    private final Environment env;
    private final CapriConfig config;

    CapriSimulation(Simulation run, CapriConfig config) {
        this.run = run;
        this.env = run.environment();
        this.config = config;
    }

    RunResult run() {
        Streams streams = run.streams();
        SplittableRandom users = streams.users();
        SplittableRandom actions = streams.actions();
        SplittableRandom rewards = streams.rewards();
        SplittableRandom publicDraws = streams.publicDraws();
        NoiseSource noise = streams.noise();
        Capri capri = new Capri(config, env.publicContexts());
        boolean local = capri.config().privacy().model() == CapriConfig.Model.LDP;
        RegretTracker regret = run.regretTracker();
        List<RunResult.EpochStats> epochs = new ArrayList<>();
        // Returning users: who comes is drawn from a stream of its own, so every other draw is the
        // same as without a population; under unit USER a user past k learning rounds is served but
        // does not learn (nor take a learning slot: the epoch waits for another learning round).
        UserPopulation population = run.settings().population();
        IntSupplier userDraws = population == null ? null : population.draws(streams.who());
        UserRounds userRounds = population == null ? null : new UserRounds(population);

        // Algorithm 1 stops at T: only epochs that complete within the horizon learn and release;
        // after the last one the bandit plays from its last active sets (the service does the same).
        CapriState state = capri.start(publicDraws);
        boolean learning = capri.releases(1);
        Elimination activeSets = capri.elimination(state.models());
        Map<ContextKey, int[]> activeCache = new HashMap<>();
        // tuning.exploit ARGMAX: the latest release's μ̂ per context, for the exploit decisions.
        boolean exploits = capri.config().refinements().exploits();
        Map<ContextKey, double[]> meansCache = new HashMap<>();
        ContributionCalculator contributions = capri.contributions(state.plan());
        CapriRandomiser randomiser = local ? capri.randomiser(state.plan()) : null;
        double[] sum = new double[state.plan().projectionSize()];
        int pending = 0;
        for (int t = 0; t < run.horizon(); t++) {
            double[] c = env.nextUserContext(users);
            ContextKey key = new ContextKey(c);
            int[] active = activeCache.get(key);
            if (active == null) {
                active = activeSets.activeSet(c);
                activeCache.put(key, active);
            }
            double[] means = null;
            if (exploits && activeSets.models() > 0) {
                Elimination models = activeSets;
                means = meansCache.computeIfAbsent(key, k -> models.means(models.models() - 1, c));
            }
            Capri.Decision decision = capri.decide(active, means, learning, state.epoch(), actions);
            int a = decision.action();
            regret.add(c, a);
            boolean learns = learning && !decision.exploits();
            int user = -1;
            if (userRounds != null) {
                user = userDraws.getAsInt();
                if (!userRounds.visit(user, learns)) {
                    continue;
                }
            } else if (!learns) {
                continue;
            }
            run.learningLog().learned(t, user);
            double y = env.sampleReward(c, a, rewards);
            if (local) {
                // Each simulated user randomises on their side, with the client module's code.
                double[] message = randomiser.randomise(c, capri.actionFeatures(a), y, noise).contribution();
                for (int i = 0; i < sum.length; i++) {
                    sum[i] += message[i];
                }
            } else {
                contributions.addTo(sum, c, a, y);
            }
            pending++;
            if (state.roundsInEpoch() + pending >= state.plan().length()) {
                state = capri.fold(state, sum, pending);
                pending = 0;
                int length = state.plan().length();
                Capri.Release release = capri.release(state, noise);
                activeSets = capri.elimination(release.models());
                activeCache.clear();
                meansCache.clear();
                epochs.add(epochStats(release, length, activeSets));
                int next = state.epoch() + 1;
                learning = capri.releases(next);
                if (learning) {
                    state = capri.open(capri.plan(next, release.models(), publicDraws), release.models());
                    contributions = capri.contributions(state.plan());
                    randomiser = local ? capri.randomiser(state.plan()) : null;
                    sum = new double[state.plan().projectionSize()];
                }
            }
        }
        return new RunResult(run.policy().label(), run.epsilon(), run.seed(), regret.curve(), epochs, Double.NaN, 0,
                userRounds == null ? null : userRounds.stats(), regret.rewards());
    }

    private RunResult.EpochStats epochStats(Capri.Release close, int length, Elimination activeSets) {
        List<double[]> support = env.publicContexts().finiteSupport().orElse(List.of());
        double size = 0;
        int lost = 0;
        for (double[] c : support) {
            int[] active = activeSets.activeSet(c);
            size += active.length;
            int best = env.bestAction(c);
            if (Arrays.stream(active).noneMatch(x -> x == best)) {
                lost++;
            }
        }
        return new RunResult.EpochStats(close.model().epoch(), length,
                support.isEmpty() ? Double.NaN : size / support.size(), lost, close.model().width(),
                close.noise().sigma());
    }
}

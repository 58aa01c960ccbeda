package io.dpbandit.sim;

import io.dpbandit.policy.ContextGenerator;
import io.dpbandit.policy.ContextKey;
import io.dpbandit.policy.capri.Capri;
import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.policy.capri.CapriState;
import io.dpbandit.policy.capri.ContributionCalculator;
import io.dpbandit.policy.capri.Elimination;
import io.dpbandit.client.capri.CapriRandomiser;
import io.dpbandit.policy.usca.Usca;
import io.dpbandit.policy.usca.UscaConfig;
import io.dpbandit.policy.usca.UscaEstimator;
import io.dpbandit.policy.usca.UscaState;
import io.dpbandit.policy.JointFeatureMap;
import io.dpbandit.policy.JointPoint;
import io.dpbandit.policy.onlineucb.OnlineUcbConfig;
import io.dpbandit.client.privacy.NoiseSource;
import io.dpbandit.sim.env.Environment;
import io.dpbandit.sim.env.LinearEnvironment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.IntSupplier;

/**
 * One simulated run of one policy on one environment with one seed. Every source of randomness
 * is derived from the seed (users' contexts, rewards, actions, public draws, privacy noise), so a
 * run is reproducible bit for bit.
 */
public final class Simulation {

    private final Environment env;
    private final PolicySpec policy;
    private final double epsilon;
    private final long seed;
    private final int horizon;
    private final SimulationSettings settings;
    private LearningLog learningLog = (round, user) -> { };

    /** Told of every round whose reward enters an epoch's sum (for tests that count them independently). */
    interface LearningLog {
        /** Round {@code round} (0-based) of {@code user} (−1 without a population) entered a sum. */
        void learned(int round, int user);
    }

    public Simulation(Environment env, PolicySpec policy, double epsilon, long seed, int horizon,
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
    Simulation withLearningLog(LearningLog log) {
        this.learningLog = log;
        return this;
    }

    /** The policy this run plays. */
    public PolicySpec policy() {
        return policy;
    }

    public RunResult run() {
        long started = System.nanoTime();
        RunResult partial = switch (policy.family()) {
            case UNIFORM_PLAY -> runUniform();
            case KERNEL_ELIMINATION -> runCapri();
            case UNIFORM_EXPLORATION -> runUsca();
            case GAUSSIAN_PROCESS -> new GpUcbSimulation(env, policy, epsilon, seed, horizon, settings).run();
            case LINEAR -> runLinear();
            case DISJOINT_LINEAR -> runDisjoint();
            case EPOCH_LINEAR -> runEpochLinear();
        };
        double seconds = (System.nanoTime() - started) / 1e9;
        return new RunResult(partial.policy(), epsilon, seed, partial.curve(), partial.epochs(),
                partial.simpleRegret(), seconds, partial.users(), partial.rewards());
    }

    private RunResult runUniform() {
        Streams streams = new Streams(seed);
        SplittableRandom users = streams.users();
        SplittableRandom actions = streams.actions();
        RegretTracker regret = new RegretTracker(env, horizon, settings.checkpoints());
        int k = env.actionFeatures().size();
        for (int t = 0; t < horizon; t++) {
            double[] c = env.nextUserContext(users);
            regret.add(c, actions.nextInt(k));
        }
        return new RunResult(policy.label(), epsilon, seed, regret.curve(), List.of(), Double.NaN, 0)
                .withRewards(regret.rewards());
    }

    /**
     * A linear policy, one user per round: the round's candidates φ(c, a), the server's decision, the
     * user's reward and message (raw under JDP, randomised on the "device" under LDP), folded in
     * batches of {@link SimulationSettings#batch()}.
     */
    private RunResult runLinear() {
        if (!(env instanceof LinearEnvironment linear)) {
            throw new IllegalArgumentException(policy.label() + " needs a linear environment, not '" + env.name() + "'");
        }
        Streams streams = new Streams(seed);
        SplittableRandom users = streams.users();
        SplittableRandom ties = streams.actions();
        SplittableRandom rewards = streams.rewards();
        SequentialAgent<?, ?> agent = LinearAgents.create(policy, linear.featureDimension(), epsilon,
                settings.delta(), horizon, settings.batch(), streams.noise(), streams.userNoise(),
                linear.featureMap().blocks(env.actionFeatures().get(0).length));
        RegretTracker regret = new RegretTracker(env, horizon, settings.checkpoints());
        JointFeatureMap features = linear.featureMap();
        List<double[]> catalogue = env.actionFeatures();
        for (int t = 0; t < horizon; t++) {
            double[] c = env.nextUserContext(users);
            // D_t = {φ(c_t, a)}, Shariff & Sheffet 2018 §1.1
            double[][] candidates = features.candidates(c, catalogue);
            int a = agent.decide(candidates, ties);
            regret.add(c, a);
            agent.feedback(candidates[a], env.sampleReward(c, a, rewards));
        }
        return new RunResult(policy.label(), epsilon, seed, regret.curve(), List.of(), Double.NaN, 0)
                .withRewards(regret.rewards());
    }

    /** Non-private disjoint LinUCB on the raw contexts ({@link DisjointLinUcb}), every round folded. */
    private RunResult runDisjoint() {
        Streams streams = new Streams(seed);
        SplittableRandom users = streams.users();
        SplittableRandom ties = streams.actions();
        SplittableRandom rewards = streams.rewards();
        RegretTracker regret = new RegretTracker(env, horizon, settings.checkpoints());
        DisjointLinUcb agent = new DisjointLinUcb(env.actionFeatures().size(), env.publicContexts().dimension(),
                DisjointLinUcb.ALPHA, DisjointLinUcb.RIDGE);
        for (int t = 0; t < horizon; t++) {
            double[] c = env.nextUserContext(users);
            int a = agent.decide(c, ties);
            regret.add(c, a);
            agent.update(a, c, env.sampleReward(c, a, rewards));
        }
        return new RunResult(policy.label(), epsilon, seed, regret.curve(), List.of(), Double.NaN, 0)
                .withRewards(regret.rewards());
    }

    /**
     * The doubling-epoch private disjoint linear policy ({@link EpochLinearUcb}) on the raw contexts,
     * its releases drawn from the run's server noise stream; epochs.csv gets one row per release
     * (width = Υ of the model it fits, noise sigma = s).
     */
    private RunResult runEpochLinear() {
        Streams streams = new Streams(seed);
        SplittableRandom users = streams.users();
        SplittableRandom actions = streams.actions();
        SplittableRandom rewards = streams.rewards();
        RegretTracker regret = new RegretTracker(env, horizon, settings.checkpoints());
        EpochLinearSettings options = settings.epochLinear();
        EpochLinearUcb agent = new EpochLinearUcb(env.actionFeatures().size(), env.publicContexts().dimension(),
                epsilon, settings.delta(), horizon, options, streams.noise());
        List<RunResult.EpochStats> epochs = new ArrayList<>();
        int[] ends = agent.epochEnds();
        for (int t = 0; t < horizon; t++) {
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
        return new RunResult(policy.label(), epsilon, seed, regret.curve(), epochs, Double.NaN, 0)
                .withRewards(regret.rewards());
    }

    private RunResult runCapri() {
        Streams streams = new Streams(seed);
        SplittableRandom users = streams.users();
        SplittableRandom actions = streams.actions();
        SplittableRandom rewards = streams.rewards();
        SplittableRandom publicDraws = streams.publicDraws();
        NoiseSource noise = streams.noise();
        Capri capri = new Capri(capriConfig(), env.publicContexts());
        boolean local = capri.config().privacy().model() == CapriConfig.Model.LDP;
        RegretTracker regret = new RegretTracker(env, horizon, settings.checkpoints());
        List<RunResult.EpochStats> epochs = new ArrayList<>();
        // Returning users: who comes is drawn from a stream of its own, so every other draw is the
        // same as without a population; under unit USER a user past k learning rounds is served but
        // does not learn (nor take a learning slot: the epoch waits for another learning round).
        UserPopulation population = settings.population();
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
        for (int t = 0; t < horizon; t++) {
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
            learningLog.learned(t, user);
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
        return new RunResult(policy.label(), epsilon, seed, regret.curve(), epochs, Double.NaN, 0,
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

    private RunResult runUsca() {
        Streams streams = new Streams(seed);
        SplittableRandom users = streams.users();
        SplittableRandom actions = streams.actions();
        SplittableRandom rewards = streams.rewards();
        SplittableRandom publicDraws = streams.publicDraws();
        NoiseSource noise = streams.noise();
        Usca usca = new Usca(uscaConfig(), env.publicContexts());
        RegretTracker regret = new RegretTracker(env, horizon, settings.checkpoints());
        UscaState state = usca.start(publicDraws);
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
        double simple = expectedSimpleRegret(usca, estimator, noise);
        return new RunResult(policy.label(), epsilon, seed, regret.curve(), List.of(), simple, 0)
                .withRewards(regret.rewards());
    }

    /** E over the exponential mechanism and over pool contexts of max_x f(c,x) − f(c, x̂(c)). */
    private double expectedSimpleRegret(Usca usca, UscaEstimator estimator, NoiseSource noise) {
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

    CapriConfig capriConfig() {
        List<double[]> actions = env.actionFeatures();
        double b = settings.rewardBound(env.rewardBound());
        CapriConfig.Privacy privacy;
        if (Double.isInfinite(epsilon)) {
            privacy = CapriConfig.Privacy.none();
        } else {
            privacy = new CapriConfig.Privacy(policy == PolicySpec.CAPRI_LDP ? CapriConfig.Model.LDP
                    : CapriConfig.Model.JDP, epsilon, settings.delta(), settings.accountant(policy),
                    settings.groupSize());
        }
        int learningHorizon = learningHorizon(horizon, settings.refinements());
        CapriConfig base = policy == PolicySpec.CAPRI_PAPER
                ? CapriConfig.paper(learningHorizon, actions, kernel(), settings.regularization(), b, privacy)
                : CapriConfig.engineered(learningHorizon, actions, kernel(), settings.regularization(), b,
                        privacy, settings.confidenceScale(), settings.clippingQuantile());
        return base.withProjectionCap(settings.projectionCap()).withComposition(settings.composition())
                .withRefinements(settings.refinements());
    }

    /** CAPRI's and USCA's kernel: the settings' own, or the median rule's on this world's public pool. */
    private io.dpbandit.client.kernel.KernelSpec kernel() {
        if (settings.lengthScaleRule() == SimulationSettings.LengthScaleRule.FIXED) {
            return settings.kernel();
        }
        List<double[]> pool = env.publicContexts().finiteSupport().orElseThrow(() -> new IllegalArgumentException(
                "the median length scale needs a finite public pool"));
        return settings.kernel(pool, env.actionFeatures());
    }

    /**
     * The bandit's horizon, in learning rounds, for a run of {@code rounds} users: the run itself,
     * except that with {@code tuning.exploit ARGMAX} and a share s &gt; 0 only about (1 − s) of the
     * decisions learn, so the bandit is configured as a deployment expecting that many users would
     * configure it, with horizon ⌊(1 − s) · rounds⌋ (its epochs are then scheduled over the learning
     * rounds the run can supply; an epoch the run cannot complete never releases).
     */
    static int learningHorizon(int rounds, CapriConfig.Refinements refinements) {
        if (!refinements.exploits() || refinements.exploitShare() == 0) {
            return rounds;
        }
        return Math.max(1, (int) Math.floor((1 - refinements.exploitShare()) * rounds));
    }

    /**
     * The OnlineUCB configuration of an {@code onlineucb} or {@code onlineucb-paper} run, as
     * {@link LinearAgents} builds it for the run (what the planner forecasts).
     */
    OnlineUcbConfig onlineUcbConfig() {
        if (!(env instanceof LinearEnvironment linear)
                || (policy != PolicySpec.ONLINEUCB && policy != PolicySpec.ONLINEUCB_PAPER)) {
            throw new IllegalArgumentException("the planner forecasts linear worlds for onlineucb and onlineucb-paper"
                    + ", not " + policy.label() + " on '" + env.name() + "'");
        }
        if (!Double.isFinite(epsilon)) {
            throw new IllegalArgumentException(policy.label() + " needs a finite epsilon");
        }
        LinearAgents.Run run = new LinearAgents.Run(linear.featureDimension(), epsilon, settings.delta(), horizon,
                settings.batch(), null, null, 1);
        return policy == PolicySpec.ONLINEUCB ? LinearAgents.onlineEngineered(run) : LinearAgents.onlinePaper(run);
    }

    UscaConfig uscaConfig() {
        // COUNTED: Z's distinct points with their counts, the same estimator as the n_Z draws at a cost
        // set by the support, so n_Z can be several times the support size.
        return new UscaConfig(horizon, env.actionFeatures(), kernel(), settings.regularization(),
                env.rewardBound(), epsilon, settings.approximationSize(), 5000, UscaConfig.Estimator.PAPER,
                UscaConfig.ApproximatingSet.COUNTED);
    }
}

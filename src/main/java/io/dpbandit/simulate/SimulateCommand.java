package io.dpbandit.simulate;

import io.dpbandit.cli.Cli;
import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.sim.EpochOptions;
import io.dpbandit.sim.RegretPlot;
import io.dpbandit.sim.ResultWriter;
import io.dpbandit.sim.RunResult;
import io.dpbandit.sim.SimulatedPolicy;
import io.dpbandit.sim.SimulationRunner;
import io.dpbandit.sim.SimulationSettings;
import io.dpbandit.sim.Summary;
import io.dpbandit.sim.UserPopulation;
import io.dpbandit.sim.env.Environment;
import io.dpbandit.sim.env.LinearEnvironment;
import io.dpbandit.sim.env.LabelledData;
import io.dpbandit.policy.JointFeatureMap;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.LongFunction;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code java -jar target/dpbandit.jar simulate [--option value ...]}: runs policies × ε × seeds
 * on an environment, shows progress on stderr, writes regret.csv, epochs.csv, regret.png and
 * summary.txt to the output folder, and prints the summary table on stdout. {@code --help} lists
 * the options.
 */
@Command(name = "simulate", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
        sortOptions = false, abbreviateSynopsis = true, usageHelpWidth = 110,
        description = {"Runs policies x epsilons x seeds on a simulated world.",
            "Progress on stderr, the summary table on stdout, and regret.csv, epochs.csv, regret.png and "
                + "summary.txt in --out."},
        footer = {"", "Exit codes: 0 done, 1 failed (e.g. --out not writable), 2 usage error."})
public final class SimulateCommand implements Callable<Integer> {

    /** The {@code --help} text. */
    public static final String USAGE = parser(new SimulateCommand(System.out, System.err))
            .getUsageMessage(CommandLine.Help.Ansi.OFF);

    @Spec
    CommandSpec spec;

    private final PrintStream stdout;
    private final PrintStream stderr;

    @Option(names = "--env", paramLabel = "NAME", defaultValue = "kernel", description = "kernel | linear | "
            + "linear-fresh | linear-gap | camelback | styblinski-tang | michalewicz | multiclass (default ${DEFAULT-VALUE}). "
            + "multiclass: a real labelled data set (--dataset) as a bandit, actions = classes, reward 1{action = label}, "
            + "--pool rows held out as the public pool. "
            + "linear: the OnlineUCB paper's world with a fixed catalogue of arms; linear-fresh: the same with the arms drawn "
            + "afresh every round (the OnlineUCB paper App. G); linear-gap: Shariff & Sheffet 2018's (fresh decision sets, gap, ±1 rewards)")
    String env;

    @Option(names = "--policies", paramLabel = "LIST", hideParamSyntax = true, split = ",",
            defaultValue = "uniform,capri-paper,capri", converter = PolicyName.class,
            description = "kernel policies: uniform, capri-paper, capri, capri-ldp, usca; GP-UCB policies "
            + "(camelback, styblinski-tang, michalewicz): gpucb, gpucb-local, gpucb-nonprivate; linear policies "
            + "(linear environments only): linucb, linucb-jdp-gauss, linucb-jdp-gauss-floor, linucb-jdp-gauss-paper, "
            + "linucb-jdp-wishart, linucb-jdp-wishart-paper, onlineucb, onlineucb-paper, ldp-linucb, "
            + "linucb-epochs-served (the served linear.release EPOCHS; --feature-map PER_ACTION, leaves of --batch); on the "
            + "raw context: linucb-disjoint, linucb-epochs "
            + "(default ${DEFAULT-VALUE})")
    List<SimulatedPolicy> policies;

    @Option(names = "--epsilons", paramLabel = "LIST", hideParamSyntax = true, split = ",", defaultValue = "1,inf",
            converter = Epsilon.class, description = "privacy levels, 'inf' for non-private "
            + "(default ${DEFAULT-VALUE}); the private linear policies need finite ones; uniform and linucb "
            + "ignore them")
    List<Double> epsilons;

    @Option(names = "--seeds", paramLabel = "N", defaultValue = "3", converter = Cli.PositiveInteger.class,
            description = "seeds per cell (default ${DEFAULT-VALUE})")
    int seeds;

    @Option(names = "--first-seed", paramLabel = "S", defaultValue = "1", converter = Cli.PositiveInteger.class,
            description = "the first seed: runs seeds S .. S+N-1 (default ${DEFAULT-VALUE}), to split a long table")
    int firstSeed;

    @Option(names = "--horizon", paramLabel = "T", defaultValue = "20000", converter = Cli.PositiveInteger.class,
            description = "rounds per run (default ${DEFAULT-VALUE})")
    int horizon;

    @Option(names = "--pool", paramLabel = "N", defaultValue = "50",
            description = "public contexts (default ${DEFAULT-VALUE})")
    int pool;

    @Option(names = "--actions", paramLabel = "N", description = "catalogue size (default 20; linear and "
            + "linear-fresh 100, linear-gap 25: the papers' K)")
    Integer actions;

    @Option(names = "--dataset", paramLabel = "NAME", defaultValue = "digits", description = "data set of "
            + "--env multiclass: digits (UCI optical digits, 6 principal components + bias, 10 classes; "
            + "src/main/resources/datasets/digits/README.md) or wine (UCI wine, 4 principal components + bias, "
            + "3 classes, 178 rows; src/main/resources/datasets/wine/README.md) (default ${DEFAULT-VALUE})")
    String dataset;

    @Option(names = "--feature-map", paramLabel = "KIND", defaultValue = "OUTER_PRODUCT", description = "joint "
            + "feature map phi(c, a) of the linear policies on --env multiclass, as a linear bandit's "
            + "linear.featureMap: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}; the actions' features are one-hot)")
    JointFeatureMap.Kind featureMap;

    @Option(names = "--dimension", paramLabel = "D", defaultValue = "5",
            description = "feature dimension d of the linear environments (default ${DEFAULT-VALUE})")
    int dimension;

    @Option(names = "--gap", paramLabel = "G", defaultValue = "0.1",
            description = "reward gap of linear-gap (default ${DEFAULT-VALUE})")
    double gap;

    @Option(names = "--batch", paramLabel = "B", defaultValue = "1", description = "rounds per fold of the linear "
            + "policies (default ${DEFAULT-VALUE}: every round is folded before the next decision; B > 1: one fold, "
            + "one tree leaf, per B)")
    int batch;

    @Option(names = "--bumps", paramLabel = "N", defaultValue = "10",
            description = "RBF bumps of the kernel environment (default ${DEFAULT-VALUE})")
    int bumps;

    @Option(names = "--length-scale", paramLabel = "L", defaultValue = "0.3",
            description = "RBF length scale of environment and policies (default ${DEFAULT-VALUE})")
    double lengthScale;

    @Option(names = "--kernel-length-scale", paramLabel = "L|median", description = "RBF length scale of the "
            + "capri and usca policies alone: a number > 0, or median: the median distance between the joint points "
            + "(context ++ action features) of the run's public pool x actions, a public rule computed per run "
            + "(default: --length-scale)")
    String kernelLengthScale;

    @Option(names = "--noise", paramLabel = "S", defaultValue = "0.1",
            description = "reward noise standard deviation, kernel environment (default ${DEFAULT-VALUE})")
    double noise;

    @Option(names = "--tau", paramLabel = "T", defaultValue = "0.1",
            description = "regularisation tau (default ${DEFAULT-VALUE})")
    double tau;

    @Option(names = "--delta", paramLabel = "D", defaultValue = "1e-5",
            description = "privacy delta (default ${DEFAULT-VALUE})")
    double delta;

    @Option(names = "--users", paramLabel = "N", converter = Cli.PositiveInteger.class, description = "returning "
            + "users: each round's user is drawn from a population of N (default: every round a new user)")
    Integer users;

    @Option(names = "--user-skew", paramLabel = "S", description = "with --users: Zipf(S) popularity, P(user i) "
            + "proportional to i^-S, so heavy users exist (default 0: uniform)")
    Double userSkew;

    @Option(names = "--unit", paramLabel = "U", description = "whom the guarantee protects, as the service's "
            + "privacy.unit: round (default) or user (needs --users; capri policies: a user's rounds past "
            + "--max-rounds-per-user are served but do not learn, and the noise covers the user's k rounds)")
    UserPopulation.Unit unit;

    @Option(names = "--max-rounds-per-user", paramLabel = "K", converter = Cli.PositiveInteger.class,
            description = "with --unit user: k, the most learning rounds one user contributes (default 1)")
    Integer maxRoundsPerUser;

    @Option(names = "--checkpoints", paramLabel = "N", defaultValue = "200",
            description = "points per regret curve (default ${DEFAULT-VALUE})")
    int checkpoints;

    @Option(names = "--threads", paramLabel = "N", converter = Cli.PositiveInteger.class,
            description = "parallel runs (default: number of cores)")
    Integer threads;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "sim-out",
            description = "output folder (default ${DEFAULT-VALUE})")
    Path outDir;

    /** The section of {@code linucb-epochs}, listed after the algorithms' sections ({@link #parser}). */
    final EpochOptions epochOptions = new EpochOptions();

    /** @param out the summary table; {@code err} progress and messages */
    public SimulateCommand(PrintStream out, PrintStream err) {
        this.stdout = out;
        this.stderr = err;
    }

    /** Runs the command; returns the process exit code (0 ok, 2 bad arguments, 1 failure). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return Cli.execute(parser(new SimulateCommand(out, err)), args, out, err);
    }

    /**
     * The parser of {@code command}: its own options, then each registered algorithm's section of options
     * (its mixins, in registry order), then {@code linucb-epochs}' section.
     */
    static CommandLine parser(SimulateCommand command) {
        return Cli.parser(spec(command));
    }

    /** The model of {@code command} with every section of options, for {@link #parser} and as a subcommand. */
    public static CommandSpec spec(SimulateCommand command) {
        CommandSpec spec = CommandSpec.forAnnotatedObject(command);
        for (Object mixin : SimulatedPolicies.options()) {
            spec.addMixin(mixin.getClass().getSimpleName(), CommandSpec.forAnnotatedObject(mixin));
        }
        spec.addMixin("epochOptions", CommandSpec.forAnnotatedObject(command.epochOptions));
        return spec;
    }

    @Override
    public Integer call() {
        int k = actions != null ? actions : Worlds.defaultActions(env);
        LongFunction<Environment> envs = env.equals("multiclass")
                ? Worlds.multiclass(LabelledData.shipped(dataset), pool, new JointFeatureMap(featureMap))
                : Worlds.environments(env, pool, k, bumps, lengthScale, noise, dimension, gap);
        Environment sample = envs.apply(1);
        boolean linearWorld = sample instanceof LinearEnvironment;
        checkPolicies(policies, epsilons, env, linearWorld);
        if (policies.stream().anyMatch(p -> p.label().equals("linucb-epochs-served")) && env.equals("multiclass")
                && featureMap != JointFeatureMap.Kind.PER_ACTION) {
            throw new IllegalArgumentException("policy 'linucb-epochs-served' runs the served EPOCHS release, which"
                    + " the service offers with PER_ACTION features only: add --feature-map PER_ACTION");
        }
        // The multiclass world is linear in phi for the linear policies, but its rewards are not linear in
        // the raw joint point: the kernel policies get the RBF kernel there.
        KernelSpec kernel = linearWorld && !env.equals("multiclass") ? KernelSpec.linear()
                : KernelSpec.rbf(policyLengthScale());
        UserPopulation population = population(users, userSkew, unit, maxRoundsPerUser);
        SimulationSettings settings = SimulatedPolicies.configure(new SimulationSettings(kernel, tau, delta,
                checkpoints, batch, Double.NaN, population, epochOptions.settings(),
                "median".equalsIgnoreCase(kernelLengthScale)
                        ? SimulationSettings.LengthScaleRule.MEDIAN : SimulationSettings.LengthScaleRule.FIXED,
                Map.of()), givenOptions());
        checkUserLevel(policies, population, settings);
        if (sample instanceof LinearEnvironment linear) {
            checkLinearConfigurations(policies, epsilons, linear.featureDimension(), horizon, settings);
        }
        int threadCount = threads != null ? threads : Runtime.getRuntime().availableProcessors();
        try {
            Files.createDirectories(outDir);
            var jobs = SimulationRunner.grid(policies, epsilons, seeds, firstSeed);
            stderr.printf(Locale.ROOT, "simulate: %d runs of %d rounds on '%s' with %d threads%n", jobs.size(),
                    horizon, env, threadCount);
            List<RunResult> results = new SimulationRunner(envs, horizon, settings, threadCount, stderr,
                    SimulatedPolicies.labels()).run(jobs);
            ResultWriter.writeRegretCsv(results, outDir.resolve("regret.csv"));
            ResultWriter.writeEpochCsv(results, outDir.resolve("epochs.csv"));
            ResultWriter.writeRunsCsv(results, outDir.resolve("runs.csv"));
            if (population != null) {
                ResultWriter.writeUsersCsv(results, outDir.resolve("users.csv"));
            }
            RegretPlot.write(results, "Cumulative regret on '" + env + "' (T = " + horizon + ", mean of "
                    + seeds + " seeds)", outDir.resolve("regret.png"));
            String table = Summary.table(results);
            Files.writeString(outDir.resolve("summary.txt"), table);
            stdout.print(table);
            stderr.println("simulate: wrote regret.csv, epochs.csv, runs.csv, regret.png and summary.txt to " + outDir);
            return 0;
        } catch (IOException e) {
            stderr.println("simulate: cannot write results: " + e.getMessage());
            return Cli.FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stderr.println("simulate: interrupted");
            return Cli.FAILED;
        }
    }

    /**
     * Every option's text, name without dashes → the text given (the last one; "true" for a flag without a
     * value), else its default: what each algorithm reads its section from ({@link SimulatedPolicies#configure}).
     */
    private Map<String, String> givenOptions() {
        Map<String, String> o = new HashMap<>();
        var matched = spec.commandLine().getParseResult();
        for (OptionSpec option : spec.options()) {
            String name = option.longestName().substring(2);
            if (matched.hasMatchedOption(option)) {
                List<String> texts = option.originalStringValues();
                o.put(name, texts.isEmpty() ? "true" : texts.get(texts.size() - 1));
            } else if (option.defaultValue() != null) {
                o.put(name, option.defaultValue());
            }
        }
        return o;
    }

    /** {@code --policies}: a policy name ({@link SimulatedPolicies#parse}). */
    public static final class PolicyName implements ITypeConverter<SimulatedPolicy> {
        @Override
        public SimulatedPolicy convert(String name) {
            try {
                return SimulatedPolicies.parse(name);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** {@code --epsilons}: a positive number, or 'inf' for non-private. */
    static final class Epsilon implements ITypeConverter<Double> {
        @Override
        public Double convert(String s) {
            String t = s.trim().toLowerCase(Locale.ROOT);
            if (t.equals("inf") || t.equals("infinity")) {
                return Double.POSITIVE_INFINITY;
            }
            try {
                double e = Double.parseDouble(t);
                if (e > 0 && Double.isFinite(e)) {
                    return e;
                }
            } catch (NumberFormatException ex) {
                // reported below
            }
            throw new TypeConversionException("each epsilon must be a positive number or 'inf', was '" + s + "'");
        }
    }


    /**
     * The population of {@code --users}, {@code --user-skew}, {@code --unit} and
     * {@code --max-rounds-per-user} (null: none given), refusing the combinations the service refuses
     * (k with a round-level unit) and those that say nothing (a skew or a user unit without users).
     */
    static UserPopulation population(Integer users, Double skew, UserPopulation.Unit unit, Integer k) {
        UserPopulation.Unit u = unit == null ? UserPopulation.Unit.ROUND : unit;
        if (users == null) {
            if (u == UserPopulation.Unit.USER) {
                throw new IllegalArgumentException("--unit user needs --users N: the population whose rounds are "
                        + "counted");
            }
            if (skew != null) {
                throw new IllegalArgumentException("--user-skew needs --users N");
            }
        }
        if (k != null && u != UserPopulation.Unit.USER) {
            throw new IllegalArgumentException("--max-rounds-per-user applies to --unit user only (a round-level "
                    + "guarantee protects each round on its own)");
        }
        if (users == null) {
            return null;
        }
        if (skew != null && !(skew >= 0)) {
            throw new IllegalArgumentException("--user-skew must be >= 0 (0: uniform), was " + skew);
        }
        return new UserPopulation(users, skew == null ? 0 : skew, u, k == null ? 1 : k);
    }

    /**
     * Unit USER is simulated for the policies whose runners count a user's learning rounds (and uniform play,
     * which does not learn); the others would need their own group calibration here. Each policy may refuse
     * the settings too ({@link SimulatedPolicy#checkUserLevel}).
     */
    static void checkUserLevel(List<SimulatedPolicy> policies, UserPopulation population, SimulationSettings settings) {
        if (population == null || population.unit() != UserPopulation.Unit.USER) {
            return;
        }
        for (SimulatedPolicy p : policies) {
            if (!p.simulatesUserLevel()) {
                throw new IllegalArgumentException("--unit user is simulated for capri, capri-paper and capri-ldp "
                        + "(and uniform, which does not learn), not '" + p.label() + "'");
            }
            p.checkUserLevel(population, settings);
        }
    }

    /**
     * Refuses, before anything runs, a linear policy on a world without linear features and a private
     * linear policy at ε = ∞ (it has no non-private version under its name).
     */
    static void checkPolicies(List<SimulatedPolicy> policies, List<Double> epsilons, String envName, boolean linearWorld) {
        for (SimulatedPolicy p : policies) {
            if (p.linear() && !linearWorld) {
                throw new IllegalArgumentException("policy '" + p.label() + "' needs a linear environment (linear,"
                        + " linear-fresh, linear-gap, multiclass), not '" + envName + "'");
            }
            if (p.needsFiniteEpsilon() && epsilons.stream().anyMatch(e -> e.isInfinite())) {
                throw new IllegalArgumentException("policy '" + p.label() + "' needs finite epsilons (drop 'inf';"
                        + " 'linucb' is the non-private baseline)");
            }
        }
    }

    /**
     * Builds every linear (policy, ε) once before anything runs, so that a configuration the privacy
     * calibration refuses (e.g. Wishart noise where the paper's per-node split cannot certify ε) is
     * reported as a usage error, not as a failed run halfway through the grid.
     */
    static void checkLinearConfigurations(List<SimulatedPolicy> policies, List<Double> epsilons, int dimension,
            int horizon, SimulationSettings settings) {
        for (SimulatedPolicy p : policies) {
            if (!p.linear()) {
                continue;
            }
            for (double e : p.usesEpsilon() ? epsilons : List.of(Double.POSITIVE_INFINITY)) {
                try {
                    p.checkConfiguration(dimension, e, horizon, settings);
                } catch (IllegalArgumentException | IllegalStateException ex) {
                    throw new IllegalArgumentException("policy '" + p.label() + "' cannot run at epsilon "
                            + ResultWriter.eps(e) + ", delta " + settings.delta() + ", horizon " + horizon + ": "
                            + ex.getMessage());
                }
            }
        }
    }

    /** The policies' RBF length scale: --kernel-length-scale when it is a number, else --length-scale. */
    private double policyLengthScale() {
        if (kernelLengthScale == null || "median".equalsIgnoreCase(kernelLengthScale)) {
            return lengthScale;
        }
        double l;
        try {
            l = Double.parseDouble(kernelLengthScale);
        } catch (NumberFormatException e) {
            l = Double.NaN;
        }
        if (!(l > 0 && Double.isFinite(l))) {
            throw new IllegalArgumentException("--kernel-length-scale must be a number > 0 or 'median', was '"
                    + kernelLengthScale + "'");
        }
        return l;
    }
}

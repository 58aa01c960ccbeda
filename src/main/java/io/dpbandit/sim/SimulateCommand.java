package io.dpbandit.sim;

import static io.dpbandit.sim.OptionValues.integer;
import static io.dpbandit.sim.OptionValues.number;

import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.client.privacy.SeededNoiseSource;
import io.dpbandit.sim.env.BenchmarkFunction;
import io.dpbandit.sim.env.BenchmarkFunctionEnvironment;
import io.dpbandit.sim.env.Environment;
import io.dpbandit.sim.env.FreshArmsBernoulliEnvironment;
import io.dpbandit.sim.env.KernelBumpEnvironment;
import io.dpbandit.sim.env.LinearBernoulliEnvironment;
import io.dpbandit.sim.env.LinearEnvironment;
import io.dpbandit.sim.env.LinearGapEnvironment;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.LongFunction;

/**
 * {@code java -jar target/dpbandit.jar simulate [--option value ...]}: runs policies × ε × seeds
 * on an environment, shows progress on stderr, writes regret.csv, epochs.csv, regret.png and
 * summary.txt to the output folder, and prints the summary table on stdout. {@code --help} lists
 * the options.
 */
public final class SimulateCommand {

    static final String USAGE = """
            Usage: simulate [--option value ...]
              --env NAME               kernel | linear | linear-fresh | linear-gap | camelback | styblinski-tang |
                                       michalewicz (default kernel). linear: paper 004's world with a fixed
                                       catalogue of arms; linear-fresh: the same with the arms drawn afresh
                                       every round (paper 004 App. G); linear-gap: paper 001's (fresh decision
                                       sets, gap, ±1 rewards)
              --policies LIST          kernel policies: uniform, capri-paper, capri, capri-ldp, usca;
                                       GP-UCB policies (camelback, styblinski-tang, michalewicz): gpucb,
                                       gpucb-local, gpucb-nonprivate;
                                       linear policies (linear environments only): linucb, linucb-jdp-gauss,
                                       linucb-jdp-gauss-paper, linucb-jdp-wishart, linucb-jdp-wishart-paper,
                                       onlineucb, onlineucb-paper, ldp-linucb (default uniform,capri-paper,capri)
              --epsilons LIST          privacy levels, 'inf' for non-private (default 1,inf); the private
                                       linear policies need finite ones; uniform and linucb ignore them
              --seeds N                seeds per cell (default 3)
              --first-seed S           the first seed: runs seeds S .. S+N-1 (default 1), to split a long table
              --horizon T              rounds per run (default 20000)
              --pool N                 public contexts (default 50)
              --actions N              catalogue size (default 20; linear and linear-fresh 100,
                                       linear-gap 25: the papers' K)
              --dimension D            feature dimension d of the linear environments (default 5)
              --gap G                  reward gap of linear-gap (default 0.1)
              --batch B                rounds per fold of the linear policies (default 1: every round is
                                       folded before the next decision; B > 1: one fold, one tree leaf, per B)
              --bumps N                RBF bumps of the kernel environment (default 10)
              --length-scale L         RBF length scale of environment and policies (default 0.3)
              --noise S                reward noise standard deviation, kernel environment (default 0.1)
              --tau T                  regularisation tau (default 0.1)
              --delta D                privacy delta (default 1e-5)
              --confidence-scale S     statistical width scale of engineered CAPRI (default 5e-5)
              --clip-quantile Q        contribution clipping quantile of engineered CAPRI (default 1.0)
              --composition C          CAPRI's composition over epochs: sequential (the paper's split,
                                       default) or parallel (each epoch spends the full budget)
              --projection-cap M       cap on CAPRI's projection set (default 1000)
              --approximation-size N   USCA's approximating set size (default 1000)
              --checkpoints N          points per regret curve (default 200)
              --threads N              parallel runs (default: number of cores)
              --out DIR                output folder (default sim-out)
            """ + GpUcbOptions.USAGE + RefinementOptions.USAGE;

    private static final Set<String> OPTIONS = Set.of("env", "policies", "epsilons", "seeds", "first-seed", "horizon",
            "pool", "actions", "dimension", "gap", "batch", "bumps", "length-scale", "noise", "tau", "delta", "confidence-scale",
            "clip-quantile", "composition", "projection-cap", "approximation-size", "checkpoints", "threads", "out",
            "elimination", "statistical", "projection", "tau-rule", "residual-floor", "reward-offset", "reward-bound",
            "refined");

    private SimulateCommand() {
    }

    private static CapriConfig.EpochComposition composition(String name) {
        return switch (name.trim().toLowerCase(Locale.ROOT)) {
            case "sequential" -> CapriConfig.EpochComposition.SEQUENTIAL;
            case "parallel" -> CapriConfig.EpochComposition.PARALLEL;
            default -> throw new IllegalArgumentException("--composition must be sequential or parallel");
        };
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command; returns the process exit code (0 ok, 2 bad arguments, 1 failure). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Map<String, String> o;
        try {
            o = parse(args);
        } catch (IllegalArgumentException e) {
            err.println("simulate: " + e.getMessage());
            err.print(USAGE);
            return 2;
        }
        if (o.containsKey("help")) {
            out.print(USAGE);
            return 0;
        }
        try {
            String envName = o.getOrDefault("env", "kernel");
            int pool = integer(o, "pool", 50);
            int actions = integer(o, "actions", defaultActions(envName));
            int bumps = integer(o, "bumps", 10);
            double lengthScale = number(o, "length-scale", 0.3);
            double noise = number(o, "noise", 0.1);
            LongFunction<Environment> envs = environments(envName, pool, actions, bumps, lengthScale, noise,
                    integer(o, "dimension", 5), number(o, "gap", 0.1));
            Environment sample = envs.apply(1);
            boolean linearWorld = sample instanceof LinearEnvironment;
            List<PolicySpec> policies = Arrays.stream(o.getOrDefault("policies", "uniform,capri-paper,capri")
                    .split(",")).map(PolicySpec::parse).toList();
            List<Double> epsilons = Arrays.stream(o.getOrDefault("epsilons", "1,inf").split(","))
                    .map(SimulateCommand::epsilon).toList();
            checkPolicies(policies, epsilons, envName, linearWorld);
            int seeds = integer(o, "seeds", 3);
            int horizon = integer(o, "horizon", 20000);
            KernelSpec kernel = linearWorld ? KernelSpec.linear() : KernelSpec.rbf(lengthScale);
            SimulationSettings settings = new SimulationSettings(kernel, number(o, "tau", 0.1),
                    number(o, "delta", 1e-5), number(o, "confidence-scale", 5e-5), number(o, "clip-quantile", 1.0),
                    integer(o, "projection-cap", 1000), integer(o, "approximation-size", 1000),
                    integer(o, "checkpoints", 200), composition(o.getOrDefault("composition", "sequential")),
                    GpUcbOptions.parse(o), integer(o, "batch", 1), RefinementOptions.refinements(o),
                    RefinementOptions.rewardBound(o));
            if (seeds < 1 || horizon < 1) {
                throw new IllegalArgumentException("--seeds and --horizon must be positive");
            }
            if (sample instanceof LinearEnvironment linear) {
                checkLinearConfigurations(policies, epsilons, linear.featureDimension(), horizon, settings);
            }
            Path dir = Path.of(o.getOrDefault("out", "sim-out"));
            Files.createDirectories(dir);
            int threads = integer(o, "threads", Runtime.getRuntime().availableProcessors());
            long firstSeed = integer(o, "first-seed", 1);
            if (firstSeed < 1) {
                throw new IllegalArgumentException("--first-seed must be positive");
            }
            var jobs = SimulationRunner.grid(policies, epsilons, seeds, firstSeed);
            err.printf(Locale.ROOT, "simulate: %d runs of %d rounds on '%s' with %d threads%n", jobs.size(), horizon,
                    envName, threads);
            List<RunResult> results = new SimulationRunner(envs, horizon, settings, threads, err).run(jobs);
            ResultWriter.writeRegretCsv(results, dir.resolve("regret.csv"));
            ResultWriter.writeEpochCsv(results, dir.resolve("epochs.csv"));
            RegretPlot.write(results, "Cumulative regret on '" + envName + "' (T = " + horizon + ", mean of "
                    + seeds + " seeds)", dir.resolve("regret.png"));
            String table = Summary.table(results);
            Files.writeString(dir.resolve("summary.txt"), table);
            out.print(table);
            err.println("simulate: wrote regret.csv, epochs.csv, regret.png and summary.txt to " + dir);
            return 0;
        } catch (IllegalArgumentException e) {
            err.println("simulate: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("simulate: cannot write results: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("simulate: interrupted");
            return 1;
        }
    }

    /** The papers' K: 100 arms in paper 004's linear world, K = d² = 25 in paper 001's; 20 elsewhere. */
    static int defaultActions(String envName) {
        return switch (envName) {
            case "linear", "linear-fresh" -> 100;
            case "linear-gap" -> 25;
            default -> 20;
        };
    }

    /**
     * Refuses, before anything runs, a linear policy on a world without linear features and a private
     * linear policy at ε = ∞ (it has no non-private version under its name).
     */
    static void checkPolicies(List<PolicySpec> policies, List<Double> epsilons, String envName, boolean linearWorld) {
        for (PolicySpec p : policies) {
            if (p.linear() && !linearWorld) {
                throw new IllegalArgumentException("policy '" + p.label() + "' needs a linear environment (linear,"
                        + " linear-fresh, linear-gap), not '" + envName + "'");
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
    static void checkLinearConfigurations(List<PolicySpec> policies, List<Double> epsilons, int dimension,
            int horizon, SimulationSettings settings) {
        for (PolicySpec p : policies) {
            if (!p.linear()) {
                continue;
            }
            for (double e : p.usesEpsilon() ? epsilons : List.of(Double.POSITIVE_INFINITY)) {
                try {
                    LinearAgents.create(p, dimension, e, settings.delta(), horizon, settings.batch(),
                            new SeededNoiseSource(0), new SeededNoiseSource(0));
                } catch (IllegalArgumentException | IllegalStateException ex) {
                    throw new IllegalArgumentException("policy '" + p.label() + "' cannot run at epsilon "
                            + ResultWriter.eps(e) + ", delta " + settings.delta() + ", horizon " + horizon + ": "
                            + ex.getMessage());
                }
            }
        }
    }

    static LongFunction<Environment> environments(String name, int pool, int actions, int bumps, double lengthScale,
            double noise, int dimension, double gap) {
        return switch (name) {
            case "kernel" -> seed -> new KernelBumpEnvironment(pool, actions, bumps, lengthScale, noise,
                    new SplittableRandom(seed));
            case "linear" -> seed -> new LinearBernoulliEnvironment(actions, dimension, new SplittableRandom(seed));
            case "linear-gap" -> seed -> new LinearGapEnvironment(dimension, actions, gap, new SplittableRandom(seed));
            case "linear-fresh" -> seed -> new FreshArmsBernoulliEnvironment(actions, dimension,
                    new SplittableRandom(seed));
            case "camelback", "styblinski-tang", "michalewicz" -> seed -> new BenchmarkFunctionEnvironment(
                    BenchmarkFunction.valueOf(name.toUpperCase(Locale.ROOT).replace('-', '_')), pool, actions,
                    new SplittableRandom(seed));
            default -> throw new IllegalArgumentException("unknown environment '" + name + "'");
        };
    }

    static Map<String, String> parse(String[] args) {
        Map<String, String> o = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--help") || a.equals("-h")) {
                o.put("help", "");
                continue;
            }
            if (!a.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument '" + a + "'");
            }
            String key = a.substring(2);
            String value;
            int eq = key.indexOf('=');
            if (eq >= 0) {
                value = key.substring(eq + 1);
                key = key.substring(0, eq);
            } else if (key.equals("refined") && (i + 1 >= args.length || args[i + 1].startsWith("--"))) {
                value = "true";
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                throw new IllegalArgumentException("option --" + key + " needs a value");
            }
            if (!OPTIONS.contains(key) && !GpUcbOptions.KEYS.contains(key)) {
                throw new IllegalArgumentException("unknown option --" + key);
            }
            o.put(key, value);
        }
        return o;
    }

    private static double epsilon(String s) {
        String t = s.trim().toLowerCase(Locale.ROOT);
        if (t.equals("inf") || t.equals("infinity")) {
            return Double.POSITIVE_INFINITY;
        }
        try {
            double e = Double.parseDouble(t);
            if (!(e > 0) || !Double.isFinite(e)) {
                throw new NumberFormatException();
            }
            return e;
        } catch (NumberFormatException ex) {
            throw new IllegalArgumentException("each epsilon must be a positive number or 'inf', was '" + s + "'");
        }
    }
}

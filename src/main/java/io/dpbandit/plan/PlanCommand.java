package io.dpbandit.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.algorithms.Algorithms;
import io.dpbandit.algorithms.PlanReportJson;
import io.dpbandit.algorithms.SpecValidation;
import io.dpbandit.runtime.SpecWhatIf;
import io.dpbandit.runtime.Forecaster;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.cli.Cli;
import io.dpbandit.policy.planning.PlanReport;
import io.dpbandit.policy.planning.PlannerOptions;
import io.dpbandit.sim.SimulatedPolicy;
import io.dpbandit.simulate.SimulateCommand;
import io.dpbandit.simulate.WorldPlanner;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code java -jar dpbandit.jar plan SPEC.json [--option value ...]}: the utility planner's
 * forecast for a bandit spec (the JSON of POST /bandits), before any user is served. Prints a table,
 * or the {@link PlanReport} as JSON with {@code --json}. Reads nothing but the spec, or plans the run
 * {@code simulate} would make on a simulated world ({@code --env ...}, {@link WorldPlanner}).
 */
@Command(name = "plan", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class, sortOptions = false,
        abbreviateSynopsis = true, usageHelpWidth = 110,
        description = {"Forecasts what a bandit spec will learn under its privacy budget, before launch.",
            "The utility planner's forecast for a spec (the body of POST /bandits) as a table, or as JSON with "
                + "--json. Reads nothing but the spec; with --env instead it plans the run simulate would make "
                + "on a simulated world."},
        footer = {"", "Exit codes: 0 done, 2 usage error or a spec that cannot be read, is invalid or is of an "
            + "algorithm the planner does not forecast, 1 failed."})
public final class PlanCommand implements Callable<Integer> {

    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .registerModule(new PlanReportJson());

    @Spec
    CommandSpec spec;

    private final PrintStream stdout;
    private final PrintStream stderr;

    @Parameters(arity = "0..1", paramLabel = "SPEC.json",
            description = "a bandit spec, the body of POST /bandits")
    Path specFile;

    @Option(names = "--gap", paramLabel = "G", defaultValue = "0.1",
            description = "the reward gap to forecast the first elimination of (default ${DEFAULT-VALUE})")
    double gap;

    @Option(names = "--json", description = "print the report as JSON instead of a table")
    boolean json;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
            description = "seed of the planner's public draws (default ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--contexts", paramLabel = "N", defaultValue = "50",
            description = "pool contexts sampled for the per-pair statistics (default ${DEFAULT-VALUE})")
    int contexts;

    /** The algorithms' what-if options ({@link Algorithms#planWhatIfs()}), added by {@link #spec}. */
    private final List<SpecWhatIf> whatIfs = Algorithms.planWhatIfs();

    /** The simulated world's options, added by {@link #spec} after the what-ifs. */
    final World world = new World();

    /** The world {@link WorldPlanner} builds, as {@code simulate} would; planned instead of a spec. */
    @Cli.Section(value = "On a simulated world instead of a spec (the options of simulate, one policy and one epsilon; "
            + "the defaults are simulate's):", order = 4)
    static final class World {
        @Option(names = "--env", paramLabel = "NAME",
                description = "kernel | linear | linear-fresh | linear-gap | camelback | styblinski-tang | michalewicz "
                        + "(required for a world)")
        String env;

        @Option(names = "--policy", paramLabel = "P", converter = SimulateCommand.PolicyName.class,
                description = "capri | capri-paper | capri-ldp | usca (default capri); onlineucb | onlineucb-paper on "
                        + "linear worlds")
        SimulatedPolicy policy;

        @Option(names = "--epsilon", paramLabel = "E", converter = WorldEpsilon.class,
                description = "privacy level, 'inf' for non-private (default 1)")
        Double epsilon;

        @Option(names = "--horizon", paramLabel = "T", converter = Cli.PositiveInteger.class,
                description = "rounds (default 20000)")
        Integer horizon;

        @Option(names = "--world-seed", paramLabel = "N", description = "the world's seed (default 1)")
        Integer worldSeed;

        @Option(names = "--pool", paramLabel = "N", description = "public contexts (default 50)")
        Integer pool;

        @Option(names = "--actions", paramLabel = "N", description = "catalogue size (default 20, linear 100)")
        Integer actions;

        @Option(names = "--dimension", paramLabel = "D", description = "feature dimension of linear (default 5)")
        Integer dimension;

        @Option(names = "--bumps", paramLabel = "N", description = "RBF bumps (default 10)")
        Integer bumps;

        @Option(names = "--length-scale", paramLabel = "L", description = "RBF length scale (default 0.3)")
        Double lengthScale;

        @Option(names = "--noise", paramLabel = "S", description = "reward noise (default 0.1)")
        Double noise;

        @Option(names = "--tau", paramLabel = "T", description = "regularisation tau (default 0.1)")
        Double tau;

        @Option(names = "--delta", paramLabel = "D", description = "privacy delta (default 1e-5)")
        Double delta;

        @Option(names = "--confidence-scale", paramLabel = "S", description = "as for simulate (default 5e-5)")
        Double confidenceScale;

        @Option(names = "--clip-quantile", paramLabel = "Q", description = "as for simulate (default 1.0)")
        Double clipQuantile;

        @Option(names = "--projection-cap", paramLabel = "M", description = "as for simulate (default 1000)")
        Integer projectionCap;

        boolean given() {
            return Stream.of(env, policy, epsilon, horizon, worldSeed, pool, actions, dimension, bumps, lengthScale,
                    noise, tau, delta, confidenceScale, clipQuantile, projectionCap).anyMatch(o -> o != null);
        }
    }

    /** {@code --epsilon} as {@link WorldPlanner} reads it: 'inf' or a finite number. */
    static final class WorldEpsilon implements CommandLine.ITypeConverter<Double> {
        @Override
        public Double convert(String text) {
            if (text.trim().equalsIgnoreCase("inf")) {
                return Double.POSITIVE_INFINITY;
            }
            try {
                double e = Double.parseDouble(text.trim());
                if (Double.isFinite(e)) {
                    return e;
                }
            } catch (NumberFormatException ex) {
                // reported below
            }
            throw new TypeConversionException("'" + text + "' is neither a finite number nor 'inf'");
        }
    }

    /** @param out the forecast; {@code err} messages */
    public PlanCommand(PrintStream out, PrintStream err) {
        this.stdout = out;
        this.stderr = err;
    }

    /** Runs the command; returns the process exit code (0 ok, 2 bad arguments or spec, 1 failure). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return Cli.execute(parser(new PlanCommand(out, err)), args, out, err);
    }

    static CommandLine parser(PlanCommand command) {
        return Cli.parser(spec(command));
    }

    /**
     * The model of {@code command}: its own options, each algorithm's what-if options (a plain option, or a
     * section of its own), then the simulated world's section.
     */
    public static CommandSpec spec(PlanCommand command) {
        CommandSpec spec = CommandSpec.forAnnotatedObject(command);
        for (SpecWhatIf w : command.whatIfs) {
            spec.addMixin(w.getClass().getSimpleName(), CommandSpec.forAnnotatedObject(w));
        }
        spec.addMixin("world", CommandSpec.forAnnotatedObject(command.world));
        return spec;
    }

    @Override
    public Integer call() throws IOException {
        if (specFile != null && world.given()) {
            throw new ParameterException(spec.commandLine(),
                    "give either a spec file or a simulated world (--env ...), not both");
        }
        if (specFile == null && world.env == null) {
            throw new ParameterException(spec.commandLine(), world.given()
                    ? "a simulated world needs --env (or give a spec file instead)"
                    : "give the spec file, e.g. plan bandit.json (or --env for a simulated world)");
        }
        PlannerOptions options = new PlannerOptions(gap, seed, contexts);
        PlanReport report;
        if (specFile == null) {
            report = WorldPlanner.plan(givenOptions(), options);
        } else {
            BanditSpec bandit;
            try {
                bandit = SpecValidation.normalise(JSON.readValue(Files.readString(specFile), BanditSpec.class));
            } catch (NoSuchFileException e) {
                stderr.println("plan: cannot read " + specFile + ": no such file");
                return Cli.USAGE;
            } catch (JsonProcessingException e) {
                stderr.println("plan: cannot read " + specFile + ": not a bandit spec: " + e.getOriginalMessage());
                return Cli.USAGE;
            } catch (IOException e) {
                stderr.println("plan: cannot read " + specFile + ": " + e.getMessage());
                return Cli.USAGE;
            } catch (InvalidRequestException e) {
                stderr.println("plan: the spec is not valid: " + e.getMessage());
                return Cli.USAGE;
            }
            try {
                report = plan(bandit, options);
            } catch (InvalidRequestException e) {
                stderr.println("plan: the spec with these options is not valid: " + e.getMessage());
                return Cli.USAGE;
            }
        }
        stdout.print(json ? JSON.writeValueAsString(report) + System.lineSeparator() : table(report));
        return 0;
    }

    /**
     * The forecast for a spec, by its algorithm's descriptor, with the command line's what-if
     * overrides applied to the spec itself (each algorithm's {@link SpecWhatIf}: e.g. the composition,
     * the refinements and reward bound, n_Z) and validated like any spec.
     */
    private PlanReport plan(BanditSpec bandit, PlannerOptions options) {
        Forecaster forecaster = Algorithms.of(bandit.algorithm()).forecaster().orElseThrow(() ->
                new IllegalArgumentException("the planner covers " + Algorithms.names(d -> d.forecaster().isPresent())
                        + ", not " + bandit.algorithm()));
        BanditSpec what = overridden(bandit);
        try {
            // Without what-ifs the spec plans as normalised, its profile's choices and all; with them,
            // the overridden spec pins every option, and its choices would no longer be the plan's.
            if (JSON.writeValueAsString(what).equals(JSON.writeValueAsString(bandit))) {
                return forecaster.forecast(bandit, options);
            }
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        return forecaster.forecast(SpecValidation.normalise(what), options);
    }

    private BanditSpec overridden(BanditSpec b) {
        for (SpecWhatIf w : whatIfs) {
            b = w.apply(b);
        }
        return b;
    }

    /**
     * The options as the user typed them, name → text: the map {@link WorldPlanner} reads (it picks
     * the world's, the composition and the refinements, and ignores the planner's own).
     */
    private Map<String, String> givenOptions() {
        Map<String, String> o = new HashMap<>();
        for (OptionSpec option : spec.commandLine().getParseResult().matchedOptions()) {
            List<String> texts = option.originalStringValues();
            o.put(option.longestName().substring(2), texts.isEmpty() ? "true" : texts.get(texts.size() - 1));
        }
        return o;
    }

    /** The forecast's own table, then the report's notes. */
    static String table(PlanReport report) {
        StringBuilder sb = new StringBuilder(report.forecast().table());
        for (String n : report.notes()) {
            sb.append("* ").append(n).append(System.lineSeparator());
        }
        return sb.toString();
    }
}

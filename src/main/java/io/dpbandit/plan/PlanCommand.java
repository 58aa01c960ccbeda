package io.dpbandit.plan;

import static io.dpbandit.sim.OptionValues.integer;
import static io.dpbandit.sim.OptionValues.number;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.algorithms.SpecValidation;
import io.dpbandit.bandit.InvalidRequestException;
import io.dpbandit.algorithms.capri.CapriAlgorithm;
import io.dpbandit.algorithms.usca.UscaAlgorithm;
import io.dpbandit.policy.ContextGenerator;
import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.policy.planning.CapriForecast;
import io.dpbandit.policy.planning.PlanReport;
import io.dpbandit.policy.planning.PlannerOptions;
import io.dpbandit.policy.planning.UscaForecast;
import io.dpbandit.policy.planning.UtilityPlanner;
import io.dpbandit.policy.usca.UscaConfig;
import io.dpbandit.sim.RefinementOptions;
import io.dpbandit.sim.WorldPlanner;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code java -jar dpbandit.jar plan SPEC.json [--option value ...]}: the utility planner's
 * forecast for a bandit spec (the JSON of POST /bandits), before any user is served. Prints a table,
 * or the {@link PlanReport} as JSON with {@code --json}. Reads nothing but the spec.
 */
public final class PlanCommand {

    static final String USAGE = """
            Usage: plan SPEC.json [--option value ...]
              SPEC.json                a bandit spec, the body of POST /bandits (CAPRI or USCA)
              --gap G                  the reward gap to forecast the first elimination of (default 0.1)
              --json                   print the report as JSON instead of a table
              --seed N                 seed of the planner's public draws (default 1)
              --contexts N             pool contexts sampled for the per-pair statistics (default 50)
              --composition C          CAPRI: sequential or parallel (default: the spec's)
              --approximation-size N   USCA: n_Z (default: the spec's)
            CAPRI refinements (default: the spec's configuration):
            """ + RefinementOptions.USAGE + WorldPlanner.USAGE;

    private static final Set<String> OWN = Set.of("gap", "json", "seed", "contexts", "composition",
            "approximation-size");

    private PlanCommand() {
    }

    /** Runs the command; returns the process exit code (0 ok, 2 bad arguments or spec, 1 failure). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Map<String, String> o;
        String file;
        try {
            o = new HashMap<>();
            file = parse(args, o);
        } catch (IllegalArgumentException e) {
            err.println("plan: " + e.getMessage());
            err.print(USAGE);
            return 2;
        }
        if (o.containsKey("help")) {
            out.print(USAGE);
            return 0;
        }
        try {
            ObjectMapper json = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true)
                    .enable(SerializationFeature.INDENT_OUTPUT);
            if (file == null) {
                PlannerOptions options = options(o);
                PlanReport report = WorldPlanner.plan(o, options);
                out.print(o.containsKey("json") ? json.writeValueAsString(report) + System.lineSeparator()
                        : table(report));
                return 0;
            }
            BanditSpec spec = SpecValidation.normalise(json.readValue(Files.readString(Path.of(file)),
                    BanditSpec.class));
            PlannerOptions options = options(o);
            ContextGenerator contexts = CapriAlgorithm.contexts(spec);
            PlanReport report = switch (spec.algorithm()) {
                case CAPRI -> UtilityPlanner.plan(capriConfig(spec, o), contexts, options);
                case USCA -> UtilityPlanner.plan(uscaConfig(spec, o), contexts, options);
                default -> throw new IllegalArgumentException("the planner covers CAPRI and USCA, not "
                        + spec.algorithm());
            };
            if (o.containsKey("json")) {
                out.println(json.writeValueAsString(report));
            } else {
                out.print(table(report));
            }
            return 0;
        } catch (InvalidRequestException e) {
            err.println("plan: the spec is not valid: " + e.getMessage());
            return 2;
        } catch (IllegalArgumentException e) {
            err.println("plan: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("plan: cannot read " + file + ": " + e.getMessage());
            return 2;
        }
    }

    private static PlannerOptions options(Map<String, String> o) {
        return new PlannerOptions(number(o, "gap", 0.1), integer(o, "seed", 1),
                integer(o, "contexts", 50));
    }

    /** The spec's CAPRI configuration with the command line's overrides. */
    static CapriConfig capriConfig(BanditSpec spec, Map<String, String> o) {
        CapriConfig config = CapriAlgorithm.config(spec);
        if (o.containsKey("composition")) {
            config = config.withComposition(switch (o.get("composition").trim().toLowerCase(Locale.ROOT)) {
                case "sequential" -> CapriConfig.EpochComposition.SEQUENTIAL;
                case "parallel" -> CapriConfig.EpochComposition.PARALLEL;
                default -> throw new IllegalArgumentException("--composition must be sequential or parallel");
            });
        }
        boolean refined = RefinementOptions.OPTIONS.stream().anyMatch(o::containsKey);
        if (refined) {
            config = config.withRefinements(RefinementOptions.refinements(o));
            double b = RefinementOptions.rewardBound(o);
            if (!Double.isNaN(b)) {
                config = config.withRegularization(config.regularization(), b);
            }
        }
        return config;
    }

    static UscaConfig uscaConfig(BanditSpec spec, Map<String, String> o) {
        UscaConfig config = UscaAlgorithm.config(spec);
        if (o.containsKey("approximation-size")) {
            config = config.withApproximatingSet(config.approximatingSet(),
                    integer(o, "approximation-size", 0));
        }
        return config;
    }

    static String table(PlanReport report) {
        StringBuilder sb = new StringBuilder();
        if (report.capri() != null) {
            CapriForecast f = report.capri();
            sb.append(String.format(Locale.ROOT, "CAPRI-%s, T = %d, epsilon = %s, delta = %.3g, %s composition, "
                    + "%s elimination, %d releases (planned in %.1f s)%n", f.privacyModel(), f.horizon(),
                    f.epsilon() == null ? "inf" : fmt(f.epsilon()), f.delta(), f.composition(), f.elimination(),
                    f.releasingEpochs(), f.plannedSeconds()));
            sb.append(String.format(Locale.ROOT, "%5s %8s %9s %5s %7s %8s %8s %8s %9s %9s %9s %9s %s%n", "epoch",
                    "T_r", "start", "|S|", "tau", "C_r", "sigma", "eps", "sd max", "sd med", "pair sd",
                    "resolves", "(10%-90% of pairs)"));
            for (CapriForecast.EpochForecast e : f.epochs()) {
                sb.append(String.format(Locale.ROOT, "%5d %8d %9d %5d %7.3g %8.3g %8.3g %8.3g %9.3g %9.3g %9.3g %9.3g "
                        + "(%.3g-%.3g)%n", e.epoch(), e.length(), e.startRound(), e.projectionSize(),
                        e.regularization(), e.contributionBound(), e.noiseSigma(), e.chargedEpsilon(),
                        e.noiseSdMax(), e.noiseSdMedian(), e.pairNoiseSdMedian(), e.resolvableGap(),
                        e.resolvableGapLow(), e.resolvableGapHigh()));
            }
            sb.append(f.firstEliminationEpoch() == null
                    ? String.format(Locale.ROOT, "A gap of %.3g is not resolved within the horizon.%n", f.gap())
                    : String.format(Locale.ROOT, "A gap of %.3g is first eliminated by epoch %d's model, from round "
                            + "%d of %d.%n", f.gap(), f.firstEliminationEpoch(), f.firstEliminationRound(),
                            f.horizon()));
            sb.append(String.format(Locale.ROOT, "Privacy charged over all releases: epsilon = %.4g, delta = %.4g%n",
                    f.totalEpsilon(), f.totalDelta()));
        }
        if (report.usca() != null) {
            UscaForecast u = report.usca();
            sb.append(String.format(Locale.ROOT, "USCA, T = %d, epsilon = %s per release, n_Z = %d (%d distinct, "
                    + "%.1f%% of the %d support points; planned in %.1f s)%n", u.horizon(),
                    u.epsilon() == null ? "inf" : fmt(u.epsilon()), u.approximationDraws(), u.approximationPoints(),
                    100 * u.coverage(), u.supportSize(), u.plannedSeconds()));
            sb.append(String.format(Locale.ROOT, "sup sigma^2 = %.4g, sensitivity m = %.4g, log-odds per unit reward "
                    + "= %s%n", u.supSigmaSq(), u.sensitivity(),
                    u.inverseTemperature() == null ? "inf" : String.format(Locale.ROOT, "%.4g", u.inverseTemperature())));
            sb.append(String.format(Locale.ROOT, "Even odds for the best action at a gap of %.3g to every other "
                    + "action; at a gap of %.3g: P(best) = %.3f, simple regret %.4f%n", u.evenOddsGap(), u.gap(),
                    u.bestProbabilityAtGap(), u.simpleRegretAtGap()));
        }
        for (String n : report.notes()) {
            sb.append("* ").append(n).append(System.lineSeparator());
        }
        return sb.toString();
    }

    private static String fmt(double v) {
        return new java.math.BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
    }

    /** Options into {@code o}; returns the spec file. */
    static String parse(String[] args, Map<String, String> o) {
        Set<String> known = new HashSet<>(OWN);
        known.addAll(RefinementOptions.OPTIONS);
        known.addAll(WorldPlanner.OPTIONS);
        String file = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--help") || a.equals("-h")) {
                o.put("help", "");
                continue;
            }
            if (!a.startsWith("--")) {
                if (file != null) {
                    throw new IllegalArgumentException("unexpected argument '" + a + "'");
                }
                file = a;
                continue;
            }
            String key = a.substring(2);
            if (!known.contains(key)) {
                throw new IllegalArgumentException("unknown option --" + key);
            }
            boolean flag = key.equals("json") || key.equals("refined");
            if (flag && (i + 1 >= args.length || args[i + 1].startsWith("--"))) {
                o.put(key, "true");
            } else if (i + 1 < args.length) {
                o.put(key, args[++i]);
            } else {
                throw new IllegalArgumentException("option --" + key + " needs a value");
            }
        }
        if (file == null && !o.containsKey("help") && !o.containsKey("env")) {
            throw new IllegalArgumentException("give the spec file, e.g. plan bandit.json (or --env for a simulated world)");
        }
        if (file != null && o.keySet().stream().anyMatch(WorldPlanner.OPTIONS::contains)) {
            throw new IllegalArgumentException("give either a spec file or a simulated world (--env ...), not both");
        }
        return file;
    }

}

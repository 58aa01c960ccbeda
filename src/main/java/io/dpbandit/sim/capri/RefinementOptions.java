package io.dpbandit.sim.capri;

import io.dpbandit.cli.Cli;
import io.dpbandit.policy.capri.CapriConfig.Refinements;
import java.util.Map;
import java.util.stream.Stream;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * The command-line options of CAPRI's refinements ({@link Refinements}), shared by {@code simulate}
 * and {@code plan} (as {@code algorithms.capri.RefinementWhatIf}) as a mixin with its own section in {@code --help}. Every field is null when its option is not given, so that
 * {@code plan} can keep a spec's own refinements.
 */
@Cli.Section(value = "CAPRI refinements (default: the paper's algorithm, or for plan the spec's configuration):", order = 2)
public class RefinementOptions {

    @Option(names = "--elimination", paramLabel = "E", description = "CAPRI's elimination test: width "
            + "(paper, 4 Delta) or pairwise (exact noise of each difference)")
    Refinements.EliminationTest elimination;

    @Option(names = "--statistical", paramLabel = "S", description = "CAPRI's statistical width: theory "
            + "(scale x beta sigma_max) or variance (z B ||A v||, no tuned scale)")
    Refinements.StatisticalTerm statistical;

    @Option(names = "--projection", paramLabel = "P",
            description = "CAPRI's |S|: random (paper, capped) or planned (from the public kernel spectrum)")
    Refinements.ProjectionRule projection;

    @Option(names = "--tau-rule", paramLabel = "R",
            description = "CAPRI's tau: fixed (--tau) or planned (1 + sigma^2 / B^2 per epoch)")
    Refinements.TauRule tauRule;

    @Option(names = "--residual-floor", paramLabel = "F",
            description = "planned projection: trace fraction the truncation may drop (0.1)")
    Double residualFloor;

    @Option(names = "--reward-offset", paramLabel = "B0",
            description = "rewards enter as clip(y - B0, -B, B) (default 0)")
    Double rewardOffset;

    @Option(names = "--reward-bound", paramLabel = "B", converter = Cli.PositiveNumber.class,
            description = "B the policies clip to (default: the world's bound)")
    Double rewardBound;

    @Option(names = "--exploit", paramLabel = "X", description = "CAPRI's decisions that do not learn: none "
            + "(paper: uniform over the active set) or argmax (the latest release's argmax inside the active set, "
            + "after the last release and on a --exploit-share of the learning epochs' decisions)")
    Refinements.Exploit exploit;

    @Option(names = "--exploit-share", paramLabel = "S|auto", converter = ShareOrAuto.class, description = "with "
            + "--exploit argmax: the share of decisions in [0, 1) that exploit while the bandit learns (default 0); the "
            + "bandit's horizon is then (1 - S) T learning rounds. auto (simulate only): the share in 0, 0.25, 0.5, 0.75 "
            + "the planner forecasts to learn most over the run (CapriDefaults; a prototype, not served)")
    Double exploitShare;

    /** {@code --exploit-share}: a number, or 'auto' (NaN: the planner chooses per run). */
    public static final class ShareOrAuto implements ITypeConverter<Double> {
        @Override
        public Double convert(String s) {
            if ("auto".equalsIgnoreCase(s.trim())) {
                return Double.NaN;
            }
            try {
                return Double.parseDouble(s.trim());
            } catch (NumberFormatException e) {
                throw new TypeConversionException("--exploit-share must be a number in [0, 1) or auto, was '" + s
                        + "'");
            }
        }
    }

    /** Whether {@code --exploit-share auto} was given: the planner chooses the share per run. */
    public boolean plannedShare() {
        return exploitShare != null && exploitShare.isNaN();
    }

    @Option(names = "--capri-first-epoch", paramLabel = "F", description = "CAPRI's first epoch as a share of its "
            + "horizon in (0, 0.5] (doubling after it), instead of the paper's ceil(sqrt T) (simulator prototype)")
    Double firstEpoch;

    @Option(names = "--refined", arity = "0..1", paramLabel = "true|false", description = "shorthand: pairwise, "
            + "variance, planned, planned, with --reward-offset 0.5 and --reward-bound 0.5 (rewards in [0, 1])")
    Boolean refined;

    /** Whether any of the options was given ({@code plan} keeps the spec's refinements otherwise). */
    public boolean given() {
        return Stream.of(elimination, statistical, projection, tauRule, residualFloor, rewardOffset, rewardBound,
                refined, exploit, exploitShare, firstEpoch).anyMatch(o -> o != null);
    }

    /** The refinements the options ask for (the paper's where none is given). */
    public Refinements refinements() {
        Refinements r = Boolean.TRUE.equals(refined) ? Refinements.planned(0.5) : Refinements.paper();
        if (elimination != null) {
            r = r.withElimination(elimination);
        }
        if (statistical != null) {
            r = r.withStatistical(statistical);
        }
        if (projection != null) {
            r = r.withProjection(projection);
        }
        if (tauRule != null) {
            r = r.withTau(tauRule);
        }
        if (residualFloor != null) {
            r = r.withResidualFloor(residualFloor);
        }
        if (rewardOffset != null) {
            r = r.withRewardOffset(rewardOffset);
        }
        if (firstEpoch != null) {
            if (!(firstEpoch > 0 && firstEpoch <= 0.5)) {
                throw new IllegalArgumentException("--capri-first-epoch must lie in (0, 0.5], was " + firstEpoch);
            }
            r = r.withFirstEpoch(firstEpoch);
        }
        if (exploit == Refinements.Exploit.NONE && exploitShare != null) {
            throw new IllegalArgumentException("--exploit-share needs --exploit argmax");
        }
        if (exploitShare != null && !exploitShare.isNaN() && !(exploitShare >= 0 && exploitShare < 1)) {
            throw new IllegalArgumentException("--exploit-share must lie in [0, 1), was " + exploitShare);
        }
        if (exploit != null || exploitShare != null) {
            r = r.withExploit(exploit == null ? Refinements.Exploit.ARGMAX : exploit,
                    exploitShare == null || exploitShare.isNaN() ? 0.0 : exploitShare);
        }
        return r;
    }

    /** The reward bound override, NaN for none ({@code --refined} implies 0.5). */
    public double rewardBound() {
        if (rewardBound != null) {
            return rewardBound;
        }
        return Boolean.TRUE.equals(refined) ? 0.5 : Double.NaN;
    }

    /** {@link #refinements()} of the options in a map (name without dashes → value; others ignored). */
    public static Refinements refinements(Map<String, String> o) {
        return Cli.parseMap(new RefinementOptions(), o).refinements();
    }

    /** {@link #plannedShare()} of the options in a map (name without dashes → value; others ignored). */
    public static boolean plannedShare(Map<String, String> o) {
        return Cli.parseMap(new RefinementOptions(), o).plannedShare();
    }

    /** {@link #rewardBound()} of the options in a map (name without dashes → value; others ignored). */
    public static double rewardBound(Map<String, String> o) {
        return Cli.parseMap(new RefinementOptions(), o).rewardBound();
    }
}

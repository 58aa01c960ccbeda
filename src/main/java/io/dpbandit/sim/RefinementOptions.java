package io.dpbandit.sim;

import io.dpbandit.policy.capri.CapriConfig.Refinements;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The command-line options of CAPRI's refinements ({@link Refinements}), shared by the
 * {@code simulate} and {@code plan} commands.
 */
public final class RefinementOptions {

    public static final String USAGE = """
              --elimination E          CAPRI's elimination test: width (paper, 4 Delta) or pairwise
                                       (exact noise of each difference)
              --statistical S          CAPRI's statistical width: theory (scale x beta sigma_max) or
                                       variance (z B ||A v||, no tuned scale)
              --projection P           CAPRI's |S|: random (paper, capped) or planned (from the public
                                       kernel spectrum)
              --tau-rule R             CAPRI's tau: fixed (--tau) or planned (1 + sigma^2 / B^2 per epoch)
              --residual-floor F       planned projection: trace fraction the truncation may drop (0.1)
              --reward-offset B0       rewards enter as clip(y - B0, -B, B) (default 0)
              --reward-bound B         B the policies clip to (default: the world's bound)
              --refined                shorthand: pairwise, variance, planned, planned, with
                                       --reward-offset 0.5 and --reward-bound 0.5 (rewards in [0, 1])
            """;

    public static final Set<String> OPTIONS = Set.of("elimination", "statistical", "projection", "tau-rule",
            "residual-floor", "reward-offset", "reward-bound", "refined");

    private RefinementOptions() {
    }

    /** The refinements the options ask for (the paper's where none is given). */
    public static Refinements refinements(Map<String, String> o) {
        boolean refined = o.containsKey("refined") && !"false".equalsIgnoreCase(o.get("refined"));
        Refinements r = refined ? Refinements.planned(0.5) : Refinements.paper();
        if (o.containsKey("elimination")) {
            r = r.withElimination(choice(o, "elimination", Refinements.EliminationTest.class));
        }
        if (o.containsKey("statistical")) {
            r = r.withStatistical(choice(o, "statistical", Refinements.StatisticalTerm.class));
        }
        if (o.containsKey("projection")) {
            r = r.withProjection(choice(o, "projection", Refinements.ProjectionRule.class));
        }
        if (o.containsKey("tau-rule")) {
            r = r.withTau(choice(o, "tau-rule", Refinements.TauRule.class));
        }
        if (o.containsKey("residual-floor")) {
            r = r.withResidualFloor(number(o, "residual-floor"));
        }
        if (o.containsKey("reward-offset")) {
            r = r.withRewardOffset(number(o, "reward-offset"));
        }
        return r;
    }

    /** The reward bound override, NaN for none ({@code --refined} implies 0.5). */
    public static double rewardBound(Map<String, String> o) {
        if (o.containsKey("reward-bound")) {
            double b = number(o, "reward-bound");
            if (!(b > 0)) {
                throw new IllegalArgumentException("--reward-bound must be positive");
            }
            return b;
        }
        boolean refined = o.containsKey("refined") && !"false".equalsIgnoreCase(o.get("refined"));
        return refined ? 0.5 : Double.NaN;
    }

    private static <E extends Enum<E>> E choice(Map<String, String> o, String key, Class<E> type) {
        String v = o.get(key).trim().toUpperCase(Locale.ROOT);
        try {
            return Enum.valueOf(type, v);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--" + key + " must be one of "
                    + java.util.Arrays.toString(type.getEnumConstants()).toLowerCase(Locale.ROOT));
        }
    }

    private static double number(Map<String, String> o, String key) {
        try {
            double d = Double.parseDouble(o.get(key).trim());
            if (!Double.isFinite(d)) {
                throw new NumberFormatException();
            }
            return d;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + key + " must be a finite number, was '" + o.get(key) + "'");
        }
    }
}

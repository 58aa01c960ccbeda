package io.dpbandit.sim;

import static io.dpbandit.sim.OptionValues.integer;
import static io.dpbandit.sim.OptionValues.number;

import io.dpbandit.policy.gpucb.GpUcbConfig;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The command-line options of the GP-UCB policies ({@code gpucb}, {@code gpucb-local},
 * {@code gpucb-nonprivate}), kept apart from {@link SimulateCommand}'s own so that the command only
 * forwards them.
 */
final class GpUcbOptions {

    static final Set<String> KEYS = Set.of("qff-nodes", "qff-length-scale", "gpucb-ridge", "gpucb-rho",
            "gpucb-rkhs-bound", "gpucb-zeta", "gpucb-calibration", "gpucb-shift", "gpucb-shift-scale",
            "gpucb-radius-scale", "gpucb-batch");

    static final String USAGE = """
            GP-UCB with quadrature Fourier features (policies gpucb, gpucb-local, gpucb-nonprivate;
            epsilon is the paper's alpha, --delta its beta; joint point = context ++ action features):
              --qff-nodes N            quadrature nodes per dimension m-bar, M = 2 m-bar^d features (default 10)
              --qff-length-scale L     SE kernel length scale on the joint points (default 0.5)
              --gpucb-ridge R          ridge lambda (default 0.25 = rho^2)
              --gpucb-rho R            reward noise scale rho (default 0.5, Bernoulli)
              --gpucb-rkhs-bound B     RKHS norm bound B (default 1)
              --gpucb-zeta Z           confidence failure probability zeta (default 0.1)
              --gpucb-calibration C    paper | analytic noise calibration (default analytic)
              --gpucb-shift S          paper | sharp bound Lambda of the PSD shift (default sharp)
              --gpucb-shift-scale S    shift = S * 2 Lambda, S > 1/2 (default 1)
              --gpucb-radius-scale C   UCB bonus = C * theoretical radius (default 0.1)
              --gpucb-batch N          rounds per fold, one tree leaf per fold (default 1)
            """;

    private GpUcbOptions() {
    }

    static GpUcbSettings parse(Map<String, String> o) {
        return new GpUcbSettings(integer(o, "qff-nodes", 10), number(o, "qff-length-scale", 0.5),
                number(o, "gpucb-ridge", 0.25), number(o, "gpucb-rho", 0.5), number(o, "gpucb-rkhs-bound", 1.0),
                number(o, "gpucb-zeta", 0.1), calibration(o.getOrDefault("gpucb-calibration", "analytic")),
                shiftRule(o.getOrDefault("gpucb-shift", "sharp")), number(o, "gpucb-shift-scale", 1.0),
                number(o, "gpucb-radius-scale", 0.1), integer(o, "gpucb-batch", 1));
    }

    private static GpUcbConfig.Calibration calibration(String s) {
        return switch (s.trim().toLowerCase(Locale.ROOT)) {
            case "paper" -> GpUcbConfig.Calibration.PAPER;
            case "analytic" -> GpUcbConfig.Calibration.ANALYTIC;
            default -> throw new IllegalArgumentException("--gpucb-calibration must be paper or analytic");
        };
    }

    private static GpUcbConfig.ShiftRule shiftRule(String s) {
        return switch (s.trim().toLowerCase(Locale.ROOT)) {
            case "paper" -> GpUcbConfig.ShiftRule.PAPER;
            case "sharp" -> GpUcbConfig.ShiftRule.SHARP;
            default -> throw new IllegalArgumentException("--gpucb-shift must be paper or sharp");
        };
    }

}

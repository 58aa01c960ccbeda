package io.dpbandit.sim.gpucb;

import io.dpbandit.cli.Cli;
import io.dpbandit.policy.gpucb.GpUcbConfig;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The command-line options of the GP-UCB policies ({@code gpucb}, {@code gpucb-local},
 * {@code gpucb-nonprivate}), a section of {@code simulate}'s options; their defaults are
 * {@link GpUcbSettings#defaults()}.
 */
@Cli.Section(value = "GP-UCB with quadrature Fourier features (policies gpucb, gpucb-local, gpucb-nonprivate; epsilon is "
        + "the paper's alpha, --delta its beta; joint point = context ++ action features):", order = 1)
public final class GpUcbOptions {

    @Option(names = "--qff-nodes", paramLabel = "N", defaultValue = "10",
            description = "quadrature nodes per dimension m-bar, M = 2 m-bar^d features (default ${DEFAULT-VALUE})")
    int nodes;

    @Option(names = "--qff-length-scale", paramLabel = "L", defaultValue = "0.5",
            description = "SE kernel length scale on the joint points (default ${DEFAULT-VALUE})")
    double lengthScale;

    @Option(names = "--gpucb-ridge", paramLabel = "R", defaultValue = "0.25",
            description = "ridge lambda (default ${DEFAULT-VALUE} = rho^2)")
    double ridge;

    @Option(names = "--gpucb-rho", paramLabel = "R", defaultValue = "0.5",
            description = "reward noise scale rho (default ${DEFAULT-VALUE}, Bernoulli)")
    double rho;

    @Option(names = "--gpucb-rkhs-bound", paramLabel = "B", defaultValue = "1",
            description = "RKHS norm bound B (default ${DEFAULT-VALUE})")
    double rkhsBound;

    @Option(names = "--gpucb-zeta", paramLabel = "Z", defaultValue = "0.1",
            description = "confidence failure probability zeta (default ${DEFAULT-VALUE})")
    double zeta;

    @Option(names = "--gpucb-calibration", paramLabel = "C", defaultValue = "analytic",
            description = "paper | analytic noise calibration (default ${DEFAULT-VALUE})")
    GpUcbConfig.Calibration calibration;

    @Option(names = "--gpucb-shift", paramLabel = "S", defaultValue = "sharp",
            description = "paper | sharp bound Lambda of the PSD shift (default ${DEFAULT-VALUE})")
    GpUcbConfig.ShiftRule shift;

    @Option(names = "--gpucb-shift-scale", paramLabel = "S", defaultValue = "1",
            description = "shift = S * 2 Lambda, S > 1/2 (default ${DEFAULT-VALUE})")
    double shiftScale;

    @Option(names = "--gpucb-regulariser", paramLabel = "R", defaultValue = "shift",
            description = "shift | floor: the paper's + S * 2 Lambda on every eigenvalue, or eigenvalues raised to "
                    + "S * Lambda (default ${DEFAULT-VALUE})")
    GpUcbConfig.Regulariser regulariser;

    @Option(names = "--gpucb-radius-scale", paramLabel = "C", defaultValue = "0.1",
            description = "UCB bonus = C * theoretical radius (default ${DEFAULT-VALUE})")
    double radiusScale;

    @Option(names = "--gpucb-batch", paramLabel = "N", defaultValue = "1", converter = Cli.PositiveInteger.class,
            description = "rounds per fold, one tree leaf per fold (default ${DEFAULT-VALUE})")
    int batch;

    public GpUcbSettings settings() {
        return new GpUcbSettings(nodes, lengthScale, ridge, rho, rkhsBound, zeta, calibration, shift, shiftScale,
                radiusScale, batch, regulariser);
    }

    /** The settings of the options in a map (name without dashes → value; others ignored). */
    public static GpUcbSettings parse(Map<String, String> o) {
        return Cli.parseMap(new GpUcbOptions(), o).settings();
    }
}

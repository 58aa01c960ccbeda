package io.dpbandit.sim.gpucb;

import io.dpbandit.sim.RunResult;
import io.dpbandit.sim.SimulatedPolicy;
import io.dpbandit.sim.Simulation;
import java.util.List;

/**
 * GPUCB's simulated policies (any environment; {@link GpUcbSimulation}):
 * <ul>
 *   <li>{@code gpucb}: NQFF-GP-UCB-JDP (Dubey 2021, Alg. 1 + 2): GP-UCB on quadrature Fourier features
 *       of the joint (context, action) point, with the tree privatiser on [Φ; y][Φ; y]ᵀ (ε is the
 *       paper's α, δ its β); the options {@code --qff-*} and {@code --gpucb-*} set m̄, ℓ, λ, ρ, B, ζ,
 *       the calibration, the PSD shift and the radius scale;</li>
 *   <li>{@code gpucb-local}: NQFF-GP-UCB-LJDP (Alg. 3): every round randomised on the "device" by the
 *       client library's GpUcbRandomiser, the server folding only the reports;</li>
 *   <li>{@code gpucb-nonprivate}: the same GP-UCB without noise or shift, whatever ε.</li>
 * </ul>
 * ε = ∞ runs the non-private version of the first two.
 */
public record GpUcbPolicy(Mode mode) implements SimulatedPolicy {

    /** The three variants. */
    public enum Mode { JDP, LOCAL, NON_PRIVATE }

    public static List<SimulatedPolicy> all() {
        return List.of(new GpUcbPolicy(Mode.JDP), new GpUcbPolicy(Mode.LOCAL), new GpUcbPolicy(Mode.NON_PRIVATE));
    }

    @Override
    public String label() {
        return switch (mode) {
            case JDP -> "gpucb";
            case LOCAL -> "gpucb-local";
            case NON_PRIVATE -> "gpucb-nonprivate";
        };
    }

    @Override
    public boolean usesEpsilon() {
        return mode != Mode.NON_PRIVATE;
    }

    @Override
    public RunResult run(Simulation run) {
        return new GpUcbSimulation(run, mode).run();
    }
}

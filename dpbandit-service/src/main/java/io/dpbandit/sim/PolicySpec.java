package io.dpbandit.sim;

import java.util.Locale;

/**
 * A policy to simulate, by name:
 * <ul>
 *   <li>{@code uniform}: uniform random actions (the baseline every ratio is taken against);</li>
 *   <li>{@code capri-paper}: CAPRI-JDP exactly as the paper states it (σ_0 of eq. 5, ε split over
 *       ln T epochs, theory widths, support-max clipping);</li>
 *   <li>{@code capri}: CAPRI-JDP with the engineered options (analytic noise on the clipped
 *       sensitivity, parallel composition over epochs, exact noise width, tuned statistical
 *       scale and clipping quantile);</li>
 *   <li>{@code capri-ldp}: CAPRI-LDP with the same engineered options;</li>
 *   <li>{@code usca}: USCA learning uniformly, then releasing per context;</li>
 *   <li>{@code gpucb}: NQFF-GP-UCB-JDP (paper 003, Alg. 1 + 2): GP-UCB on quadrature Fourier features
 *       of the joint (context, action) point, with the tree privatiser on [Φ; y][Φ; y]ᵀ (ε is the
 *       paper's α, δ its β); the options {@code --qff-*} and {@code --gpucb-*} set m̄, ℓ, λ, ρ, B, ζ,
 *       the calibration, the PSD shift and the radius scale ({@link GpUcbSimulation});</li>
 *   <li>{@code gpucb-local}: NQFF-GP-UCB-LJDP (Alg. 3): every round randomised on the "device" by the
 *       client library's GpUcbRandomiser, the server folding only the reports;</li>
 *   <li>{@code gpucb-nonprivate}: the same GP-UCB without noise or shift, whatever ε.</li>
 * </ul>
 * ε = ∞ runs the non-private version of each.
 */
public enum PolicySpec {
    UNIFORM, CAPRI_PAPER, CAPRI, CAPRI_LDP, USCA,
    GPUCB, GPUCB_LOCAL, GPUCB_NONPRIVATE;

    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static PolicySpec parse(String s) {
        try {
            return valueOf(s.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown policy '" + s.trim()
                    + "' (known: uniform, capri-paper, capri, capri-ldp, usca, gpucb, gpucb-local, gpucb-nonprivate)");
        }
    }
}

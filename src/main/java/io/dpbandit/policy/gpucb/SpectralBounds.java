package io.dpbandit.policy.gpucb;

/**
 * The three accuracy constants of Dubey 2021's Def. 3 that Thm 1 needs: with probability ≥ 1 − ζ/2,
 * for every round t, λ_min I ⪯ H_t ⪯ λ_max I and ‖h_t‖_{H_t⁻¹} ≤ κ, where (H_t, h_t) is the privacy
 * noise (PSD shift included) added to (Σ_t, u_t). κ is γ in Shariff &amp; Sheffet 2018.
 *
 * @param lambdaMin λ_min ≥ 0
 * @param lambdaMax λ_max ≥ λ_min
 * @param kappa     κ ≥ 0
 */
public record SpectralBounds(double lambdaMin, double lambdaMax, double kappa) {

    /** No privacy noise (H_t = 0, h_t = 0): the non-private baseline. */
    public static final SpectralBounds NONE = new SpectralBounds(0.0, 0.0, 0.0);

    public SpectralBounds {
        if (!(lambdaMin >= 0) || !Double.isFinite(lambdaMin) || !(lambdaMax >= lambdaMin) || !Double.isFinite(lambdaMax)
                || !(kappa >= 0) || !Double.isFinite(kappa)) {
            throw new IllegalArgumentException("need finite 0 <= lambdaMin <= lambdaMax and kappa >= 0, got lambdaMin = "
                    + lambdaMin + ", lambdaMax = " + lambdaMax + ", kappa = " + kappa);
        }
    }
}

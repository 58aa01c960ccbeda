package io.dpbandit.sim.gpucb;

import io.dpbandit.policy.gpucb.GpUcbConfig;
import io.dpbandit.sim.SimulationSettings;

/**
 * The simulator's choices for private GP-UCB with quadrature Fourier features (Dubey 2021), all left open by
 * the paper (its experiments, §6, do not state them): the feature map, λ, ρ, B, ζ, the calibration, the PSD
 * shift, the radius scale and the fold batch. The privacy parameters come from the run (ε as α,
 * {@code --delta} as β) and the reward bound Y from the environment (rewards are passed on as they are:
 * the GP's zero prior mean, as in the paper).
 *
 * @param nodesPerDimension m̄ (M = 2 m̄^d)
 * @param lengthScale       ℓ of the SE kernel on the joint points
 * @param ridge             λ
 * @param noiseScale        ρ (Bernoulli rewards are 1/2-sub-Gaussian)
 * @param rkhsNormBound     B
 * @param zeta              ζ
 * @param calibration       PAPER or ANALYTIC noise calibration
 * @param shiftRule         PAPER (Lemma 3/6 as printed) or SHARP shift bound
 * @param shiftScale        s &gt; 1/2 of the shift s·2Λ
 * @param radiusScale       c of the UCB bonus c·r_t‖Φ‖_{V⁻¹}
 * @param batch             rounds per fold (one tree leaf per fold; 1 = the paper)
 * @param regulariser       SHIFT (the paper's s·2Λ) or FLOOR (eigenvalues raised to s·Λ)
 */
public record GpUcbSettings(int nodesPerDimension, double lengthScale, double ridge, double noiseScale,
        double rkhsNormBound, double zeta, GpUcbConfig.Calibration calibration, GpUcbConfig.ShiftRule shiftRule,
        double shiftScale, double radiusScale, int batch, GpUcbConfig.Regulariser regulariser) {

    public GpUcbSettings {
        if (calibration == null || shiftRule == null || regulariser == null) {
            throw new IllegalArgumentException("calibration, shift rule and regulariser are required");
        }
        if (batch < 1) {
            throw new IllegalArgumentException("--gpucb-batch must be >= 1, got " + batch);
        }
        new GpUcbConfig.Tuning(shiftRule, shiftScale, radiusScale, regulariser); // validates the scales
    }

    /** The defaults of {@link GpUcbOptions} (the Table 1 settings in docs/benchmarks-gpucb.md). */
    public static GpUcbSettings defaults() {
        return GpUcbOptions.parse(java.util.Map.of());
    }

    /** The GP-UCB section of {@code settings}, or the defaults. */
    public static GpUcbSettings of(SimulationSettings settings) {
        return settings.section(GpUcbSettings.class, GpUcbSettings::defaults);
    }

    GpUcbConfig.Tuning tuning() {
        return new GpUcbConfig.Tuning(shiftRule, shiftScale, radiusScale, regulariser);
    }
}

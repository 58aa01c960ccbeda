package io.dpbandit.algorithms.capri;

import io.dpbandit.bandit.Phase;
import io.dpbandit.client.kernel.KernelSpec;
import io.dpbandit.policy.capri.CapriConfig;
import io.dpbandit.runtime.ModelRelease;
import io.dpbandit.spec.BanditSpec;
import io.dpbandit.spec.PrivacyModel;
import java.util.List;

/**
 * CAPRI's latest release as GET /release shows it. Anyone can evaluate
 * μ̂(w) = Σ_i coefficients[i] · k(projectionPoints[i], w), with w = context ++ action features and
 * k the stated kernel, and repeat the elimination with the stated width.
 *
 * @param epoch the released epoch (0 before the first release)
 * @param model the released model, or null before the first release
 */
public record CapriRelease(int epoch, Phase phase, KernelSpec kernel, List<BanditSpec.Action> actions,
        int contextDimension, @io.swagger.v3.oas.annotations.media.Schema(nullable = true) Model model, Privacy privacy) implements ModelRelease {

    /** A released projected kernel regression. */
    @io.swagger.v3.oas.annotations.media.Schema(name = "CapriModel")
    public record Model(List<double[]> projectionPoints, double[] coefficients, double width, String eliminationRule,
            String evaluate) {
    }

    /** How it was made private. */
    @io.swagger.v3.oas.annotations.media.Schema(name = "CapriReleasePrivacy")
    public record Privacy(PrivacyModel model, CapriConfig.EpochComposition composition,
            CapriConfig.NoiseCalibration calibration, String mechanism) {
    }
}

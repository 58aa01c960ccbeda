package io.dpbandit.policy.capri;

import io.dpbandit.policy.ContextGenerator;
import java.util.Arrays;
import java.util.List;

/**
 * The formulas of an epoch's plan that turn its noise and public statistics into widths (CAPRI's
 * step 8; Pavlovic, Salgia & Zhao, "Differential Privacy in Kernelized Contextual Bandits via Random
 * Projections"): the clipping norm C_r, the noise each coordinate of g
 * carries, the width Δ_r and the elimination rule the released model applies. Separate from
 * {@link EpochPlanner}, which draws the public sets and factors M_r, so each formula is written once.
 */
final class EpochWidths {

    private final CapriConfig config;
    private final ContextGenerator contexts;
    private final int actionCount;

    EpochWidths(CapriConfig config, ContextGenerator contexts) {
        this.config = config;
        this.contexts = contexts;
        this.actionCount = config.actionFeatures().size();
    }

    double clippingNorm(double[] projNorm, List<EpochPlanner.SupportPoint> support, double maxNorm) {
        double q = config.clipping().quantile();
        if (q >= 1.0) {
            return maxNorm;
        }
        Integer[] order = new Integer[projNorm.length];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, (i, j) -> Double.compare(projNorm[i], projNorm[j]));
        double total = support.stream().mapToDouble(EpochPlanner.SupportPoint::weight).sum();
        double acc = 0;
        for (Integer i : order) {
            acc += support.get(i).weight() / total;
            if (acc >= q) {
                return projNorm[i];
            }
        }
        return maxNorm;
    }

    private static double sq(double v) {
        return v * v;
    }

    /** The standard deviation of the noise on each coordinate of g: σ (JDP) or √T_r σ (LDP: T_r users each add σ). */
    double effectiveSigma(EpochPlan.EpochNoise noise, int length) {
        boolean local = config.privacy().model() == CapriConfig.Model.LDP;
        return noise.sigma() * (local ? Math.sqrt(length) : 1.0);
    }

    /**
     * z of the PAIRWISE test: one-sided Gaussian quantile at δ_err / (ordered pairs × releases),
     * union-bounded over every ordered pair (c, x', x) of the support, |W| (|X| − 1) of them, and
     * every releasing epoch.
     */
    double pairQuantile() {
        long pairs = domainSize() * Math.max(1, actionCount - 1);
        int releases = Math.max(1, EpochSchedule.forConfig(config).releasingEpochs());
        return ConfidenceWidth.upperNormalQuantile(config.deltaErr() / ((double) pairs * releases));
    }

    /**
     * The rule the released model will eliminate with. WIDTH: the paper's 4Δ_r. PAIRWISE: width
     * w(x', x) = constant + normScale ‖A v‖ for the pair's difference v, where the noise of
     * μ̂(x') − μ̂(x) is σ_eff ‖A v‖ exactly. VARIANCE statistics add the reward noise in quadrature:
     * Σ_t η_t vᵀAᵀA k_S(w_t) with η_t B-sub-Gaussian has variance proxy
     * B² vᵀ M⁻¹ (Σ_t k_S k_Sᵀ) M⁻¹ v ≈ B² ‖A v‖² (the rounds' Σ_t k_S k_Sᵀ has the law of R's, which
     * M bounds), so normScale = z √(σ_eff² + B²) and constant = 0. THEORY statistics keep the
     * paper's bound for each of the two points: constant = 2 · statistical Δ, normScale = z σ_eff.
     */
    EpochPlan.EliminationRule rule(EpochPlan.Width width, EpochPlan.EpochNoise noise, int length, double tau,
            double sigmaTildeMax) {
        if (config.refinements().elimination() == CapriConfig.Refinements.EliminationTest.WIDTH) {
            return EpochPlan.EliminationRule.width(width.total());
        }
        double z = pairQuantile();
        double sigmaEff = effectiveSigma(noise, length) * config.width().privacyScale();
        if (config.refinements().statistical() == CapriConfig.Refinements.StatisticalTerm.VARIANCE) {
            return new EpochPlan.EliminationRule("PAIRWISE", 0.0,
                    z * Math.sqrt(sigmaEff * sigmaEff + sq(config.rewardBound())), z);
        }
        return new EpochPlan.EliminationRule("PAIRWISE", 2 * width.statistical(), z * sigmaEff, z);
    }

    EpochPlan.Width width(int length, double tau, double sigmaTildeMax, double maxSigmaSq, double maxNorm,
            EpochPlan.EpochNoise noise, long domainSize) {
        int horizon = config.horizon();
        double deltaConf = ConfidenceWidth.deltaConf(config.deltaErr(), domainSize, horizon);
        double statistical = config.refinements().statistical() == CapriConfig.Refinements.StatisticalTerm.VARIANCE
                ? ConfidenceWidth.exactNoiseQuantile(config.rewardBound(), maxNorm, config.deltaErr(), domainSize,
                        horizon)
                : config.width().statisticalScale()
                        * ConfidenceWidth.beta(deltaConf, config.rewardBound(), tau, horizon) * sigmaTildeMax;
        if (!config.privacy().privacyEnabled()) {
            return new EpochPlan.Width(statistical, 0);
        }
        boolean local = config.privacy().model() == CapriConfig.Model.LDP;
        double privacy;
        if (config.width().privacyTerm() == CapriConfig.Width.PrivacyTerm.THEORY) {
            double beta1 = ConfidenceWidth.beta1(config.deltaErr(), domainSize, config.rewardBound(), horizon,
                    config.privacy().epsilon(), config.privacy().delta());
            privacy = config.width().privacyScale() * (local ? Math.sqrt(length) : 1.0) * beta1 * maxSigmaSq;
        } else {
            privacy = config.width().privacyScale() * ConfidenceWidth.exactNoiseQuantile(effectiveSigma(noise, length), maxNorm,
                    config.deltaErr(), domainSize, horizon);
        }
        return new EpochPlan.Width(statistical, privacy);
    }

    /**
     * |W| = |pool| · |X| (rule "continuous or unseen contexts", docs/papers.md), or the support sample
     * size times |X| for a continuous κ.
     */
    long domainSize() {
        int pool = contexts.finiteSupport().map(List::size).orElse(config.supportSampleCap());
        return (long) pool * actionCount;
    }
}

package io.dpbandit.policy.capri;

import io.dpbandit.client.privacy.GaussianCalibrator;
import io.dpbandit.privacy.PrivacyAmounts;

/**
 * The Gaussian noise of one epoch (CAPRI step 5, docs/papers.md).
 *
 * <p>Per-epoch budget: SEQUENTIAL composition gives each releasing epoch (ε/L, δ/L) with
 * L = max(1, ln T, R), R the number of epochs that complete within T, so that the R releases add
 * up to at most (ε, δ) by basic composition (Dwork &amp; Roth Thm 3.16). The paper's L = ln T
 * (Lemma 3.1) is at least R for T &gt; 20; the max keeps small horizons honest. PARALLEL
 * composition gives every epoch the full (ε, δ) (see {@link CapriConfig.EpochComposition}).
 *
 * <p>Sensitivity: replacing one round's (c_t, y_t) changes g by at most 2C_r in L2, because every
 * contribution is clipped to norm C_r (rule "contribution bounding", docs/papers.md). The paper's
 * σ_0 (eq. 5) uses the looser bound 2Bσ̃_max ≥ 2C_r (C_r ≤ Bσ̃_max since σ̃² = residual/τ + ‖A k_S‖²).
 *
 * <p>LDP: every user adds the noise to their own contribution; each user's data enters one
 * contribution, so the same per-epoch calibration makes each user's message (ε_r, δ_r)-DP.
 */
final class EpochNoiseCalibrator {

    private final CapriConfig config;

    EpochNoiseCalibrator(CapriConfig config) {
        this.config = config;
    }

    EpochPlan.EpochNoise calibrate(double contributionBound, double sigmaTildeMax) {
        CapriConfig.Privacy privacy = config.privacy();
        if (!privacy.privacyEnabled()) {
            return EpochPlan.EpochNoise.none();
        }
        // (ε_r, δ_r): the ledger's charge for this epoch, shares that add up to at most (ε, δ) exactly
        // over the R releases (PrivacyAmounts.share); the noise is calibrated at the doubles that do
        // not exceed those charges (PrivacyAmounts.calibrationValue), so the ledger never understates.
        boolean parallel = config.composition() == CapriConfig.EpochComposition.PARALLEL;
        double split = parallel ? 1.0 : splitFactor();
        int releases = parallel ? 1 : Math.max(1, EpochSchedule.forHorizon(config.horizon()).releasingEpochs());
        double eps = PrivacyAmounts.share(privacy.epsilon(), split, releases);
        double delta = PrivacyAmounts.share(privacy.delta(), split, releases);
        return calibrate(contributionBound, sigmaTildeMax, eps, delta, PrivacyAmounts.calibrationValue(eps),
                PrivacyAmounts.calibrationValue(delta));
    }

    private EpochPlan.EpochNoise calibrate(double contributionBound, double sigmaTildeMax, double eps, double delta,
            double epsCal, double deltaCal) {
        return switch (config.calibration()) {
            case PAPER_SIGMA0 -> {
                // Eq. 5: σ_0 = σ̃_max · 4B ln T / ε · √ln(1.25 ln T / δ), i.e. the classical Gaussian
                // mechanism for sensitivity 2Bσ̃_max at (ε/ln T, δ/ln T) with 2√2 rounded up to 4;
                // here written with the per-epoch (ε_r, δ_r) = (ε/L, δ/L).
                double sensitivity = 2 * config.rewardBound() * sigmaTildeMax;
                double sigma = sigmaTildeMax * 4 * config.rewardBound() / epsCal * Math.sqrt(Math.log(1.25 / deltaCal));
                // The classical argument behind eq. 5 holds for ε_r ≤ 1 only; check the exact profile
                // (Balle & Wang Thm 8) so a large per-epoch ε can never under-noise silently.
                if (GaussianCalibrator.exactDelta(sensitivity, epsCal, sigma) > deltaCal) {
                    throw new IllegalArgumentException("the paper's sigma_0 does not give (" + eps + ", " + delta
                            + ")-DP per epoch at this epsilon; use the ANALYTIC calibration");
                }
                yield new EpochPlan.EpochNoise("PAPER_SIGMA0", sensitivity, eps, delta, sigma);
            }
            case CLASSICAL -> {
                double sensitivity = 2 * contributionBound;
                yield new EpochPlan.EpochNoise("CLASSICAL", sensitivity, eps, delta,
                        GaussianCalibrator.classicalSigma(sensitivity, epsCal, deltaCal));
            }
            case ANALYTIC -> {
                double sensitivity = 2 * contributionBound;
                yield new EpochPlan.EpochNoise("ANALYTIC", sensitivity, eps, delta,
                        GaussianCalibrator.analyticSigma(sensitivity, epsCal, deltaCal));
            }
        };
    }

    /** L = max(1, ln T, number of releasing epochs). */
    double splitFactor() {
        int releases = EpochSchedule.forHorizon(config.horizon()).releasingEpochs();
        return Math.max(Math.max(1.0, Math.log(config.horizon())), releases);
    }
}

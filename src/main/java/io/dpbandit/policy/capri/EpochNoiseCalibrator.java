package io.dpbandit.policy.capri;

import io.dpbandit.client.privacy.GaussianCalibrator;
import io.dpbandit.privacy.Accountant;
import io.dpbandit.privacy.PrivacyAmounts;
import io.dpbandit.privacy.ZcdpAccounting;

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
        boolean parallel = config.composition() == CapriConfig.EpochComposition.PARALLEL;
        int releases = parallel ? 1 : Math.max(1, EpochSchedule.forHorizon(config.horizon()).releasingEpochs());
        boolean local = privacy.model() == CapriConfig.Model.LDP;
        int k = privacy.groupSize();
        if (privacy.accountant() == Accountant.ZCDP) {
            return zcdp(contributionBound, releases, local, k);
        }
        // BASIC. (ε_r, δ_r): the ledger's charge for this epoch, shares that add up to at most (ε, δ)
        // exactly over the R releases (PrivacyAmounts.share); the noise is calibrated at the doubles
        // that do not exceed those charges (PrivacyAmounts.calibrationValue), so the ledger never
        // understates. Under LDP a user's k reports compose by basic composition too, so each report
        // gets a k-th of the epoch's share; under JDP the group's k rounds are in the sensitivity.
        double split = (parallel ? 1.0 : splitFactor()) * (local ? k : 1);
        int shares = releases * (local ? k : 1);
        double eps = PrivacyAmounts.share(privacy.epsilon(), split, shares);
        double delta = PrivacyAmounts.share(privacy.delta(), split, shares);
        return calibrate(contributionBound * (local ? 1 : k), sigmaTildeMax * (local ? 1 : k), eps, delta,
                PrivacyAmounts.calibrationValue(eps), PrivacyAmounts.calibrationValue(delta));
    }

    /**
     * ZCDP: the whole run may spend μ with δ_μ(ε) = δ, the Gaussian mechanism's exact profile
     * (Balle &amp; Wang 2018, Thm 8), i.e. ρ = μ²/2; Gaussian releases compose exactly as one Gaussian
     * with μ = √(Σ μᵢ²) (Dong, Roth &amp; Su 2019, Cor. 3.3; equivalently ρ's add, Bun &amp; Steinke
     * 2016, Lemma 2.3), so R sequential releases get μ/√R each, where basic composition would give
     * (ε/R, δ/R) and about √R times the noise.
     *
     * <p>JDP, a user's k rounds: replacing them moves the epoch's sum g by at most 2kC_r (each round's
     * contribution is clipped to C_r), so the release is calibrated on the group sensitivity 2kC_r.
     * For PARALLEL (μ per epoch) this is also the whole run's bound: a user with j_r of their k rounds
     * in epoch r has √(Σ_r (j_r/k)²)·μ ≤ μ because Σ j_r ≤ k. For SEQUENTIAL, √(Σ_r (j_r/k)²·μ²/R) ≤ μ.
     *
     * <p>LDP: every report is its own Gaussian on sensitivity 2C_r (the user's one round); a user's
     * k reports compose as Gaussians, so each gets μ/√(kR).
     */
    private EpochPlan.EpochNoise zcdp(double contributionBound, int releases, boolean local, int k) {
        CapriConfig.Privacy privacy = config.privacy();
        double deltaCal = PrivacyAmounts.calibrationValue(privacy.delta());
        double mu = ZcdpAccounting.mu(PrivacyAmounts.calibrationValue(privacy.epsilon()), deltaCal);
        // A hair below its exact share, so that R charges rounded to doubles never add up above ρ.
        double release = mu / StrictMath.sqrt((double) releases * (local ? k : 1)) * (1 - 1e-12);
        double sensitivity = 2 * contributionBound * (local ? 1 : k);
        double sigma = sensitivity / release;
        // The (ε, δ) this one release is worth alone at the budget's δ (what an LDP device calibrates
        // from, and checks against its floor): σ is exactly that release's analytic calibration.
        double epsilon = ZcdpAccounting.gaussianEpsilon(release * release / 2, deltaCal);
        return new EpochPlan.EpochNoise("ZCDP", sensitivity, epsilon, deltaCal, sigma);
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

    /**
     * Σ of the releases' ρ over the horizon (see {@link Capri#committedRho}). The calibration is
     * scale-free in the sensitivity (σ ∝ Δ), so one epoch calibrated at Δ = 1 gives every epoch's
     * ρ = (Δ/σ)²/2; PARALLEL spends it once, SEQUENTIAL once per release; an LDP user's k reports
     * add k times a report's.
     */
    double committedRho() {
        CapriConfig.Privacy privacy = config.privacy();
        if (!privacy.privacyEnabled()) {
            return 0.0;
        }
        EpochPlan.EpochNoise one = calibrate(0.5, 0.5);
        double perRelease = one.sensitivity() * one.sensitivity() / (2 * one.sigma() * one.sigma());
        boolean parallel = config.composition() == CapriConfig.EpochComposition.PARALLEL;
        int releases = parallel ? 1 : Math.max(1, EpochSchedule.forHorizon(config.horizon()).releasingEpochs());
        int reports = privacy.model() == CapriConfig.Model.LDP ? privacy.groupSize() : 1;
        // A relative 1e-9 over: each epoch's ρ is recomputed from its own σ (a bisection), which may
        // land a few ulps above this epoch-free figure; the commitment must never be below a charge.
        return releases * reports * perRelease * (1 + 1e-9);
    }

    /** L = max(1, ln T, number of releasing epochs). */
    double splitFactor() {
        int releases = EpochSchedule.forHorizon(config.horizon()).releasingEpochs();
        return Math.max(Math.max(1.0, Math.log(config.horizon())), releases);
    }
}

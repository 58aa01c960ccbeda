package io.dpbandit.policy.capri;

import io.dpbandit.client.privacy.GaussianCalibrator;
import io.dpbandit.privacy.Accountant;
import io.dpbandit.privacy.PrivacyAmounts;
import io.dpbandit.privacy.ZcdpAccounting;

/**
 * The Gaussian noise of one epoch (CAPRI step 5, docs/papers.md).
 *
 * <p>What one protected user contributes decides the split, not the number of epochs (the paper's
 * accounting, Lemma 3.1, splits over ln T releases; that is kept for the BASIC accountant only):
 * <ul>
 *   <li><b>JDP, a Gaussian accountant</b> (ZCDP, EXACT): every epoch's release is calibrated at the
 *       whole run's μ on the group sensitivity 2kC_r. A user with j_r of their at most k rounds in
 *       epoch r is then (j_r/k)·μ-GDP in that release, and the releases compose as one Gaussian
 *       (Dong, Roth &amp; Su 2019, Cor. 3.3; fully adaptively, Smith &amp; Thakurta 2022, since the
 *       j_r follow the data): √(Σ_r (j_r/k)²)·μ ≤ μ because Σ_r j_r ≤ k. With k = 1 (round level)
 *       this is parallel composition: a round enters one epoch. So no split is needed, where the
 *       paper's (ε/ln T, δ/ln T) per epoch (or μ/√R) cost √R times the noise.</li>
 *   <li><b>JDP, BASIC</b>: SEQUENTIAL gives each releasing epoch (ε/L, δ/L) with
 *       L = max(1, ln T, R), R the number of epochs that complete within T (the paper's L = ln T,
 *       Lemma 3.1, is at least R for T &gt; 20; the max keeps small horizons honest); PARALLEL the
 *       whole (ε, δ) per epoch (a round in one epoch, k = 1 only).</li>
 *   <li><b>LDP</b>: a user sends at most k reports in all, whatever the epochs: each report gets a
 *       k-th of the budget ((ε/k, δ/k) by basic composition, μ/√k as Gaussians), not a k·L-th.</li>
 * </ul>
 *
 * <p>Sensitivity: replacing one round's (c_t, y_t) changes g by at most 2C_r in L2, because every
 * contribution is clipped to norm C_r (rule "contribution bounding", docs/papers.md). The paper's
 * σ_0 (eq. 5) uses the looser bound 2Bσ̃_max ≥ 2C_r (C_r ≤ Bσ̃_max since σ̃² = residual/τ + ‖A k_S‖²).
 *
 * <p>LDP: every user adds the noise to their own contribution; each user's data enters one
 * contribution per report.
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
        boolean local = privacy.model() == CapriConfig.Model.LDP;
        int k = privacy.groupSize();
        if (privacy.accountant() != Accountant.BASIC) {
            return gaussian(contributionBound, local, k);
        }
        // BASIC. (ε_r, δ_r): the ledger's charge for this epoch, shares that add up to at most (ε, δ)
        // exactly (PrivacyAmounts.share); the noise is calibrated at the doubles that do not exceed
        // those charges (PrivacyAmounts.calibrationValue), so the ledger never understates. LDP: a
        // user's k reports in all compose by basic composition, so each report gets a k-th. JDP: the
        // group's k rounds are in the sensitivity; SEQUENTIAL splits over the releases (the paper's).
        boolean parallel = config.composition() == CapriConfig.EpochComposition.PARALLEL;
        int releases = parallel ? 1 : Math.max(1, EpochSchedule.forConfig(config).releasingEpochs());
        double split = local ? k : parallel ? 1.0 : splitFactor();
        int shares = local ? k : releases;
        double eps = PrivacyAmounts.share(privacy.epsilon(), split, shares);
        double delta = PrivacyAmounts.share(privacy.delta(), split, shares);
        return calibrate(contributionBound * (local ? 1 : k), sigmaTildeMax * (local ? 1 : k), eps, delta,
                PrivacyAmounts.calibrationValue(eps), PrivacyAmounts.calibrationValue(delta));
    }

    /**
     * A Gaussian accountant (ZCDP, EXACT): the whole run may spend μ with δ_μ(ε) = δ, the Gaussian
     * mechanism's exact profile (Balle &amp; Wang 2018, Thm 8; it is the μ-GDP curve, Dong, Roth &amp;
     * Su 2019, Cor. 2.13), i.e. ρ = μ²/2.
     *
     * <p>JDP: each epoch's release at μ on the group sensitivity 2kC_r (replacing a user's k rounds
     * moves the epoch's sum g by at most 2kC_r, each round's contribution being clipped to C_r): a
     * user's rounds, wherever they fall, cost √(Σ_r (j_r/k)²)·μ ≤ μ in all (class comment).
     *
     * <p>LDP: every report is its own Gaussian on sensitivity 2C_r (the user's one round); a user's
     * at most k reports compose as Gaussians, so each gets μ/√k.
     */
    private EpochPlan.EpochNoise gaussian(double contributionBound, boolean local, int k) {
        CapriConfig.Privacy privacy = config.privacy();
        double deltaCal = PrivacyAmounts.calibrationValue(privacy.delta());
        double mu = ZcdpAccounting.mu(PrivacyAmounts.calibrationValue(privacy.epsilon()), deltaCal);
        // A hair below its exact share, so that charges rounded to doubles never add up above ρ.
        double release = mu / StrictMath.sqrt(local ? k : 1) * (1 - 1e-12);
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
     * The most one protected user can ever spend, in zCDP ρ (see {@link Capri#committedRho}). The
     * calibration is scale-free in the sensitivity (σ ∝ Δ), so one epoch calibrated at Δ = 1 gives
     * every epoch's ρ = (Δ/σ)²/2. JDP: every release has the same ρ and covers one user's rounds in
     * it, so the worst user (j_r rounds spread over the epochs, Σ j_r ≤ k) costs, as Gaussians,
     * Σ_r (j_r/k)²·ρ ≤ ρ under a Gaussian accountant's group calibration, and one release's ρ per
     * epoch the user is in under BASIC's (at most min(k, R) epochs). LDP: k reports.
     */
    double committedRho() {
        CapriConfig.Privacy privacy = config.privacy();
        if (!privacy.privacyEnabled()) {
            return 0.0;
        }
        if (privacy.accountant().composesGaussians()) {
            // Every release is calibrated a hair (1e-12) under μ (JDP) or μ/√k per report (LDP), so the
            // worst user's composition is within ρ_total = μ²/2 exactly: the bandit's own budget, the
            // same figure a shared budget of equal (ε, δ) allows, so equal figures fit.
            return ZcdpAccounting.budgetRho(new io.dpbandit.client.privacy.PrivacyCost(privacy.epsilon(),
                    privacy.delta()));
        }
        EpochPlan.EpochNoise one = calibrate(0.5, 0.5);
        double perRelease = one.sensitivity() * one.sensitivity() / (2 * one.sigma() * one.sigma());
        int releases = Math.max(1, EpochSchedule.forConfig(config).releasingEpochs());
        int k = privacy.groupSize();
        int times = privacy.model() == CapriConfig.Model.LDP ? k : Math.min(k, releases);
        // A relative 1e-9 over: each epoch's ρ is recomputed from its own σ (a bisection), which may
        // land a few ulps above this epoch-free figure; the commitment must never be below a charge.
        return times * perRelease * (1 + 1e-9);
    }

    /** L = max(1, ln T, number of releasing epochs). */
    double splitFactor() {
        int releases = EpochSchedule.forConfig(config).releasingEpochs();
        return Math.max(Math.max(1.0, Math.log(config.horizon())), releases);
    }
}

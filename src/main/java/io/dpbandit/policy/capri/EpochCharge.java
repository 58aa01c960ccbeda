package io.dpbandit.policy.capri;

import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.client.privacy.ZcdpCost;
import io.dpbandit.privacy.PrivacyAmounts;

/**
 * What one epoch release adds to the most any one protected user can have spent: the ledger's
 * charge for it (the service's close and the planner's forecast both use this). The privacy of a
 * user is what is accounted, not the number of releases.
 *
 * <ul>
 *   <li>JDP, a Gaussian accountant (ZCDP, EXACT): every release is calibrated at the whole μ on the
 *       group sensitivity (EpochNoiseCalibrator), and a user's rounds spread over epochs cost
 *       √(Σ_r (j_r/k)²)·μ ≤ μ (Gaussian DP composition, Dong, Roth &amp; Su 2019, Cor. 3.3, fully
 *       adaptive by Smith &amp; Thakurta 2022): the first release is charged its cost, which is the
 *       whole budget, and later ones nothing.</li>
 *   <li>JDP, BASIC: a user's rounds reach at most k epochs, each (ε_r, δ_r)-DP for them (the release
 *       covers the group of k), adding up by basic composition (Dwork &amp; Roth 2014, Thm 3.16): the
 *       first min(k, R) releases are charged their cost, later ones nothing. With k = 1 a round is in
 *       one epoch (parallel composition): the first release only. PARALLEL calibrates each epoch at
 *       the whole (ε, δ), charged in its first release.</li>
 *   <li>LDP: a user sends at most k reports in all, each its own Gaussian: the first release is
 *       charged the k reports' cost ((k·ε_rep, k·δ_rep) ≤ (ε, δ); ρ = k·(Δ/σ)²/2), later ones
 *       nothing.</li>
 * </ul>
 *
 * @param cost the (ε, δ) charged
 * @param rho  its zCDP cost ρ = (Δ/σ)²/2 of the noise drawn (Bun &amp; Steinke 2016, Prop 1.6), per
 *             report times the k reports under LDP; 0 when nothing is charged
 */
public record EpochCharge(PrivacyCost cost, double rho) {

    public static final EpochCharge NONE = new EpochCharge(PrivacyCost.ZERO, 0.0);

    /**
     * @param noise         the release's calibration
     * @param priorReleases how many releases the bandit made before this one
     */
    public static EpochCharge of(CapriConfig config, EpochPlan.EpochNoise noise, int priorReleases) {
        CapriConfig.Privacy privacy = config.privacy();
        if (!privacy.privacyEnabled()) {
            return NONE;
        }
        boolean local = privacy.model() == CapriConfig.Model.LDP;
        boolean parallel = config.composition() == CapriConfig.EpochComposition.PARALLEL;
        boolean basic = !privacy.accountant().composesGaussians();
        boolean charged = local || !basic || parallel ? priorReleases == 0 : priorReleases < privacy.groupSize();
        if (!charged) {
            return NONE;
        }
        int reports = local ? privacy.groupSize() : 1;
        double rho = reports * ZcdpCost.ofGaussian(noise.sensitivity(), noise.sigma()).rho();
        if (basic && parallel && !local) {
            return new EpochCharge(new PrivacyCost(privacy.epsilon(), privacy.delta()), rho);
        }
        return new EpochCharge(new PrivacyCost(PrivacyAmounts.timesRoundedUp(noise.epsilon(), reports),
                PrivacyAmounts.timesRoundedUp(noise.delta(), reports)), rho);
    }
}

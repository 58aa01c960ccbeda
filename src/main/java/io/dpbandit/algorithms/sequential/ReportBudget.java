package io.dpbandit.algorithms.sequential;

import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.privacy.Accountant;
import io.dpbandit.privacy.PrivacyAmounts;
import io.dpbandit.privacy.ZcdpAccounting;
import io.dpbandit.spec.BanditSpec;

/**
 * What one device report of a locally private bandit may cost, so that a user's reports together
 * stay within the spec's (ε, δ). Under round-level privacy a user is one report: the whole (ε, δ).
 * Under privacy.unit USER a user sends up to k reports, each its own Gaussian release:
 * <ul>
 *   <li>ZCDP: Gaussian releases compose exactly as one with μ = √(Σ μᵢ²) (Dong, Roth &amp; Su
 *       2019, Cor. 3.3), so each report gets μ/√k, μ being the Gaussian exactly (ε, δ)-DP, and is
 *       sent as the (ε', δ) at which that μ' is exactly δ-DP (the device calibrates from it);</li>
 *   <li>BASIC: (ε/k, δ/k) each (Dwork &amp; Roth 2014, Thm 3.16).</li>
 * </ul>
 */
public final class ReportBudget {

    private ReportBudget() {
    }

    /** The (ε, δ) of one report, at the doubles a device calibrates from. */
    public static PrivacyCost perReport(BanditSpec spec) {
        BanditSpec.Privacy p = spec.privacy();
        int k = p.groupSize();
        double epsilon = PrivacyAmounts.calibrationValue(p.epsilon());
        double delta = PrivacyAmounts.calibrationValue(p.delta());
        if (k == 1) {
            return new PrivacyCost(epsilon, delta);
        }
        if (p.accountantOrBasic().composesGaussians()) {
            // A hair under μ/√k, so that the device's calibration at the rounded-up ε' stays within it.
            double mu = ZcdpAccounting.mu(epsilon, delta) / StrictMath.sqrt(k) * (1 - 1e-9);
            return new PrivacyCost(ZcdpAccounting.gaussianEpsilon(mu * mu / 2, delta), delta);
        }
        return new PrivacyCost(PrivacyAmounts.calibrationValue(PrivacyAmounts.share(p.epsilon(), k, k)),
                PrivacyAmounts.calibrationValue(PrivacyAmounts.share(p.delta(), k, k)));
    }
}

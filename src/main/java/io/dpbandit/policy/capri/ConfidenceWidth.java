package io.dpbandit.policy.capri;

import io.dpbandit.client.privacy.NormalDistribution;

/**
 * The elimination width Δ_r of CAPRI (CAPRI paper, eq. 7 / 49; CAPRI step 8 in docs/papers.md) and its parts.
 *
 * <pre>
 *   Δ_r = β(δ_err / (|W| T ln T)) · σ̃_max + β_1 · σ̃²_max
 *   β(δ) = 90 B √ln(168T/δ) + 52 B √(ln(168T/δ) ln(12/δ)) / √τ + 3 B √(2 ln(6/δ)) + √(24 τ)
 *   β_1  = ln T · √(8 B ln(ln T · |W| / δ_err) · ln(1.25 ln T / δ)) / ε        (note after eq. 49)
 *   β_1,LDP = √T_r · β_1
 * </pre>
 *
 * All logarithms are natural. The test vectors (capri_small.json) pin these down. The paper gives three
 * readings of β_1; this is the note after eq. 49 (rule "which β₁", docs/papers.md). Note that in the paper's
 * own noise mode (σ_0, eq. 5) this β_1 is about 2√B too small to cover the noise's union-bound quantile; the
 * engineered mode therefore replaces the privacy term with the exact quantile ({@link #exactNoiseQuantile}).
 * Widths change utility only, never privacy.
 */
public final class ConfidenceWidth {

    private ConfidenceWidth() {
    }

    /** The confidence level passed to β in eq. 7: δ_err / (|W| T ln T). */
    public static double deltaConf(double deltaErr, long domainSize, int horizon) {
        return deltaErr / (domainSize * (double) horizon * lnT(horizon));
    }

    /** β(δ) of Lemma 6.5 / eq. 49. */
    public static double beta(double delta, double rewardBound, double tau, int horizon) {
        double b = rewardBound;
        double l168 = Math.log(168.0 * horizon / delta);
        return 90 * b * Math.sqrt(l168)
                + 52 * b * Math.sqrt(l168 * Math.log(12 / delta)) / Math.sqrt(tau)
                + 3 * b * Math.sqrt(2 * Math.log(6 / delta))
                + Math.sqrt(24 * tau);
    }

    /** β_1 (JDP) as in the note after eq. 49. */
    public static double beta1(double deltaErr, long domainSize, double rewardBound, int horizon, double epsilon,
            double deltaDp) {
        double lnT = lnT(horizon);
        return lnT * Math.sqrt(8 * rewardBound * Math.log(lnT * domainSize / deltaErr)
                * Math.log(1.25 * lnT / deltaDp)) / epsilon;
    }

    /** ln T, floored at 1 so that tiny horizons do not divide by zero or flip signs. */
    public static double lnT(int horizon) {
        return Math.max(1.0, Math.log(horizon));
    }

    /**
     * The exact privacy-noise width [engineering]: the noise in μ̂_r(w) is N(0, σ_eff² ‖A k_S(w)‖²)
     * with public σ_eff (σ for JDP, √T_r σ for LDP), so with probability 1 − δ_err/ln T it stays
     * below z · σ_eff · max_w ‖A k_S(w)‖ at every one of the |W| support points, with the two-sided
     * union-bound quantile z = Φ⁻¹(1 − δ_err / (2 |W| ln T)).
     */
    public static double exactNoiseQuantile(double noiseSigma, double maxProjectionNorm, double deltaErr,
            long domainSize, int horizon) {
        if (noiseSigma == 0) {
            return 0;
        }
        double tail = deltaErr / (2.0 * domainSize * lnT(horizon));
        return upperNormalQuantile(tail) * noiseSigma * maxProjectionNorm;
    }

    /** z with P(N(0,1) &gt; z) = p, by bisection on log Φ(−z) (accurate far into the tail). */
    static double upperNormalQuantile(double p) {
        if (!(p > 0 && p < 0.5)) {
            throw new IllegalArgumentException("tail probability must be in (0, 0.5), was " + p);
        }
        double target = Math.log(p);
        double lo = 0;
        double hi = 40;
        for (int i = 0; i < 200 && hi - lo > 1e-13; i++) {
            double mid = 0.5 * (lo + hi);
            if (NormalDistribution.logCdf(-mid) > target) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return hi;
    }
}

package io.dpbandit.evaluation;

import io.dpbandit.client.privacy.NormalDistribution;
import java.util.ArrayList;
import java.util.List;

/**
 * The evaluation's estimates at each look: each arm's mean reward and the lift (bandit − baseline),
 * from the noisy window sums, with intervals that hold simultaneously over the whole public schedule.
 *
 * <p><b>What the interval covers.</b> Let μ_t be the expected reward of decision t given everything
 * before it and the arm the coin drew (the policy in force then, on the context distribution). The
 * lift's target at a look is the difference of the arms' averages of μ_t over the decisions so far,
 * (1/N_B) Σ_{t∈B} μ_t − (1/N_A) Σ_{t∈A} μ_t; for a stationary policy it is the difference of the arms'
 * expected rewards. The estimate's error is a sampling part plus a noise part:
 * <ul>
 *   <li>sampling: Σ_{t∈B} (r_t − μ_t)/N_B − Σ_{t∈A} (r_t − μ_t)/N_A is a martingale in decision order
 *       (given the coin's draws, which are independent of everything else) whose increments lie in
 *       ranges of width R/N_B or R/N_A, with R the clipped rewards' range; the Azuma–Hoeffding
 *       inequality (Hoeffding 1963, Thm 2; Azuma 1967) bounds it by
 *       h_s = R √(ln(2/α_s) (1/N_B + 1/N_A) / 2) except with probability α_s. The policy may learn
 *       from earlier rewards: that is what the martingale form allows.</li>
 *   <li>noise: each window's sums carry N(0, σ²), so the lift's noise is N(0, σ² (ℓ_B/N_B² + ℓ_A/N_A²)),
 *       ℓ_a the windows in which arm a served decisions; h_n = z_{1−α_n/2} σ √(ℓ_B/N_B² + ℓ_A/N_A²).</li>
 * </ul>
 * The interval is value ± (h_s + h_n) with α_s = α_n = α/2 (a union bound), and α = (1 − confidence)
 * / L at each of the schedule's L looks: a union bound over the looks (Bonferroni), so the intervals
 * of every look cover their targets together with probability at least the confidence, however
 * often and whenever an analyst reads them, and the promotion rule may act on any of them. An
 * arm's own interval is the same with one arm. It is conservative (Hoeffding's range bound, the union
 * bounds); the coverage measured in simulation is in EvaluationCoverageTest.
 */
public final class LiftIntervals {

    private LiftIntervals() {
    }

    /** The estimates at one look: the counts so far and the three estimates. */
    public record Look(int look, long banditRounds, long baselineRounds, Estimate bandit, Estimate baseline,
            Estimate lift) {
    }

    /**
     * The estimates after each release, in order.
     *
     * @param releases   the releases so far, in look order
     * @param sigma      the noise's standard deviation per window sum
     * @param low        the clipped rewards' lower end
     * @param high       the clipped rewards' upper end
     * @param confidence the simultaneous confidence over the schedule
     * @param looks      L, the schedule's number of looks
     */
    public static List<Look> looks(List<WindowRelease> releases, double sigma, double low, double high,
            double confidence, int looks) {
        double range = high - low;
        double alpha = (1 - confidence) / looks;
        double lnS = Math.log(2 / (alpha / 2));
        double z = normalQuantile(1 - alpha / 4);
        List<Look> out = new ArrayList<>();
        long nB = 0;
        long nA = 0;
        double sB = 0;
        double sA = 0;
        int lB = 0;
        int lA = 0;
        for (WindowRelease r : releases) {
            if (r.banditRounds() > 0) {
                nB += r.banditRounds();
                sB += r.banditSum();
                lB++;
            }
            if (r.baselineRounds() > 0) {
                nA += r.baselineRounds();
                sA += r.baselineSum();
                lA++;
            }
            Estimate b = arm(nB, sB, lB, sigma, low, high, lnS, z);
            Estimate a = arm(nA, sA, lA, sigma, low, high, lnS, z);
            Estimate lift = Estimate.NONE;
            if (nB > 0 && nA > 0) {
                double value = sB / nB - sA / nA;
                double hs = range * Math.sqrt(lnS * (1.0 / nB + 1.0 / nA) / 2);
                double hn = z * sigma * Math.sqrt(lB / ((double) nB * nB) + lA / ((double) nA * nA));
                lift = new Estimate(value, Math.max(-range, value - hs - hn), Math.min(range, value + hs + hn));
            }
            out.add(new Look(r.look(), nB, nA, b, a, lift));
        }
        return out;
    }

    private static Estimate arm(long n, double sum, int windows, double sigma, double low, double high, double lnS,
            double z) {
        if (n == 0) {
            return Estimate.NONE;
        }
        double value = sum / n;
        double h = (high - low) * Math.sqrt(lnS / (2.0 * n)) + z * sigma * Math.sqrt(windows) / n;
        return new Estimate(value, Math.max(low, value - h), Math.min(high, value + h));
    }

    /** Φ⁻¹(p) by bisection on Φ (deterministic; p in (0, 1)). */
    static double normalQuantile(double p) {
        double lo = -40;
        double hi = 40;
        for (int i = 0; i < 200; i++) {
            double mid = (lo + hi) / 2;
            if (NormalDistribution.cdf(mid) < p) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }
}

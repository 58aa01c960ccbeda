package io.dpbandit.evaluation;

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
 * expected rewards. The estimate's error is a sampling part plus a noise part, and the interval
 * bounds their sum at once:
 * <ul>
 *   <li>sampling: M = Σ_{t∈B} (r_t − μ_t)/N_B − Σ_{t∈A} (r_t − μ_t)/N_A is a martingale in decision
 *       order (given the coin's draws, which are independent of everything else) whose increments lie
 *       in ranges of width c_t = R/N_B or R/N_A, R the clipped rewards' range, so by Hoeffding's lemma
 *       E[exp(λM)] ≤ exp(λ² v_s / 2) with v_s = Σ c_t² / 4 = R² (1/N_B + 1/N_A) / 4 (the
 *       Azuma–Hoeffding argument: Hoeffding 1963, Thm 2 and Lemma 1; Azuma 1967). The policy may learn
 *       from earlier rewards: that is what the martingale form allows.</li>
 *   <li>noise: each window's sums carry N(0, σ²), independent of everything, so the lift's noise Z is
 *       N(0, v_n) with v_n = σ² (ℓ_B/N_B² + ℓ_A/N_A²), ℓ_a the windows in which arm a served decisions
 *       (a window where an arm served none adds nothing to that arm's sum).</li>
 * </ul>
 * So M + Z is sub-Gaussian with variance proxy v = v_s + v_n, and the Chernoff bound gives
 * P(|M + Z| ≥ h) ≤ 2 exp(−h² / 2v): the half-width is h = √(2 v ln(2/α)). At each of the schedule's
 * L looks α = (1 − confidence) / L, a union bound over the looks (Bonferroni), so the intervals of
 * every look cover their targets together with probability at least the confidence, however often
 * and whenever an analyst reads them, and the promotion rule may act on any of them. An arm's own
 * interval is the same with one arm (v = R²/(4N) + ℓσ²/N²), and a window's own lift (the window's
 * counts, ℓ = 1) the same over the window's decisions: its target is the window's difference of
 * averaged μ_t, what the bandit does now against what the baseline does now. It is conservative (Hoeffding's range
 * bound is the variance of the worst two-point reward, and the union bound over looks); the coverage
 * measured in simulation is in EvaluationCoverageTest.
 */
public final class LiftIntervals {

    private LiftIntervals() {
    }

    /**
     * The estimates at one look: the counts so far, each arm's mean and the lift over every decision so
     * far, and the lift of this look's window alone (what the bandit does now, against the baseline now).
     */
    public record Look(int look, long banditRounds, long baselineRounds, Estimate bandit, Estimate baseline,
            Estimate lift, Estimate windowLift) {
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
        double logTerm = Math.log(2 / ((1 - confidence) / looks));
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
            Estimate b = arm(nB, sB, lB, sigma, low, high, logTerm);
            Estimate a = arm(nA, sA, lA, sigma, low, high, logTerm);
            Estimate lift = lift(nB, nA, sB, sA, lB, lA, sigma, range, logTerm);
            Estimate window = lift(r.banditRounds(), r.baselineRounds(), r.banditSum(), r.baselineSum(), 1, 1, sigma,
                    range, logTerm);
            out.add(new Look(r.look(), nB, nA, b, a, lift, window));
        }
        return out;
    }

    /**
     * The lift interval's half-width for arms with these counts over {@code windows} windows each (the
     * planner's forecast: the class comment's h = √(2 v ln(2/α))).
     */
    public static double liftHalfWidth(double nB, double nA, int windows, double sigma, double range,
            double confidence, int looks) {
        double v = range * range * (1.0 / nB + 1.0 / nA) / 4 + sigma * sigma * windows * (1.0 / (nB * nB)
                + 1.0 / (nA * nA));
        return Math.sqrt(2 * v * Math.log(2 / ((1 - confidence) / looks)));
    }

    /** The lift of arms with these counts, noisy sums and noisy windows; NONE unless both served. */
    private static Estimate lift(long nB, long nA, double sB, double sA, int lB, int lA, double sigma, double range,
            double logTerm) {
        if (nB == 0 || nA == 0) {
            return Estimate.NONE;
        }
        double value = sB / nB - sA / nA;
        // v = v_s + v_n (the class comment), h = √(2 v ln(2/α)).
        double v = range * range * (1.0 / nB + 1.0 / nA) / 4
                + sigma * sigma * (lB / ((double) nB * nB) + lA / ((double) nA * nA));
        double h = Math.sqrt(2 * v * logTerm);
        return new Estimate(value, Math.max(-range, value - h), Math.min(range, value + h));
    }

    private static Estimate arm(long n, double sum, int windows, double sigma, double low, double high,
            double logTerm) {
        if (n == 0) {
            return Estimate.NONE;
        }
        double value = sum / n;
        double v = (high - low) * (high - low) / (4.0 * n) + sigma * sigma * windows / ((double) n * n);
        double h = Math.sqrt(2 * v * logTerm);
        return new Estimate(value, Math.max(low, value - h), Math.min(high, value + h));
    }
}

package io.dpbandit.testing;

/**
 * An empirical (ε, δ) check over threshold events, for a mechanism run on neighbouring inputs D and
 * D'. For every threshold t and every event E ∈ {X ≤ t, X > t}, in both directions, it computes
 * P̂_D(E) − e^ε·P̂_D'(E) − δ; a DP mechanism makes the true value ≤ 0 for every event.
 *
 * <p>Threshold events suffice for a one-dimensional mechanism whose likelihood ratio is monotone (the
 * Gaussian with a shifted mean): the event maximising P_D(E) − e^ε P_D'(E) is {L > ε}, a threshold
 * event. And they are covered uniformly by the DKW inequality: if both empirical CDFs are within τ of
 * the truth everywhere (probability ≥ 1 − 4·exp(−2nτ²)), every observed value exceeds the true one
 * by at most τ(1 + e^ε). That is the audit's slack: it passes a DP mechanism with that probability,
 * and fails a mechanism whose true violation at some grid threshold exceeds 2τ(1 + e^ε) with the same
 * probability.
 */
public final class ThresholdAudit {

    private ThresholdAudit() {
    }

    /** max over thresholds, events and directions of P̂_D(E) − e^ε·P̂_D'(E) − δ. */
    public static double maxViolation(double[] fromD, double[] fromNeighbour, double[] thresholds,
            double epsilon, double delta) {
        return maxViolationOfCdfs(StatisticalBounds.fractionAtMost(fromD, thresholds),
                StatisticalBounds.fractionAtMost(fromNeighbour, thresholds), epsilon, delta);
    }

    /** The same quantity from two CDFs evaluated at the thresholds (true or empirical). */
    public static double maxViolationOfCdfs(double[] cdfD, double[] cdfNeighbour, double epsilon, double delta) {
        double factor = Math.exp(epsilon);
        double worst = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < cdfD.length; i++) {
            double[] pD = {cdfD[i], 1.0 - cdfD[i]};
            double[] pN = {cdfNeighbour[i], 1.0 - cdfNeighbour[i]};
            for (int e = 0; e < 2; e++) {
                worst = Math.max(worst, pD[e] - factor * pN[e] - delta);
                worst = Math.max(worst, pN[e] - factor * pD[e] - delta);
            }
        }
        return worst;
    }

    /** The slack τ(1 + e^ε) for n draws per input at the given false-failure probability. */
    public static double slack(long n, double epsilon, double failureProbability) {
        // Two empirical CDFs, each outside its DKW band with probability ≤ 2 exp(−2nτ²):
        // 4 exp(−2nτ²) ≤ failureProbability.
        double tau = StatisticalBounds.dkwBand(n, failureProbability / 2.0);
        return tau * (1.0 + Math.exp(epsilon));
    }
}

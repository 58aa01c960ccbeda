package io.dpbandit.policy.usca;

import io.dpbandit.policy.planning.Forecast;
import java.util.Locale;

/**
 * How sharp a USCA bandit's releases will be at the horizon: the exponential mechanism picks x with
 * probability ∝ exp(ε μ_T(c,x) / (2m)), m = 2B sup σ², and sup σ² is public (it depends on Z, the
 * kernel, τ and the support, not on rewards).
 *
 * @param horizon                T
 * @param epsilon                ε per released context (null: non-private argmax)
 * @param approximationDraws     n_Z
 * @param approximationPoints    distinct points of Z
 * @param supportSize            |pool| · |X| (or the support sample's size)
 * @param coverage               the share of support points that Z contains
 * @param coverageDraws          n_Z at which a uniform draw would contain 99 % of the support on average
 * @param supSigmaSq             sup σ² over the support (s² for the COMPACT estimator)
 * @param sensitivity            m = 2B sup σ², the mechanism's sensitivity at support points
 * @param inverseTemperature     ε / (2m): log-odds per unit of reward (null: non-private)
 * @param evenOddsGap            the gap at which the best action is released with probability ½ against
 *                               |X| − 1 actions all that much worse: 2m ln(|X| − 1) / ε
 * @param gap                    the reward gap asked about
 * @param bestProbabilityAtGap   the best action's release probability when every other action is {@code gap} worse
 * @param simpleRegretAtGap      the expected simple regret in that case
 * @param statisticalSd          B sup σ: the sub-Gaussian scale of μ_T's reward noise at the worst support point
 * @param plannedSeconds         wall time of this forecast
 */
public record UscaForecast(int horizon, Double epsilon, long approximationDraws, int approximationPoints,
        int supportSize, double coverage, long coverageDraws, double supSigmaSq, double sensitivity,
        Double inverseTemperature, double evenOddsGap, double gap, double bestProbabilityAtGap,
        double simpleRegretAtGap, double statisticalSd, double plannedSeconds) implements Forecast {

    /** The plan report's field for it. */
    public static final String KEY = "usca";

    @Override
    public String key() {
        return KEY;
    }

    /** The approximating set, the sensitivity and the odds of the best action. */
    @Override
    public String table() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "USCA, T = %d, epsilon = %s per release, n_Z = %d (%d distinct, "
                + "%.1f%% of the %d support points; planned in %.1f s)%n", horizon,
                epsilon == null ? "inf" : new java.math.BigDecimal(Double.toString(epsilon)).stripTrailingZeros()
                        .toPlainString(), approximationDraws, approximationPoints, 100 * coverage, supportSize,
                plannedSeconds));
        sb.append(String.format(Locale.ROOT, "sup sigma^2 = %.4g, sensitivity m = %.4g, log-odds per unit reward "
                + "= %s%n", supSigmaSq, sensitivity, inverseTemperature == null ? "inf"
                        : String.format(Locale.ROOT, "%.4g", inverseTemperature)));
        sb.append(oddsWords());
        sb.append(String.format(Locale.ROOT, "At a gap of %.3g to every other action: P(best) = %.3f, simple regret "
                + "%.4f%n", gap, bestProbabilityAtGap, simpleRegretAtGap));
        return sb.toString();
    }

    /**
     * The odds in words. Against K − 1 actions all g worse the best is released with probability
     * e^(βg) / (e^(βg) + K − 1), β = ε / 2m: even odds at ln(K − 1) / β, which is 0 with two actions (any
     * lead makes the best the likelier release, so "even odds at 0" says nothing), and 9 to 1 at
     * ln(9 (K − 1)) / β, which is said too.
     */
    String oddsWords() {
        if (inverseTemperature == null || !(inverseTemperature > 0)) {
            return "Non-private releases: each is the estimate's best action." + System.lineSeparator();
        }
        double rivals = Math.max(1, Math.round(Math.exp(evenOddsGap * inverseTemperature)));
        double ninety = Math.log(9 * rivals) / inverseTemperature;
        return rivals == 1
                ? String.format(Locale.ROOT, "With two actions any lead makes the best action the likelier release; "
                        + "P(best) = 0.9 once it leads by %.3g%n", ninety)
                : String.format(Locale.ROOT, "Even odds for the best action against the %d others together at a gap of "
                        + "%.3g; P(best) = 0.9 at a gap of %.3g%n", (long) rivals, evenOddsGap, ninety);
    }

}

package io.dpbandit.policy.planning;

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
        double simpleRegretAtGap, double statisticalSd, double plannedSeconds) {
}

package io.dpbandit.policy.capri;

import io.dpbandit.policy.ContextGenerator;
import io.dpbandit.policy.planning.PlannerOptions;
import io.dpbandit.policy.planning.RankingAccuracy;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;

/**
 * What a CAPRI bandit would play when its spec pins neither {@code tuning.exploit} nor
 * {@code tuning.exploitShare} under the LEARN profile (served by algorithms.capri.CapriLearnDefaults):
 * {@code exploit: ARGMAX} with the share s the planner forecasts to learn most over the horizon.
 * Checked on the digits and the wine with the median rule's length scale and a fixed τ
 * (bench/research-defaults.sh).
 *
 * <p>The forecast reads the planner's own per-epoch figures ({@link CapriForecasting#plan}): public, no
 * reward or user context. With a share s the bandit's horizon is (1 − s)·T learning rounds over T
 * decisions; every decision of epoch 1 learns (uniform play), after release r a share s of the
 * decisions plays the argmax of release r and the others learn uniformly, and after the last
 * release every decision plays its argmax. A decision that plays the argmax of a release whose
 * median pair of actions has privacy noise sd σ·‖Av‖ earns the ranking share
 * {@link RankingAccuracy#share}(e/√2, gap, K) with e = ‖Av‖·√(σ² + B²): the privacy noise and the
 * rewards' own noise carried into the difference (the planner's VARIANCE statistical term, B‖Av‖); a
 * uniform decision earns 0. The forecast is the mean over the T decisions. Elimination and the
 * kernel's bias are left out, so the figure ranks shares under one configuration; it is not a reward
 * forecast, and it cannot see the bias a larger ridge (tau rule PLANNED) adds.
 *
 * <p>What the choice trades: a larger share exploits earlier releases more often but stretches the
 * schedule, so the last release comes later and holds fewer rounds; s = 0 learns fastest and exploits
 * only after the last release (bench/research-defaults.sh measures them on the digits and the
 * wine).
 */
public final class CapriDefaults {

    /** The exploit shares the rule chooses from (the ones measured). */
    public static final double[] EXPLOIT_SHARES = {0.0, 0.25, 0.5, 0.75};

    /** The reward gap the forecast ranks with (a 0/1 reward's gap, as the linear rule's). */
    public static final double REFERENCE_GAP = 1.0;

    private CapriDefaults() {
    }

    /**
     * @param exploitShare  the chosen s
     * @param forecastShare its forecast learned share over the T decisions
     * @param forecasts     the forecast of every candidate, in {@link #EXPLOIT_SHARES} order
     * @param reason        one line saying why
     */
    public record Choice(double exploitShare, double forecastShare, double[] forecasts, String reason) {
    }

    /**
     * The share for a bandit meeting {@code decisions} users.
     *
     * @param decisions       T, the users the bandit expects (decisions)
     * @param configForShare  the bandit's configuration with {@code exploit: ARGMAX} at share s (its horizon
     *                        the (1 − s)·T learning rounds)
     * @param contexts        the public pool
     * @param options         the planner's options (its seed and context sample; the gap is not used)
     */
    public static Choice chooseExploitShare(long decisions, DoubleFunction<CapriConfig> configForShare,
            ContextGenerator contexts, PlannerOptions options) {
        double[] forecasts = new double[EXPLOIT_SHARES.length];
        int best = 0;
        for (int i = 0; i < EXPLOIT_SHARES.length; i++) {
            double s = EXPLOIT_SHARES[i];
            CapriForecast f = CapriForecasting.plan(configForShare.apply(s), contexts, options).forecast(CapriForecast.class);
            forecasts[i] = learnedShare(f, s, decisions, REFERENCE_GAP, configForShare.apply(s).rewardBound());
            if (forecasts[i] > forecasts[best] + 1e-9) {
                best = i;
            }
        }
        return new Choice(EXPLOIT_SHARES[best], forecasts[best], forecasts, String.format(Locale.ROOT,
                "exploit ARGMAX with share %.2f: forecast learned share %.3f over %d decisions (shares %s: %s)",
                EXPLOIT_SHARES[best], forecasts[best], decisions, java.util.Arrays.toString(EXPLOIT_SHARES),
                java.util.Arrays.toString(round(forecasts))));
    }

    /**
     * The forecast learned share over {@code decisions} decisions of a CAPRI bandit with exploit share
     * {@code share} whose releasing epochs the forecast lists (class comment).
     */
    public static double learnedShare(CapriForecast forecast, double share, long decisions, double gap,
            double rewardBound) {
        List<CapriForecast.EpochForecast> epochs = forecast.epochs();
        if (epochs.isEmpty()) {
            return 0.0;
        }
        int k = forecast.actions();
        double total = 0;
        double t = epochs.get(0).length(); // epoch 1: every decision learns, uniformly
        for (int i = 0; i < epochs.size() && t < decisions; i++) {
            CapriForecast.EpochForecast e = epochs.get(i);
            double sigma = e.noiseSigma();
            double error = sigma > 0 ? e.pairNoiseSdMedian() * Math.sqrt(1 + rewardBound * rewardBound / (sigma * sigma))
                    : e.pairNoiseSdMedian();
            double q = RankingAccuracy.share(error / Math.sqrt(2), gap, k);
            boolean last = i == epochs.size() - 1;
            double until = last ? decisions : Math.min(decisions, t + epochs.get(i + 1).length() / (1 - share));
            total += (last ? q : share * q) * (until - t);
            t = until;
        }
        return total / decisions;
    }

    private static double[] round(double[] v) {
        double[] r = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            r[i] = Math.round(v[i] * 1000) / 1000.0;
        }
        return r;
    }
}

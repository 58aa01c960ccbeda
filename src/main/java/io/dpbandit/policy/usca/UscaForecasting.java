package io.dpbandit.policy.usca;

import io.dpbandit.policy.ContextGenerator;
import io.dpbandit.policy.JointPoint;
import io.dpbandit.policy.planning.PlanReport;
import io.dpbandit.policy.planning.PlannerOptions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Know before launch: how sharp a USCA bandit's releases will be. It builds the public plan (Z and
 * sup σ², from the spec, the kernel, τ and the support; no reward) and reads off the exponential
 * mechanism's odds at a gap, so its answer costs no privacy.
 */
public final class UscaForecasting {

    private UscaForecasting() {
    }

    /** The forecast of a USCA bandit. */
    public static PlanReport plan(UscaConfig config, ContextGenerator contexts, PlannerOptions options) {
        long started = System.nanoTime();
        // COUNTED holds the same Z (the same draws) as its distinct points with counts: the same sup σ²
        // at a cost set by the support, so the forecast stays cheap for a large n_Z.
        UscaConfig counted = config.withApproximatingSet(UscaConfig.ApproximatingSet.COUNTED,
                config.approximationSize());
        UscaPlan plan = new Usca(counted, contexts).start(new SplittableRandom(options.seed())).plan();
        int actions = config.actionFeatures().size();
        var finite = contexts.finiteSupport();
        int supportSize = finite.map(pool -> pool.size() * actions).orElse(config.supportSampleCap());
        double coverage = 0;
        if (finite.isPresent()) {
            Set<JointPoint> z = new HashSet<>(plan.approximatingSet());
            long covered = 0;
            for (double[] c : finite.get()) {
                for (int a = 0; a < actions; a++) {
                    covered += z.contains(new JointPoint(c, a)) ? 1 : 0;
                }
            }
            coverage = (double) covered / supportSize;
        }
        long coverageDraws = (long) Math.ceil(supportSize * Math.log(100));
        double sup = plan.supSigmaSq();
        double m = 2 * config.rewardBound() * sup;
        boolean priv = config.privacyEnabled();
        double eps = config.epsilon();
        double g = options.gap();
        double evenOdds = priv ? 2 * m * Math.log(Math.max(1, actions - 1)) / eps : 0;
        double bestProbability;
        if (priv) {
            // 1 / (1 + (K − 1) e^{−ε g / 2m}) in log space: log-odds of the rivals together.
            double logRivals = Math.log(actions - 1) - eps * g / (2 * m);
            bestProbability = logRivals > 0 ? Math.exp(-logRivals) / (1 + Math.exp(-logRivals))
                    : 1 / (1 + Math.exp(logRivals));
        } else {
            bestProbability = 1;
        }
        UscaForecast forecast = new UscaForecast(config.horizon(), priv ? eps : null, plan.draws(),
                plan.approximatingSet().size(), supportSize, coverage, coverageDraws, sup, m,
                priv ? eps / (2 * m) : null, evenOdds, g, bestProbability, g * (1 - bestProbability),
                config.rewardBound() * Math.sqrt(sup), (System.nanoTime() - started) / 1e9);
        List<String> notes = new ArrayList<>();
        notes.add("sup sigma^2 is public (Z, the kernel, tau and the support; no reward): the release's "
                + "sharpness is known before learning starts.");
        if (finite.isPresent() && coverage < 0.99) {
            notes.add(String.format(java.util.Locale.ROOT, "Z covers %.0f%% of the support; support points outside Z "
                    + "keep sigma^2 near 1/tau, which sets the sensitivity. About %d draws (COUNTED) would cover "
                    + "99%% of a uniform support.", 100 * coverage, coverageDraws));
        }
        notes.add("bestProbabilityAtGap and simpleRegretAtGap assume every other action is exactly 'gap' worse "
                + "and mu_T equal to f; reward noise adds about statisticalSd to each mean.");
        return new PlanReport("USCA", g, forecast, notes);
    }

}

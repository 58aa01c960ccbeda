package io.dpbandit.policy.capri;

import io.dpbandit.client.capri.CapriProjection;
import io.dpbandit.policy.ContextGenerator;
import io.dpbandit.policy.JointPoint;
import io.dpbandit.policy.planning.ForecastTooLong;
import io.dpbandit.policy.planning.PlanReport;
import io.dpbandit.policy.planning.PlannerOptions;
import io.dpbandit.privacy.Accountant;
import io.dpbandit.client.privacy.PrivacyCost;
import io.dpbandit.privacy.ZcdpAccounting;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Know before launch: what a CAPRI bandit will be able to learn, from its configuration and the
 * public context generator alone.
 *
 * <p>Everything CAPRI's elimination depends on, other than the rewards themselves, is public: the
 * epoch lengths, the projection sets, C_r, the noise σ_r and the exact noise of every released
 * μ̂_r(w) (σ_r ‖A k_S(w)‖) follow from the spec, the pool, the kernel, τ, (ε, δ), the horizon and
 * the active sets. The planner runs the production epoch planner ({@link Capri#plan}) for every
 * releasing epoch with full active sets, with its own public draws, and reads off the noise and
 * the elimination width per pair of actions. It never sees a reward or a user context,
 * so its answer costs no privacy.
 */
public final class CapriForecasting {

    private CapriForecasting() {
    }

    /** The forecast of a CAPRI bandit. */
    public static PlanReport plan(CapriConfig config, ContextGenerator contexts, PlannerOptions options) {
        long started = System.nanoTime();
        Capri capri = new Capri(config, contexts);
        if (config.privacy().privacyEnabled()) {
            capri.checkNoiseCalibration();
        }
        SplittableRandom rng = new SplittableRandom(options.seed());
        List<double[]> sample = contextSample(contexts, options.contexts(), rng);
        EpochSchedule schedule = capri.schedule();
        List<CapriForecast.EpochForecast> epochs = new ArrayList<>();
        int released = 0;
        double rhoSpent = 0;
        double totalEpsilon = 0;
        double totalDelta = 0;
        Integer firstEpoch = null;
        Long firstRound = null;
        for (EpochSchedule.Epoch e : schedule.epochs()) {
            if (!e.complete()) {
                continue;
            }
            EpochPlan plan = planWithin(capri, e.number(), rng, options, started);
            double[] charge = charge(config, plan, released, rhoSpent);
            rhoSpent += chargedRho(config, plan, released);
            released++;
            totalEpsilon += charge[0];
            totalDelta += charge[1];
            CapriForecast.EpochForecast f = forecast(capri, plan, sample, charge);
            epochs.add(f);
            if (firstEpoch == null && f.resolvableGap() <= options.gap()) {
                firstEpoch = e.number();
                firstRound = e.start() + e.rounds();
            }
        }
        CapriConfig.Privacy p = config.privacy();
        CapriForecast forecast = new CapriForecast(config.horizon(), p.model().name(),
                p.privacyEnabled() ? p.epsilon() : null, p.privacyEnabled() ? p.delta() : 0,
                config.composition().name(), p.privacyEnabled() ? config.calibration().name() : "NONE",
                config.refinements().elimination().name(), schedule.releasingEpochs(), options.gap(), firstEpoch,
                firstRound, totalEpsilon, totalDelta, seconds(started), epochs, config.actionCount());
        return new PlanReport("CAPRI", options.gap(), forecast, capriNotes(config, schedule, forecast));
    }

    /** One epoch's plan, in bounded steps, giving up once the forecast's time limit is spent. */
    private static EpochPlan planWithin(Capri capri, int epoch, SplittableRandom rng, PlannerOptions options,
            long started) {
        EpochPlanner.PlanningJob job = capri.planning(epoch, List.of(), rng, 0);
        long limit = options.maxSeconds() == 0 ? Long.MAX_VALUE : (long) (options.maxSeconds() * 1e9);
        while (!job.step(STEP_NANOS)) {
            if (System.nanoTime() - started > limit) {
                throw new ForecastTooLong(String.format(java.util.Locale.ROOT, "the forecast did not finish within %.0f s "
                        + "(it was planning epoch %d of a horizon of %d; planning draws each epoch's T_r points). "
                        + "Use the jar's plan command, which has no time limit, or a shorter horizon",
                        options.maxSeconds(), epoch, capri.config().horizon()));
            }
        }
        return job.result();
    }

    /** How long one planning step runs between checks of the time limit. */
    private static final long STEP_NANOS = 200_000_000L;

    /** The per-epoch forecast: noise at single points and over pairs within a context. */
    static CapriForecast.EpochForecast forecast(Capri capri, EpochPlan plan, List<double[]> sample, double[] charge) {
        int actions = capri.config().actionCount();
        double[][] s = plan.projectionSet().stream().map(p -> p.features(actionFeatures(capri))).toArray(double[][]::new);
        boolean local = capri.config().privacy().model() == CapriConfig.Model.LDP;
        double sigmaEff = plan.noise().sigma() * (local ? Math.sqrt(plan.length()) : 1.0);
        EpochPlan.EliminationRule rule = plan.eliminationRule();
        List<Double> pointNorms = new ArrayList<>();
        List<Double> pairNorms = new ArrayList<>();
        List<Double> widths = new ArrayList<>();
        int m = s.length;
        for (double[] c : sample) {
            double[][] u = new double[actions][];
            for (int a = 0; a < actions; a++) {
                u[a] = CapriProjection.project(capri.kernel(), s, plan.inverseCholesky(),
                        new JointPoint(c, a).features(actionFeatures(capri)));
                pointNorms.add(u[a][m]);
            }
            for (int i = 0; i < actions; i++) {
                for (int j = 0; j < actions; j++) {
                    if (i == j) {
                        continue;
                    }
                    double ss = 0;
                    for (int k = 0; k < m; k++) {
                        double d = u[i][k] - u[j][k];
                        ss += d * d;
                    }
                    double norm = Math.sqrt(ss);
                    pairNorms.add(norm);
                    widths.add(rule.constant() + rule.normScale() * norm);
                }
            }
        }
        EpochPlan.EpochNoise noise = plan.noise();
        return new CapriForecast.EpochForecast(plan.epoch(), plan.length(), plan.startRound(), true, m,
                plan.regularization() > 0 ? plan.regularization() : capri.config().regularization(),
                plan.contributionBound(), noise.sigma(), charge[0], charge[1],
                noise.noiseless() ? null : noise.epsilon(), noise.delta(), sigmaEff * plan.maxProjectionNorm(),
                sigmaEff * quantile(pointNorms, 0.5), plan.width().privacy(), sigmaEff * quantile(pairNorms, 0.5),
                plan.width().statistical(), quantile(widths, 0.5), quantile(widths, 0.1), quantile(widths, 0.9));
    }

    /**
     * What the ledger charges for this epoch's release, as the service's close does
     * ({@link EpochCharge}): {ε, δ} of the entry. Under a Gaussian accountant the entry holds the
     * marginal ε of the Gaussian profile, ε(ρ_before + ρ_r) − ε(ρ_before) at the bandit's δ (Balle
     * &amp; Wang 2018, Thm 8), δ on the first.
     */
    static double[] charge(CapriConfig config, EpochPlan plan, int priorReleases, double rhoBefore) {
        CapriConfig.Privacy p = config.privacy();
        EpochCharge charge = EpochCharge.of(config, plan.noise(), priorReleases);
        if (!p.privacyEnabled() || charge.cost().epsilon() == 0.0) {
            return new double[] {0, 0};
        }
        if (p.accountant().composesGaussians()) {
            double before = ZcdpAccounting.gaussianEpsilon(rhoBefore, p.delta());
            double after = Math.min(p.epsilon(), ZcdpAccounting.gaussianEpsilon(rhoBefore + charge.rho(), p.delta()));
            return new double[] {after - before, rhoBefore == 0 ? p.delta() : 0};
        }
        return new double[] {charge.cost().epsilon(), charge.cost().delta()};
    }

    /** ρ the ledger charges for this release ({@link EpochCharge}): 0 for one a user's earlier charge covers. */
    static double chargedRho(CapriConfig config, EpochPlan plan, int priorReleases) {
        return EpochCharge.of(config, plan.noise(), priorReleases).rho();
    }

    private static List<String> capriNotes(CapriConfig config, EpochSchedule schedule, CapriForecast f) {
        List<String> notes = new ArrayList<>();
        notes.add("Every figure is for full active sets, with the planner's own public draws of S and R (a typical "
                + "run's: a given run's sigma differs by up to about 30%). After eliminations the support shrinks and S, C_r "
                + "and sigma change with it: usually smaller noise, but with a PLANNED projection not always.");
        notes.add("resolvableGap: a pair of actions whose reward gap exceeds it is eliminated with probability about "
                + "one half or more (median pair; Low and High are the 10th and 90th percentiles of pairs). Bias of the "
                + "projected, regularised estimate is not included.");
        long last = schedule.epochs().stream().filter(EpochSchedule.Epoch::complete)
                .mapToLong(e -> e.start() + e.rounds()).max().orElse(0);
        CapriConfig.Refinements r = config.refinements();
        if (r.exploits()) {
            double s = r.exploitShare();
            notes.add(String.format(java.util.Locale.ROOT, "Decisions exploit (tuning.exploit ARGMAX, share %.2f): T = %d "
                    + "counts learning rounds%s; the last release is at learning round %d, and every decision after it "
                    + "plays the latest release's argmax inside the active set.", s, config.horizon(),
                    s > 0 ? String.format(java.util.Locale.ROOT, ", about %d decisions with a share %.2f of the "
                            + "learning epochs' decisions exploiting", Math.round(config.horizon() / (1 - s)), s) : "",
                    last));
        } else {
            notes.add("The last release is at round " + last + " of " + config.horizon()
                    + "; the rounds after it are served from the last active sets.");
        }
        if (f.firstEliminationEpoch() == null) {
            notes.add(String.format(java.util.Locale.ROOT, "No epoch within the horizon resolves a gap of %.3g: "
                    + (r.exploits() ? "no action is eliminated on such gaps, and the exploiting decisions play the "
                            + "argmax of releases whose noise is of that size." : "this bandit will play uniformly on "
                            + "such gaps."), f.gap()));
        }
        if (config.composition() == CapriConfig.EpochComposition.SEQUENTIAL && config.privacy().privacyEnabled()
                && !config.privacy().accountant().composesGaussians()) {
            notes.add("BASIC SEQUENTIAL composition (the paper's) splits (epsilon, delta) over the releases; PARALLEL "
                    + "(each round's data enters one epoch) or a Gaussian accountant (EXACT, ZCDP: a user's rounds "
                    + "compose as Gaussian DP) lets every epoch use all of it at the same guarantee.");
        }
        return notes;
    }

    private static double[][] actionFeatures(Capri capri) {
        return capri.config().actionFeatures().toArray(double[][]::new);
    }

    /** Up to n pool contexts (a public shuffle), or n draws from a continuous κ. */
    static List<double[]> contextSample(ContextGenerator contexts, int n, SplittableRandom rng) {
        var finite = contexts.finiteSupport();
        if (finite.isPresent()) {
            List<double[]> pool = new ArrayList<>(finite.get());
            Collections.shuffle(pool, new Random(rng.nextLong()));
            return pool.subList(0, Math.min(n, pool.size()));
        }
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(contexts.draw(rng));
        }
        return out;
    }

    static double quantile(List<Double> values, double q) {
        if (values.isEmpty()) {
            return 0;
        }
        double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(v);
        return v[Math.min(v.length - 1, (int) Math.floor(q * (v.length - 1)))];
    }

    static double seconds(long started) {
        return (System.nanoTime() - started) / 1e9;
    }
}

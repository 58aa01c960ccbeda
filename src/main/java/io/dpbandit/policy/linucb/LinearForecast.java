package io.dpbandit.policy.linucb;

import io.dpbandit.policy.planning.Forecast;
import io.dpbandit.policy.planning.PlanReport;
import io.dpbandit.policy.planning.RankingAccuracy;
import io.dpbandit.policy.planning.Point;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a private LinUCB bandit's model will look like, from its spec alone (no data): its tree, its
 * noise level, and how many learning rounds it needs before the private model can tell actions
 * apart by a given gap, i.e. before it is expected to beat uniform play.
 *
 * <p>The model (stated, so that the forecast can be checked against the simulator): each of the K
 * blocks (one per action under PER_ACTION, one for the whole model otherwise) gets n_b = n/K of
 * the n learning rounds; contexts have norm L and spread evenly over the block's d_b dimensions, so
 * the block's Gram matrix is about g = (n_b L²/d_b) I. The regulariser R (2Υ for SHIFT, Υ for FLOOR)
 * shrinks every block's scores alike by g/(g + R), which does not change which action ranks first;
 * what does is the noise: the private estimate's score for a context of norm L carries
 * L(‖h‖ + ‖Nθ‖)/(g + R) of it against a shrunk gap g·gap/(g + R). A prefix sums about m/2 nodes of
 * σ per entry, so typically ‖h‖ ≈ σ√(m d_b/2) and ‖Nθ‖ ≈ σ√(m d_b/2)·S (typical sizes, not the
 * high-probability bound Υ the confidence radius needs, which overstates the ranking error about
 * fivefold). So {@code scoreError} = Lσ√(m d_b/2)(1 + S)/g is the noise in reward units, and a gap
 * is resolved once it is below half the gap. Checked against the simulator (LinearForecastTest):
 * good to a factor of a few, which is what a "when will it learn" answer needs.
 *
 * @param horizon           T
 * @param blocks            K
 * @param blockDimension    d_b
 * @param leafRounds        B, rounds per tree leaf
 * @param levels            m, tree levels
 * @param nodeSigma         σ, the node noise's standard deviation per entry
 * @param noiseBound        Υ, the bound on one block's noise operator norm
 * @param regularisation    R, what the regulariser adds
 * @param gap               the gap asked about
 * @param roundsToResolve   learning rounds after which the gap is resolved (null: not within T)
 * @param points            the score error at a few horizons
 */
public record LinearForecast(long horizon, int blocks, int blockDimension, long leafRounds, int levels,
        double nodeSigma, double noiseBound, double regularisation, double gap, Long roundsToResolve,
        List<Point> points) implements Forecast {

    /** The plan report's field for it. */
    public static final String KEY = "linear";

    @Override
    public java.util.List<Point> scoreErrors() {
        return points;
    }

    @Override
    public String key() {
        return KEY;
    }

    /** The tree and its noise, then the score error at a few horizons. */
    @Override
    public String table() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "LINUCB, T = %d, %d block(s) of dimension %d, leaves of %d rounds, "
                + "m = %d levels, node sigma = %.4g, noise bound = %.4g, regulariser adds %.4g%n", horizon, blocks,
                blockDimension, leafRounds, levels, nodeSigma, noiseBound, regularisation));
        sb.append(String.format(Locale.ROOT, "%10s %12s%n", "rounds", "score error"));
        for (Point p : points) {
            sb.append(String.format(Locale.ROOT, "%10d %12.4g%n", p.rounds(), p.scoreError()));
        }
        return sb.toString();
    }

    /** The forecast of a LinUCB policy (its configuration and calibration) for a gap. */
    public static PlanReport plan(LinUcb policy, double gap) {
        LinUcbConfig c = policy.config();
        int k = c.blocks();
        int db = c.blockDimension();
        int m = policy.calibration().levels();
        double sigma = c.privateRelease() ? policy.calibration().sigma() : 0.0;
        double upsilon = policy.bounds().noiseBound();
        double r = c.tuning().regulariser() == LinUcbConfig.Regulariser.FLOOR && c.privateRelease()
                ? policy.bounds().rhoMin() : policy.bounds().shift();
        double l = c.featureBound();
        double numerator = l * sigma * Math.sqrt(m * db / 2.0) * (1.0 + c.thetaBound());
        List<Point> points = new ArrayList<>();
        for (double f : new double[] {0.01, 0.1, 0.5, 1.0}) {
            long n = Math.max(1, (long) Math.floor(f * c.horizon()));
            points.add(new Point(n, scoreError(numerator, n, k, db, l)));
        }
        // error(n) ≤ gap/2  ⇔  n_b L²/d_b ≥ 2·numerator/gap.
        double perBlock = 2.0 * numerator / gap * db / (l * l);
        long rounds = (long) Math.ceil(perBlock * k);
        Long resolve = rounds <= c.horizon() ? Long.valueOf(Math.max(rounds, 1)) : null;
        LinearForecast f = new LinearForecast(c.horizon(), k, db, c.leafRounds(), m, sigma, upsilon, r, gap, resolve,
                points);
        List<String> notes = List.of(
                "Assumes contexts of norm L spread evenly over each block's dimensions and rounds spread evenly over "
                        + "the blocks (actions); a skewed context distribution needs more rounds in its thin directions.",
                "scoreError is the forecast error of the private model's score <theta, x> for one action; the model "
                        + "ranks two actions a gap apart correctly once it is below half the gap.",
                resolve == null ? String.format(java.util.Locale.ROOT, "Within the horizon of %d rounds the private "
                        + "model is not expected to resolve a gap of %.3g: it will play about as well as uniform on "
                        + "such gaps.", c.horizon(), gap)
                        : String.format(java.util.Locale.ROOT, "Expected to resolve a gap of %.3g after about %d "
                        + "learning rounds (users), %.0f per action block.", gap, resolve, perBlock));
        return new PlanReport("LINUCB", gap, f, notes);
    }

    /**
     * The forecast of an EPOCHS release ({@link EpochLinUcb}): at each
     * epoch end (public), the summed releases hold n rounds and r releases of noise σ per entry, so a
     * block's Gram matrix is about g = n_b L²/d_b with n_b = n/K. The score of a context c (norm L)
     * is off by cᵀG⁻¹(h − Nθ): isotropic noise of σ√r per entry projects on c as σ√r·L, not as the
     * whole vector's σ√(r d_b) (the tree's forecast above takes the whole vector, a worst-case
     * alignment), so the typical score error is σ√r·L(1 + S)/g. The eigenvalue floor shrinks signal
     * and noise alike and drops out of the ranking. Play before the first release is uniform; the gap
     * is resolved at the first epoch end whose error is below half of it. Checked against the
     * simulator in EpochLinUcbTest; on the digits (docs/benchmarks-real.md) it is conservative: the
     * first release already lifts the reward well above uniform play.
     */
    public static PlanReport planEpochs(EpochLinUcb policy, double gap) {
        int k = policy.blocks();
        int db = policy.dimension();
        double sigma = policy.sigma();
        double l = 1.0;
        double s = 1.0;
        List<Point> points = new ArrayList<>();
        Long resolve = null;
        int releases = 0;
        for (long n = policy.leafRounds(); n <= policy.horizon(); n += policy.leafRounds()) {
            if (!policy.epochEndsAt(n)) {
                continue;
            }
            releases++;
            double error = l * sigma * Math.sqrt(releases) * (1 + s) / ((double) n / k * l * l / db);
            points.add(new Point(n, error));
            if (resolve == null && error <= gap / 2) {
                resolve = n;
            }
        }
        LinearForecast f = new LinearForecast(policy.horizon(), k, db, policy.leafRounds(), releases, sigma,
                policy.noiseBound(1), 0.0, gap, resolve, points);
        List<String> notes = List.of(
                "EPOCHS: play is uniform until the first epoch (" + policy.firstEpoch() + " rounds) is released; "
                        + "points are the epoch ends, where the model changes. levels is the number of releases "
                        + "within the horizon.",
                "Assumes contexts of norm 1 spread evenly over each block's dimensions and rounds spread evenly "
                        + "over the actions.",
                resolve == null ? String.format(java.util.Locale.ROOT, "No release within the horizon is expected to "
                        + "resolve a gap of %.3g; a longer first epoch (linear.firstEpoch) makes the first release "
                        + "sharper.", gap)
                        : String.format(java.util.Locale.ROOT, "Expected to resolve a gap of %.3g from the release "
                        + "after %d learning rounds (users).", gap, resolve));
        return new PlanReport("LINUCB", gap, f, notes);
    }

    /**
     * The forecast share of the learnable gain an EPOCHS release earns over decisions {@code from + 1 .. to}
     * (learning rounds; every decision learns under EPOCHS): 0 before the first release, then, while the
     * releases hold n rounds, the ranking accuracy {@link RankingAccuracy#share} of scores off by the epoch forecast
     * above, σ√r·(1 + S)·K·d_b/n. A share of 1 is the non-private model's play, 0 uniform play. Public: T,
     * (ε, δ), K, d_b and the leaf grid, nothing else. Used to choose {@code linear.firstEpoch}
     * ({@link LinearDefaults}; a prototype of issue 33, checked against the digits and the wine with
     * bench/research-defaults.sh).
     */
    public static double learnedShare(EpochLinUcb policy, double gap, long from, long to) {
        if (to <= from) {
            throw new IllegalArgumentException("need from < to, got " + from + " and " + to);
        }
        int k = policy.blocks();
        double perRelease = policy.sigma() * 2.0 * k * policy.dimension();
        double total = 0;
        long held = 0;
        int releases = 0;
        long t1 = policy.firstEpoch();
        long next = t1;
        double share = 0;
        long round = from;
        while (round < to) {
            while (next <= round && next <= policy.horizon()) {
                releases++;
                held = next;
                share = RankingAccuracy.share(perRelease * Math.sqrt(releases) / held, gap, k);
                next = 2 * next + t1;
            }
            long until = Math.min(to, next <= policy.horizon() ? next : Long.MAX_VALUE);
            total += share * (until - round);
            round = until;
        }
        return total / (to - from);
    }

    static double scoreError(double numerator, long rounds, int blocks, int db, double l) {
        double perBlock = (double) rounds / blocks;
        return numerator / (perBlock * l * l / db);
    }
}

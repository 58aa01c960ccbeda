package io.dpbandit.policy.gpucb;

import io.dpbandit.policy.planning.Forecast;
import io.dpbandit.policy.planning.ForecastTooLong;
import io.dpbandit.policy.planning.PlanReport;
import io.dpbandit.policy.planning.PlannerOptions;
import io.dpbandit.policy.planning.Point;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.LongToDoubleFunction;
import org.ejml.data.DMatrixRMaj;

/**
 * What a private GP-UCB bandit's model will look like, from its spec alone (no data): its noise, its
 * regulariser, and how many learning rounds it needs before the private model can tell two actions
 * apart by a given gap, i.e. before it is expected to beat uniform play by that margin.
 *
 * <p>The model (stated, so that the forecast can be checked against the simulator). The bandit's model
 * is ridge regression on M quadrature Fourier features Φ (‖Φ‖ = 1) of the joint points w = context ++
 * action, so it sees the data through the Gram matrix Σ_n = Σ ΦΦᵀ of its n rounds. The forecast takes
 * the played points to spread like a public sample (the pool's contexts, or uniform contexts on
 * [0, 1]^dc without a pool, each with the actions; drawn with the planner's public seed): Σ_n ≈ nC,
 * C = E[ΦΦᵀ] = Σ c_i q_i q_iᵀ. With the regulariser the model's matrix has, in direction q_i,
 * v_i = n c_i + 2sΛ + λ (SHIFT) or max(n c_i, sΛ) + λ (FLOOR). What the bandit must resolve is the
 * difference between two actions for the same context, Δ = Φ(c, a) − Φ(c, a'); over the sample its
 * second moment is C_Δ = 2 E_c[Cov_a Φ(c, a)], with weight w_i = q_iᵀ C_Δ q_i in direction q_i. The
 * reward function is taken from the kernel's prior (θ ~ N(0, a²I), so f = Φᵀθ), scaled so that a
 * typical difference ⟨θ, Δ⟩ is the gap (a² Σ w_i = gap²). The estimated difference is then the true
 * one times the slope k = Σ w_i s_i / Σ w_i, s_i = n c_i/v_i the shrinkage in direction i, plus:
 * <ul>
 *   <li>privacy noise of variance q·Σ w_i/v_i², where the noise vector h − Nθ carries q per entry: JDP,
 *       a prefix sums about m/2 tree nodes of σ per entry, so q = (m/2)σ²(1 + S²); local JDP, n client
 *       reports, q = n(σ_u² + σ_X²S²); S = B bounds ‖θ‖ (Dubey 2021, Lemma 10);</li>
 *   <li>reward noise of variance ρ²·Σ w_i·n c_i/v_i²;</li>
 *   <li>the shrinkage's bias: directions are shrunk unequally, which no rescaling undoes, of variance
 *       a² Σ w_i (s_i − k)² = gap²·Var_w(s) (the part of the shrunk difference not proportional to the
 *       true one).</li>
 * </ul>
 * {@code scoreError} is the square root of their sum over k, the error of a difference in reward
 * units, and a gap is resolved once it is below half the gap (as {@link LinearForecast} does). Where the
 * shift dominates every direction (2sΛ ≫ n c_i) it cancels out of the noise but not of the bias; a
 * FLOOR leaves well-observed directions unshrunk. Typical sizes, not the high-probability bounds the
 * confidence radius needs; the exploration bonus is left out.
 *
 * <p>Checked against the simulator on worlds drawn from the prior (GpUcbForecastTest, M = 128, five
 * actions, T = 20 000): at ε = 4 the regret is above 0.75 of uniform play's before a tenth of the
 * forecast and below half of it from the forecast on (SHIFT 6 557 rounds, FLOOR 5 925), and where it
 * forecasts nothing within T (local JDP at ε = 10) the bandit stays above half. Two limits, both outside
 * the model: a reward whose context effect is rougher than the kernel's prior is learnt later than
 * forecast; and under local JDP the shift grows like √n, so ‖Φ‖_{V⁻¹} (the UCB bonus) stays about the
 * same for every point and play can lock onto one action (at ε = 300 the forecast says about 4 000
 * rounds and the simulated bandit stays at the best single action's level): a positive local-JDP
 * forecast is optimistic.
 *
 * @param privacyModel       JDP (tree) or LDP (local JDP: each device noises its own report)
 * @param horizon            T
 * @param featureDimension   M
 * @param leafRounds         JDP: B, rounds per tree leaf (the model moves at leaf ends); LDP: 1
 * @param levels             JDP: m, tree levels; LDP: null
 * @param nodeSigma          JDP: σ of a node's noise per entry; LDP: σ_X of a report's Gram noise
 * @param vectorSigma        the noise per entry of the reward vector ũ (JDP: σ; LDP: σ_u)
 * @param noiseBound         Λ, the bound on the Gram noise's norm (LDP: at the horizon)
 * @param regulariser        SHIFT or FLOOR
 * @param regularisation     what the regulariser adds (SHIFT: 2sΛ) or raises eigenvalues to (FLOOR: sΛ),
 *                           at the horizon, before the ridge λ
 * @param gap                the gap asked about
 * @param roundsToResolve    learning rounds after which the gap is resolved (null: not within T)
 * @param points             the score error at a few horizons
 */
public record GpUcbForecast(String privacyModel, long horizon, int featureDimension, long leafRounds,
        Integer levels, double nodeSigma, double vectorSigma, double noiseBound, String regulariser,
        double regularisation, double gap, Long roundsToResolve, List<Point> points) implements Forecast {

    /** The plan report's field for it. */
    public static final String KEY = "gpucb";

    @Override
    public java.util.List<Point> scoreErrors() {
        return points;
    }

    @Override
    public String key() {
        return KEY;
    }

    /** The model's noise, then the score error at a few horizons. */
    @Override
    public String table() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "GPUCB-%s, T = %d, M = %d features, %s, "
                + "noise sigma = %.4g (reward vector %.4g), noise bound = %.4g, %s %.4g%n", privacyModel, horizon,
                featureDimension, levels == null ? "reports summed" : String.format(Locale.ROOT,
                        "leaves of %d rounds, m = %d levels", leafRounds, levels),
                nodeSigma, vectorSigma, noiseBound, regulariser.equals("FLOOR") ? "eigenvalues floored at"
                        : "shift adds", regularisation));
        sb.append(String.format(Locale.ROOT, "%10s %12s%n", "rounds", "score error"));
        for (Point p : points) {
            sb.append(String.format(Locale.ROOT, "%10d %12.4g%n", p.rounds(), p.scoreError()));
        }
        return sb.toString();
    }


    public GpUcbForecast {
        points = List.copyOf(points);
    }

    /**
     * The most joint points the spectra are computed from: each costs M² (M ≤ 512), so a larger public
     * sample keeps a public random subset of the actions for each context.
     */
    public static final int MAX_SAMPLE_POINTS = 2000;

    /**
     * The forecast of a JDP (tree) GP-UCB policy for a gap.
     *
     * @param sample public joint points, one list per context (each with at least two actions)
     */
    public static PlanReport plan(GpUcb policy, List<List<double[]>> sample, double gap, PlannerOptions options) {
        long started = System.nanoTime();
        GpUcbConfig c = policy.config();
        var calibration = policy.noiseCalibration().orElseThrow(
                () -> new IllegalArgumentException("the forecast is of a private model"));
        Spectrum spectrum = spectrum(policy::features, c.featureDimension(), sample, options, started);
        double sigma = calibration.sigma();
        int m = calibration.treeNodes();
        double s = c.rkhsNormBound();
        double q = m / 2.0 * sigma * sigma * (1 + s * s);
        boolean floor = c.tuning().regulariser() == GpUcbConfig.Regulariser.FLOOR;
        long leaf = c.leafRounds();
        long horizon = c.horizon();
        Model model = new Model(spectrum, c.ridge(), c.noiseScale(), floor, n -> q, n -> policy.shift(),
                n -> policy.eigenvalueFloor(), leaf, gap);
        Resolution r = resolve(model, horizon, leaf, gap);
        GpUcbForecast f = new GpUcbForecast("JDP", horizon, c.featureDimension(), leaf, m, sigma, sigma,
                policy.noiseNormBound(), c.tuning().regulariser().name(),
                floor ? policy.eigenvalueFloor() : policy.shift(), gap, r.rounds(), r.points());
        return new PlanReport("GPUCB", gap, f, notes(f, spectrum.points()));
    }

    /**
     * The forecast of a local-JDP GP-UCB policy for a gap.
     *
     * @param sample public joint points, one list per context (each with at least two actions)
     */
    public static PlanReport planLocal(LocalGpUcb policy, List<List<double[]>> sample, double gap,
            PlannerOptions options) {
        long started = System.nanoTime();
        GpUcbConfig c = policy.config();
        Spectrum spectrum = spectrum(policy::features, c.featureDimension(), sample, options, started);
        double sx = policy.clientNoise().sigmaX();
        double su = policy.clientNoise().sigmaU();
        double s = c.rkhsNormBound();
        boolean floor = c.tuning().regulariser() == GpUcbConfig.Regulariser.FLOOR;
        long horizon = c.horizon();
        Model model = new Model(spectrum, c.ridge(), c.noiseScale(), floor, n -> n * (su * su + sx * sx * s * s),
                policy::shift, policy::eigenvalueFloor, 1, gap);
        Resolution r = resolve(model, horizon, 1, gap);
        double atHorizon = floor ? policy.eigenvalueFloor(horizon) : policy.shift(horizon);
        double scale = c.tuning().shiftScale() * (floor ? 1 : 2);
        GpUcbForecast f = new GpUcbForecast("LDP", horizon, c.featureDimension(), 1, null, sx, su,
                atHorizon / scale, c.tuning().regulariser().name(), atHorizon, gap, r.rounds(), r.points());
        return new PlanReport("GPUCB", gap, f, notes(f, spectrum.points()));
    }

    /**
     * The public spectra: the eigenvalues c_i of C = E[ΦΦᵀ] and the weights w_i = q_iᵀ C_Δ q_i of the
     * within-context differences in C's eigenvectors.
     *
     * @param points the joint points they were computed from
     */
    record Spectrum(double[] c, double[] w, int points) {
    }

    /**
     * The forecast's error model for n learning rounds.
     *
     * @param q       n ↦ the privacy noise per entry of h − Nθ
     * @param shift   n ↦ the shift 2sΛ (SHIFT)
     * @param floorOf n ↦ the floor sΛ (FLOOR)
     * @param leaf    rounds per leaf: the model holds ⌊n/B⌋·B rounds
     * @param gap     the size of a typical difference, for the shrinkage's bias
     */
    record Model(Spectrum spectrum, double ridge, double rho, boolean floor, LongToDoubleFunction q,
            LongToDoubleFunction shift, LongToDoubleFunction floorOf, long leaf, double gap) {

        /** The error of a typical difference in reward units after n learning rounds (∞ before any). */
        double scoreError(long rounds) {
            long n = rounds / leaf * leaf;
            if (n <= 0) {
                return Double.POSITIVE_INFINITY;
            }
            double noise = 0;
            double statistical = 0;
            double kept = 0;
            double keptSquared = 0;
            double total = 0;
            double r = floor ? floorOf.applyAsDouble(n) : shift.applyAsDouble(n);
            double[] c = spectrum.c();
            double[] w = spectrum.w();
            for (int i = 0; i < c.length; i++) {
                double data = n * c[i];
                double v = (floor ? Math.max(data, r) : data + r) + ridge;
                double shrink = data / v;
                noise += w[i] / (v * v);
                statistical += w[i] * data / (v * v);
                kept += w[i] * shrink;
                keptSquared += w[i] * shrink * shrink;
                total += w[i];
            }
            if (!(total > 0)) {
                return Double.POSITIVE_INFINITY; // every action is the same point: nothing to tell apart
            }
            double slope = kept / total;
            // The part of the shrunk difference that is not slope × the true one, for a typical difference
            // of the size of the gap: gap² Var_w(shrink) (divided by the slope² below, as the noise is).
            double bias = gap * gap * Math.max(0, keptSquared / total - slope * slope);
            return Math.sqrt(q.applyAsDouble(n) * noise + rho * rho * statistical + bias) / slope;
        }
    }

    record Resolution(Long rounds, List<Point> points) {
    }

    /**
     * The points at 1, 10, 50 and 100 % of the horizon, and the first leaf end (or round) whose error is
     * at most gap/2: a log-spaced scan, then bisection within the step that crosses (the error falls
     * with n; the scan guards against a bump).
     */
    static Resolution resolve(Model model, long horizon, long leaf, double gap) {
        List<Point> points = new ArrayList<>();
        for (double f : new double[] {0.01, 0.1, 0.5, 1.0}) {
            long n = Math.min(horizon, Math.max(leaf, (long) Math.floor(f * horizon) / leaf * leaf));
            points.add(new Point(n, model.scoreError(n)));
        }
        long steps = (horizon + leaf - 1) / leaf; // leaf ends k·B, k = 1..steps (the last may be T)
        long previous = 0;
        Long found = null;
        for (int i = 0; i <= 200 && found == null; i++) {
            long k = Math.max(1, Math.min(steps, (long) Math.ceil(Math.pow(steps, i / 200.0))));
            if (k <= previous) {
                continue;
            }
            if (model.scoreError(Math.min(k * leaf, horizon)) <= gap / 2) {
                long lo = previous;
                long hi = k;
                while (hi - lo > 1) {
                    long mid = (lo + hi) >>> 1;
                    if (model.scoreError(Math.min(mid * leaf, horizon)) <= gap / 2) {
                        hi = mid;
                    } else {
                        lo = mid;
                    }
                }
                found = Math.min(hi * leaf, horizon);
            }
            previous = k;
        }
        return new Resolution(found, points);
    }

    /**
     * C = E[ΦΦᵀ] over the sample's points and C_Δ = 2 E_c[Cov_a Φ(c, a)] over its contexts (each context
     * keeping a public random subset of its actions when the sample has more than
     * {@link #MAX_SAMPLE_POINTS} points), C's eigendecomposition and C_Δ's weights in its eigenvectors;
     * gives up with {@link ForecastTooLong} once the options' time is spent.
     */
    static Spectrum spectrum(Function<double[], double[]> features, int m, List<List<double[]>> sample,
            PlannerOptions options, long started) {
        int total = sample.stream().mapToInt(List::size).sum();
        if (sample.isEmpty() || sample.stream().anyMatch(g -> g.size() < 2)) {
            throw new IllegalArgumentException("the forecast needs contexts with at least two actions each");
        }
        int perContext = Math.max(2, MAX_SAMPLE_POINTS / sample.size());
        java.util.Random rng = new java.util.Random(options.seed());
        long limit = options.maxSeconds() == 0 ? Long.MAX_VALUE : (long) (options.maxSeconds() * 1e9);
        DMatrixRMaj second = new DMatrixRMaj(m, m);
        DMatrixRMaj meanOuter = new DMatrixRMaj(m, m);
        int used = 0;
        for (List<double[]> group : sample) {
            List<double[]> points = group;
            if (total > MAX_SAMPLE_POINTS && group.size() > perContext) {
                List<double[]> copy = new ArrayList<>(group);
                java.util.Collections.shuffle(copy, rng);
                points = copy.subList(0, perContext);
            }
            checkTime(started, limit, options, m);
            double[] mean = new double[m];
            DMatrixRMaj local = new DMatrixRMaj(m, m);
            for (double[] p : points) {
                double[] phi = features.apply(p);
                addOuter(local, phi, 1.0 / points.size());
                for (int i = 0; i < m; i++) {
                    mean[i] += phi[i] / points.size();
                }
            }
            org.ejml.dense.row.CommonOps_DDRM.addEquals(second, 1.0 / sample.size(), local);
            addOuter(meanOuter, mean, 1.0 / sample.size());
            used += points.size();
        }
        symmetrise(second);
        symmetrise(meanOuter);
        checkTime(started, limit, options, m);
        var eig = org.ejml.dense.row.factory.DecompositionFactory_DDRM.eig(m, true, true);
        if (!eig.decompose(second.copy())) {
            throw new ArithmeticException("symmetric eigendecomposition did not converge");
        }
        checkTime(started, limit, options, m);
        DMatrixRMaj difference = new DMatrixRMaj(m, m); // C_Δ = 2 (C − E_c[μ_c μ_cᵀ])
        org.ejml.dense.row.CommonOps_DDRM.add(2.0, second, -2.0, meanOuter, difference);
        double[] c = new double[m];
        double[] w = new double[m];
        for (int k = 0; k < m; k++) {
            DMatrixRMaj v = eig.getEigenVector(k);
            double norm = 0;
            for (int i = 0; i < m; i++) {
                norm += v.data[i] * v.data[i];
            }
            c[k] = Math.max(0, eig.getEigenvalue(k).real);
            double quad = 0;
            for (int i = 0; i < m; i++) {
                double sum = 0;
                int row = i * m;
                for (int j = 0; j < m; j++) {
                    sum += difference.data[row + j] * v.data[j];
                }
                quad += v.data[i] * sum;
            }
            w[k] = Math.max(0, quad / norm);
        }
        return new Spectrum(c, w, used);
    }

    private static void addOuter(DMatrixRMaj target, double[] x, double scale) {
        int m = x.length;
        double[] a = target.data;
        for (int i = 0; i < m; i++) {
            double xi = x[i] * scale;
            if (xi == 0) {
                continue;
            }
            int row = i * m;
            for (int j = 0; j <= i; j++) {
                a[row + j] += xi * x[j];
            }
        }
    }

    /** Copies the lower triangle that {@link #addOuter} fills to the upper one. */
    private static void symmetrise(DMatrixRMaj a) {
        int m = a.numRows;
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < i; j++) {
                a.data[j * m + i] = a.data[i * m + j];
            }
        }
    }

    private static void checkTime(long started, long limit, PlannerOptions options, int m) {
        if (System.nanoTime() - started > limit) {
            throw new ForecastTooLong(String.format(Locale.ROOT, "the forecast did not finish within %.3g s "
                    + "(it was computing the spectrum of %d quadrature features over the public sample). Use the "
                    + "jar's plan command, which has no time limit", options.maxSeconds(), m));
        }
    }

    private static List<String> notes(GpUcbForecast f, int sampleSize) {
        List<String> notes = new ArrayList<>();
        notes.add(String.format(Locale.ROOT, "Assumes the played points spread like a public sample of %d joint "
                + "points (the pool's contexts, or uniform contexts on [0, 1] without a pool, with the actions) and "
                + "a reward function drawn from the kernel's prior.", sampleSize));
        notes.add("scoreError is the forecast error of the private model's difference between two actions for the "
                + "same context, in reward units; the model ranks them correctly once it is below half their gap.");
        notes.add(f.roundsToResolve() == null
                ? String.format(Locale.ROOT, "Within the horizon of %d rounds the private model is not expected to "
                        + "resolve a gap of %.3g: it will play about as well as uniform on such gaps.", f.horizon(),
                        f.gap())
                : String.format(Locale.ROOT, "Expected to resolve a gap of %.3g after about %d learning rounds "
                        + "(users).", f.gap(), f.roundsToResolve()));
        return notes;
    }
}

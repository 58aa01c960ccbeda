package io.dpbandit.policy.usca;

import io.dpbandit.kernel.Cholesky;
import io.dpbandit.kernel.CholeskyFactor;
import io.dpbandit.client.kernel.Kernel;
import io.dpbandit.policy.ContextGenerator;
import io.dpbandit.policy.JointPoint;
import io.dpbandit.client.privacy.ContributionBounds;
import io.dpbandit.privacy.ExponentialMechanism;
import io.dpbandit.client.privacy.NoiseSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.ejml.data.DMatrixRMaj;

/**
 * USCA (USCA paper, Algorithm 1; its steps are listed in docs/papers.md) as pure functions: plan
 * (public, data-free), learn uniformly, build the estimator of eq. 4 once, release per context with
 * the exponential mechanism.
 *
 * <p>Privacy (Lemma 4.2): μ_T(w) = φ(w)ᵀ Z̃⁻¹ Σ_t ω_t y_t φ(w_t) with Z̃ = (1/K)Φ_ZΦ_Zᵀ + τI, so
 * one round's term is at most B σ(w) ω_t σ(w_t) in absolute value (Cauchy–Schwarz in the Z̃⁻¹
 * metric). The weight ω_t = min(1, sup σ / σ(w_t)) ([engineering], norm clipping in that metric)
 * keeps ω_t σ(w_t) ≤ sup σ for any input, so replacing one round moves μ_T(w) by at most
 * 2B σ(w) sup σ. At support points that is the paper's m = 2B sup σ²; for a context outside the
 * support the release uses m_c = 2B sup σ · max(sup σ, max_x σ(c, x)), the same bound taken at the
 * points actually scored.
 */
public final class Usca {

    private static final int GAMMA_POINTS = 1000;

    private final UscaConfig config;
    private final Kernel kernel;
    private final double[][] actionFeatures;
    private final ContextGenerator contexts;
    /** σ²(w) per joint point for the current plan: σ² depends on public data only. */
    private final Map<JointPoint, Double> sigmaCache = new java.util.concurrent.ConcurrentHashMap<>();
    private volatile UscaPlan cachedPlan;
    private volatile double[][] cachedZFeatures;

    public Usca(UscaConfig config, ContextGenerator contexts) {
        this.config = config;
        this.kernel = config.kernel().toKernel();
        this.actionFeatures = config.actionFeatures().toArray(double[][]::new);
        this.contexts = contexts;
    }

    public UscaConfig config() {
        return config;
    }

    /** Draws Z and everything public about the bandit (steps 2–3, data-free). */
    public UscaState start(RandomGenerator publicRng) {
        List<JointPoint> z = new ArrayList<>(config.approximationSize());
        for (int i = 0; i < config.approximationSize(); i++) {
            z.add(new JointPoint(contexts.draw(publicRng), publicRng.nextInt(actionFeatures.length)));
        }
        if (config.approximatingSet() == UscaConfig.ApproximatingSet.COUNTED) {
            Map<JointPoint, Integer> counted = new java.util.LinkedHashMap<>();
            for (JointPoint p : z) {
                counted.merge(p, 1, Integer::sum);
            }
            return startFrom(new ArrayList<>(counted.keySet()),
                    counted.values().stream().mapToInt(Integer::intValue).toArray(), support(publicRng),
                    gammaEstimate(publicRng));
        }
        return startFrom(z, support(publicRng), gammaEstimate(publicRng));
    }

    /** The plan for a given Z and support (public inputs), with an empty learning state. */
    UscaState startFrom(List<JointPoint> z, List<JointPoint> support, double gamma) {
        return startFrom(z, null, support, gamma);
    }

    /**
     * The plan for Z given as distinct points with counts (null: every point once), for a given
     * support. K = n_Z / T with n_Z the total count; point j enters the regularised matrix with
     * τK/n_j on its diagonal (see {@link UscaConfig.ApproximatingSet#COUNTED}).
     */
    UscaState startFrom(List<JointPoint> z, int[] counts, List<JointPoint> support, double gamma) {
        int nZ = z.size();
        long draws = counts == null ? nZ : Arrays.stream(counts).asLongStream().sum();
        double k = (double) draws / config.horizon();
        double[] diagonal = new double[nZ];
        for (int i = 0; i < nZ; i++) {
            diagonal[i] = k * config.regularization() / (counts == null ? 1 : counts[i]);
        }
        double minDiagonal = Arrays.stream(diagonal).min().orElse(k * config.regularization());
        DMatrixRMaj kzz = gram(features(z));
        DMatrixRMaj regularised = kzz.copy();
        // K_ZZ is singular whenever Z repeats a point; K_ZZ + D is not (smallest eigenvalue ≥ min D).
        for (int i = 0; i < nZ; i++) {
            regularised.add(i, i, diagonal[i]);
        }
        DMatrixRMaj inverse = Cholesky.factor(regularised).inverseFactor();
        double[] projection = new double[0];
        double jitter = 0;
        if (config.estimator() == UscaConfig.Estimator.COMPACT) {
            // ε as small as factors (the default jitter ladder), but at most min D / 2 (Kτ/2 for the
            // paper's Z) so that M = (K_ZZ + εI)⁻¹ − (K_ZZ + D)⁻¹ stays positive semi-definite (the
            // privacy argument needs M ⪰ 0; ε is public, a function of Z only).
            double cap = minDiagonal / 2;
            CholeskyFactor factor = null;
            try {
                factor = Cholesky.factor(kzz);
                jitter = factor.jitter();
            } catch (io.dpbandit.kernel.NotPositiveDefiniteException e) {
                // falls through to the cap
            }
            if (factor == null || jitter > cap) {
                jitter = cap;
                DMatrixRMaj shifted = kzz.copy();
                for (int i = 0; i < nZ; i++) {
                    shifted.add(i, i, cap);
                }
                factor = Cholesky.factor(shifted, io.dpbandit.kernel.JitterPolicy.NONE);
            }
            projection = factor.inverseFactor().data;
        }
        UscaPlan provisional = new UscaPlan(z, inverse.data, k, 0, 0, projection, jitter, counts);
        double[][] zf = features(z);
        double sup = 0;
        for (JointPoint w : support) {
            sup = Math.max(sup, widthSq(provisional, zf, w.features(actionFeatures)));
        }
        UscaPlan plan = new UscaPlan(z, inverse.data, k, sup, gamma, projection, jitter, counts);
        return new UscaState(plan, List.of(), new double[0], new double[nZ], 0);
    }

    /** Step 1: the learning action, uniform over X, independent of all data (propensity 1/|X|). */
    public int learningAction(RandomGenerator rng) {
        return rng.nextInt(actionFeatures.length);
    }

    /** The clipped, weighted reward ω_t · clip(y) one round contributes, and whether it was clipped. */
    public record RoundContribution(double value, boolean rewardClipped, double weight) {
    }

    /**
     * One round's weighted, clipped reward ω_t · clip(y_t). Fails closed: the weight is 1 only when
     * σ²(w_t) is finite and within sup σ², √(sup σ² / σ²(w_t)) when it is finite and above, and 0
     * otherwise (a NaN σ² would pass every comparison, and a weight of 1 would void the bound
     * |ω_t σ(w_t)| ≤ sup σ that the release's sensitivity rests on). A non-finite context or
     * reward contributes 0 as well.
     */
    public RoundContribution contribution(UscaPlan plan, double[] context, int action, double reward) {
        if (!Double.isFinite(reward) || !finite(context)) {
            return new RoundContribution(0.0, false, 0.0);
        }
        var clipped = ContributionBounds.clipReward(reward, config.rewardBound());
        double weight = weight(cachedWidthSq(plan, new JointPoint(context, action)), plan.supSigmaSq());
        return new RoundContribution(weight * clipped.value(), clipped.clipped(), weight);
    }

    /** ω = min(1, sup σ / σ(w)) for a finite σ²(w), 0 otherwise (fail closed). */
    static double weight(double sigmaSq, double supSigmaSq) {
        if (!Double.isFinite(sigmaSq)) {
            return 0.0;
        }
        return sigmaSq <= supSigmaSq ? 1.0 : Math.sqrt(supSigmaSq / sigmaSq);
    }

    private static boolean finite(double[] v) {
        for (double x : v) {
            if (!Double.isFinite(x)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Folds rounds given as (point, weighted reward) pairs. The state given is left unchanged. For
     * the COMPACT estimator only K_{Z,W}Y is kept: no point and no per-point reward.
     */
    public UscaState fold(UscaState state, List<JointPoint> points, double[] weightedRewards) {
        if (state.plan().compact()) {
            double[][] zf = zFeatures(state.plan());
            double[] zSums = state.zSums().clone();
            for (int t = 0; t < points.size(); t++) {
                double[] w = points.get(t).features(actionFeatures);
                for (int j = 0; j < zSums.length; j++) {
                    zSums[j] += weightedRewards[t] * kernel.value(zf[j], w);
                }
            }
            return new UscaState(state.plan(), List.of(), new double[0], zSums, state.rounds() + points.size());
        }
        double[][] zf = zFeatures(state.plan());
        Map<JointPoint, Integer> index = new HashMap<>();
        List<JointPoint> all = new ArrayList<>(state.points());
        for (int i = 0; i < all.size(); i++) {
            index.put(all.get(i), i);
        }
        double[] sums = Arrays.copyOf(state.rewardSums(), state.rewardSums().length + points.size());
        // A copy: the record's accessor hands out its own array, and fold must leave the given state
        // unchanged (the service and the tests fold the same state more than once).
        double[] zSums = state.zSums().clone();
        for (int t = 0; t < points.size(); t++) {
            JointPoint p = points.get(t);
            double y = weightedRewards[t];
            Integer i = index.get(p);
            if (i == null) {
                i = all.size();
                all.add(p);
                index.put(p, i);
            }
            sums[i] += y;
            double[] w = p.features(actionFeatures);
            for (int j = 0; j < zSums.length; j++) {
                zSums[j] += y * kernel.value(zf[j], w);
            }
        }
        return new UscaState(state.plan(), all, Arrays.copyOf(sums, all.size()), zSums,
                state.rounds() + points.size());
    }

    /** Builds the estimator once (step 3): b = (K_ZZ + KτI)⁻¹ K_{Z,W} Y via the stored factor. */
    public UscaEstimator estimator(UscaState state) {
        int n = state.zSums().length;
        double[] l = state.plan().inverseFactor();
        // (LLᵀ)⁻¹ v = L⁻ᵀ (L⁻¹ v), with L⁻¹ lower triangular.
        double[] u = new double[n];
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int j = 0; j <= i; j++) {
                s += l[i * n + j] * state.zSums()[j];
            }
            u[i] = s;
        }
        double[] b = new double[n];
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int i = j; i < n; i++) {
                s += l[i * n + j] * u[i];
            }
            b[j] = s;
        }
        return new UscaEstimator(state.plan(), state.points(), state.rewardSums(), b);
    }

    /** The COMPACT estimator: c = M K_{Z,W}Y = (K_ZZ + εI)⁻¹ zSums − (K_ZZ + KτI)⁻¹ zSums. */
    public UscaCompactEstimator compactEstimator(UscaState state) {
        UscaPlan plan = state.plan();
        if (!plan.compact()) {
            throw new IllegalStateException("this plan is for the PAPER estimator");
        }
        double[] first = solveWithInverseFactor(plan.projectionFactor(), state.zSums());
        double[] second = solveWithInverseFactor(plan.inverseFactor(), state.zSums());
        double[] c = new double[first.length];
        for (int i = 0; i < c.length; i++) {
            c[i] = first[i] - second[i];
        }
        return new UscaCompactEstimator(plan, c);
    }

    /** (LLᵀ)⁻¹ v = L⁻ᵀ (L⁻¹ v), with L⁻¹ given (lower triangular, row-major). */
    private static double[] solveWithInverseFactor(double[] l, double[] v) {
        int n = v.length;
        double[] u = new double[n];
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int j = 0; j <= i; j++) {
                s += l[i * n + j] * v[j];
            }
            u[i] = s;
        }
        double[] out = new double[n];
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int i = j; i < n; i++) {
                s += l[i * n + j] * u[i];
            }
            out[j] = s;
        }
        return out;
    }

    /** μ̃_T(c, x) = (1/τ) k_Z(w)ᵀ c for every action x (COMPACT estimator). */
    public double[] means(UscaCompactEstimator estimator, double[] context) {
        double[][] zf = zFeatures(estimator.plan());
        double[] out = new double[actionFeatures.length];
        for (int a = 0; a < out.length; a++) {
            double[] w = new JointPoint(context, a).features(actionFeatures);
            double sum = 0;
            for (int j = 0; j < zf.length; j++) {
                sum += estimator.coefficients()[j] * kernel.value(zf[j], w);
            }
            out[a] = sum / config.regularization();
        }
        return out;
    }

    /** Step 4 for the COMPACT estimator: the same mechanism, with s in place of σ (see UscaConfig). */
    public Release release(UscaCompactEstimator estimator, double[] context, NoiseSource noise) {
        return select(means(estimator, context), estimator.plan(), context, noise);
    }

    /** μ_T(c, x) for every action x (eq. 4). */
    public double[] means(UscaEstimator estimator, double[] context) {
        double[][] zf = zFeatures(estimator.plan());
        double[][] wf = features(estimator.points());
        double[] out = new double[actionFeatures.length];
        for (int a = 0; a < out.length; a++) {
            double[] w = new JointPoint(context, a).features(actionFeatures);
            double data = 0;
            for (int i = 0; i < wf.length; i++) {
                data += estimator.rewardSums()[i] * kernel.value(wf[i], w);
            }
            double approx = 0;
            for (int j = 0; j < zf.length; j++) {
                approx += estimator.zCoefficients()[j] * kernel.value(zf[j], w);
            }
            out[a] = (data - approx) / config.regularization();
        }
        return out;
    }

    /** σ²(c, x) (eq. 5; s²(c, x) for a COMPACT plan) for every action x. */
    public double[] widths(UscaPlan plan, double[] context) {
        double[] out = new double[actionFeatures.length];
        for (int a = 0; a < out.length; a++) {
            out[a] = cachedWidthSq(plan, new JointPoint(context, a));
        }
        return out;
    }

    /** A release for one context: the chosen action, its probabilities and the sensitivity used. */
    public record Release(int action, double[] probabilities, double[] logProbabilities, double sensitivity,
            double epsilon) {
    }

    /**
     * Step 4 (Def. 3.2): sample x̂ with probability ∝ exp(ε μ_T(c,x) / (2 m_c)) in log space. Non-private
     * configurations (ε = ∞) return the argmax with probability 1.
     */
    public Release release(UscaEstimator estimator, double[] context, NoiseSource noise) {
        return select(means(estimator, context), estimator.plan(), context, noise);
    }

    /**
     * The exponential mechanism on the means (Def. 3.2), in log space. Sensitivity at context c:
     * m_c = 2B sup w̄ · max(sup w̄, max_x w̄(c, x)) with w̄ the estimator's width (σ, or s for the
     * COMPACT one): one round's term is at most B w̄(w) ω_t w̄(w_t) ≤ B w̄(w) sup w̄, replacement
     * doubles it. Non-private configurations (ε = ∞) return the argmax with probability 1.
     */
    private Release select(double[] mu, UscaPlan plan, double[] context, NoiseSource noise) {
        if (!config.privacyEnabled()) {
            int best = 0;
            for (int a = 1; a < mu.length; a++) {
                if (mu[a] > mu[best]) {
                    best = a;
                }
            }
            double[] p = new double[mu.length];
            double[] logP = new double[mu.length];
            Arrays.fill(logP, Double.NEGATIVE_INFINITY);
            p[best] = 1;
            logP[best] = 0;
            return new Release(best, p, logP, 0, Double.POSITIVE_INFINITY);
        }
        double supSigma = Math.sqrt(plan.supSigmaSq());
        double maxSigma = 0;
        for (double s2 : widths(plan, context)) {
            if (!Double.isFinite(s2)) {
                // Fail closed: a sensitivity computed from a non-finite width bounds nothing.
                throw new IllegalStateException("the width is not finite at this context; nothing was released");
            }
            maxSigma = Math.max(maxSigma, Math.sqrt(Math.max(0, s2)));
        }
        double sensitivity = 2 * config.rewardBound() * supSigma * Math.max(supSigma, maxSigma);
        var selection = new ExponentialMechanism(config.epsilon(), sensitivity).select(mu, noise);
        return new Release(selection.index(), selection.distribution().probabilities(),
                selection.distribution().logProbabilities(), sensitivity, config.epsilon());
    }

    private double cachedWidthSq(UscaPlan plan, JointPoint point) {
        ensurePlan(plan);
        if (sigmaCache.size() > 100_000) {
            sigmaCache.clear();
        }
        return sigmaCache.computeIfAbsent(point, p -> widthSq(plan, cachedZFeatures, p.features(actionFeatures)));
    }

    /** The width the plan's estimator uses: σ²(w) (PAPER) or s²(w) (COMPACT). */
    private double widthSq(UscaPlan plan, double[][] zf, double[] w) {
        return plan.compact() ? compactWidthSq(plan, zf, w) : sigmaSq(plan, zf, w);
    }

    /** s²(w) = (1/τ) k_Z(w)ᵀ M k_Z(w) = (1/τ)(‖L_ε⁻¹ k_Z‖² − ‖L⁻¹ k_Z‖²) ≤ σ²(w). */
    private double compactWidthSq(UscaPlan plan, double[][] zf, double[] w) {
        int n = zf.length;
        double[] kz = new double[n];
        for (int j = 0; j < n; j++) {
            kz[j] = kernel.value(zf[j], w);
        }
        return (squaredNorm(plan.projectionFactor(), kz) - squaredNorm(plan.inverseFactor(), kz))
                / config.regularization();
    }

    private static double squaredNorm(double[] l, double[] v) {
        int n = v.length;
        double ss = 0;
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int j = 0; j <= i; j++) {
                s += l[i * n + j] * v[j];
            }
            ss += s * s;
        }
        return ss;
    }

    private double sigmaSq(UscaPlan plan, double[][] zf, double[] w) {
        int n = zf.length;
        double[] kz = new double[n];
        for (int j = 0; j < n; j++) {
            kz[j] = kernel.value(zf[j], w);
        }
        double[] l = plan.inverseFactor();
        double ss = 0;
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int j = 0; j <= i; j++) {
                s += l[i * n + j] * kz[j];
            }
            ss += s * s;
        }
        return (kernel.value(w, w) - ss) / config.regularization();
    }

    private List<JointPoint> support(RandomGenerator rng) {
        List<JointPoint> points = new ArrayList<>();
        var finite = contexts.finiteSupport();
        if (finite.isPresent()) {
            for (double[] c : finite.get()) {
                for (int a = 0; a < actionFeatures.length; a++) {
                    points.add(new JointPoint(c, a));
                }
            }
            if (points.size() > config.supportSampleCap()) {
                java.util.Collections.shuffle(points, new java.util.Random(rng.nextLong()));
                return points.subList(0, config.supportSampleCap());
            }
            return points;
        }
        for (int i = 0; i < config.supportSampleCap(); i++) {
            points.add(new JointPoint(contexts.draw(rng), rng.nextInt(actionFeatures.length)));
        }
        return points;
    }

    /** ½ log det(I + K_GG/τ) on min(T, 1000) data-free points from κ × Unif(X). */
    private double gammaEstimate(RandomGenerator rng) {
        int n = Math.min(config.horizon(), GAMMA_POINTS);
        double[][] g = new double[n][];
        for (int i = 0; i < n; i++) {
            g[i] = new JointPoint(contexts.draw(rng), rng.nextInt(actionFeatures.length)).features(actionFeatures);
        }
        DMatrixRMaj m = gram(g);
        for (int i = 0; i < n * n; i++) {
            m.data[i] /= config.regularization();
        }
        for (int i = 0; i < n; i++) {
            m.add(i, i, 1.0);
        }
        return 0.5 * Cholesky.factor(m).logDeterminant();
    }

    private DMatrixRMaj gram(double[][] points) {
        return io.dpbandit.kernel.GramMatrices.gram(kernel, points);
    }

    private double[][] zFeatures(UscaPlan plan) {
        ensurePlan(plan);
        return cachedZFeatures;
    }

    /** Resets the caches when asked about another plan than the cached one. */
    private synchronized void ensurePlan(UscaPlan plan) {
        if (cachedPlan != plan) {
            sigmaCache.clear();
            cachedZFeatures = features(plan.approximatingSet());
            cachedPlan = plan;
        }
    }

    private double[][] features(List<JointPoint> points) {
        return points.stream().map(p -> p.features(actionFeatures)).toArray(double[][]::new);
    }
}

package io.dpbandit.policy.capri;

import io.dpbandit.policy.JointPoint;
import io.dpbandit.kernel.Kernel;
import io.dpbandit.policy.ContextGenerator;
import io.dpbandit.policy.ContextKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import io.dpbandit.kernel.Cholesky;
import io.dpbandit.kernel.GramMatrices;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;

/**
 * Plans epoch r from public inputs only (spec steps 2–5 and 8): draws S and R from
 * κ × Unif(X_r(c)), accumulates M_r = K_SR K_RS + τ K_SS over all T_r points of R (distinct points
 * once, weighted by their count; never a shrunken, rescaled R), factors M_r = L Lᵀ and keeps
 * A = L⁻¹, takes C_r and σ̃_max over the support of the epoch's sampling measure, calibrates the
 * noise and forms the width Δ_r.
 *
 * <p>The planner needs the active sets of epoch r, which depend on released models only, so the
 * plan is post-processing of earlier releases and costs no privacy. Because R is public and drawn
 * when the epoch starts, a service can run this while the previous epoch is still closing.
 */
public final class EpochPlanner {

    /** Points of R per chunk when accumulating K_SR K_RS: memory O(m · CHUNK). */
    private static final int CHUNK = 512;

    private final CapriConfig config;
    private final Kernel kernel;
    private final double[][] actionFeatures;
    private final ContextGenerator contexts;
    private final EpochNoiseCalibrator calibrator;

    public EpochPlanner(CapriConfig config, Kernel kernel, ContextGenerator contexts) {
        this.config = config;
        this.kernel = kernel;
        this.actionFeatures = config.actionFeatures().toArray(double[][]::new);
        this.contexts = contexts;
        this.calibrator = new EpochNoiseCalibrator(config);
    }

    /** A weighted point of the support of the sampling measure κ × Unif(X_r(c)). */
    record SupportPoint(JointPoint point, double weight) {
    }

    /** The public sets of one epoch: S (deduplicated, capped), R by count, and the support. */
    record PublicSets(List<JointPoint> projection, Map<JointPoint, Integer> covariance, List<SupportPoint> support) {
    }

    public EpochPlan plan(int epoch, int length, long startRound, Elimination activeSets, RandomGenerator rng) {
        return planFrom(epoch, length, startRound, drawSets(length, activeSets, rng));
    }

    /** Step 2: draws S and R from κ × Unif(X_r(c)) and lists the support for the maxima. */
    PublicSets drawSets(int length, Elimination activeSets, RandomGenerator rng) {
        Map<ContextKey, int[]> activeCache = new HashMap<>();
        List<SupportPoint> support = support(activeSets, activeCache, rng);
        List<JointPoint> s = drawProjectionSet(length, activeSets, activeCache, rng);
        Map<JointPoint, Integer> r = drawCovarianceSet(length, activeSets, activeCache, rng);
        return new PublicSets(s, r, support);
    }

    /** Steps 3–5 and the width of step 8, from given public sets. */
    EpochPlan planFrom(int epoch, int length, long startRound, PublicSets sets) {
        List<JointPoint> s = sets.projection();
        List<SupportPoint> support = sets.support();
        long domainSize = domainSize();
        double[][] sFeatures = s.stream().map(p -> p.features(actionFeatures)).toArray(double[][]::new);

        // Step 3: M = K_SR K_RS + τ K_SS (no rescaling), then A = L⁻¹ with M = L Lᵀ.
        DMatrixRMaj kss = GramMatrices.gram(kernel, sFeatures);
        DMatrixRMaj mMatrix = KernelMatrices.weightedOuterSum(kernel, sFeatures, featuresOf(sets.covariance().keySet()),
                sets.covariance().values().stream().mapToDouble(Integer::doubleValue).toArray(), CHUNK);
        CommonOps_DDRM.addEquals(mMatrix, config.regularization(), kss);
        DMatrixRMaj a = Cholesky.factor(mMatrix).inverseFactor();

        // Step 4 and C_r: over the support, ‖A k_S(w)‖ and σ̃²(w) = residual/τ + ‖A k_S(w)‖², where
        // residual = k(w,w) − k_Sᵀ K_SS⁻¹ k_S (Nyström). The identity follows from V = K_SS⁻¹ − τ M⁻¹.
        double[][] supportFeatures = support.stream().map(p -> p.point().features(actionFeatures))
                .toArray(double[][]::new);
        double[] projNorm = KernelMatrices.projectionNorms(kernel, a, sFeatures, supportFeatures);
        double[] residual = KernelMatrices.nystromResiduals(kernel, kss, sFeatures, supportFeatures);
        double maxSigmaSq = 0;
        double maxNorm = 0;
        for (int j = 0; j < supportFeatures.length; j++) {
            double sigmaSq = Math.max(0, residual[j]) / config.regularization() + projNorm[j] * projNorm[j];
            maxSigmaSq = Math.max(maxSigmaSq, sigmaSq);
            maxNorm = Math.max(maxNorm, projNorm[j]);
        }
        double sigmaTildeMax = Math.sqrt(maxSigmaSq);
        double contributionBound = config.rewardBound() * clippingNorm(projNorm, support, maxNorm);

        // Step 5: noise for this epoch; step 8: the width it will eliminate with.
        EpochPlan.EpochNoise noise = calibrator.calibrate(contributionBound, sigmaTildeMax);
        EpochPlan.Width width = width(length, sigmaTildeMax, maxSigmaSq, maxNorm, noise, domainSize);
        return new EpochPlan(epoch, length, startRound, s, a.data, contributionBound, maxNorm, sigmaTildeMax, noise,
                width, domainSize, length);
    }

    private double clippingNorm(double[] projNorm, List<SupportPoint> support, double maxNorm) {
        double q = config.clipping().quantile();
        if (q >= 1.0) {
            return maxNorm;
        }
        Integer[] order = new Integer[projNorm.length];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, (i, j) -> Double.compare(projNorm[i], projNorm[j]));
        double total = support.stream().mapToDouble(SupportPoint::weight).sum();
        double acc = 0;
        for (Integer i : order) {
            acc += support.get(i).weight() / total;
            if (acc >= q) {
                return projNorm[i];
            }
        }
        return maxNorm;
    }

    private EpochPlan.Width width(int length, double sigmaTildeMax, double maxSigmaSq, double maxNorm,
            EpochPlan.EpochNoise noise, long domainSize) {
        int horizon = config.horizon();
        double deltaConf = ConfidenceWidth.deltaConf(config.deltaErr(), domainSize, horizon);
        double statistical = config.width().statisticalScale()
                * ConfidenceWidth.beta(deltaConf, config.rewardBound(), config.regularization(), horizon)
                * sigmaTildeMax;
        if (!config.privacy().privacyEnabled()) {
            return new EpochPlan.Width(statistical, 0);
        }
        boolean local = config.privacy().model() == CapriConfig.Model.LDP;
        double privacy;
        if (config.width().privacyTerm() == CapriConfig.Width.PrivacyTerm.THEORY) {
            double beta1 = ConfidenceWidth.beta1(config.deltaErr(), domainSize, config.rewardBound(), horizon,
                    config.privacy().epsilon(), config.privacy().delta());
            privacy = config.width().privacyScale() * (local ? Math.sqrt(length) : 1.0) * beta1 * maxSigmaSq;
        } else {
            // LDP: T_r users each add N(0, σ² I), so the sum carries √T_r σ per coordinate.
            double effectiveSigma = noise.sigma() * (local ? Math.sqrt(length) : 1.0);
            privacy = config.width().privacyScale() * ConfidenceWidth.exactNoiseQuantile(effectiveSigma, maxNorm,
                    config.deltaErr(), domainSize, horizon);
        }
        return new EpochPlan.Width(statistical, privacy);
    }

    /** |W| = |pool| · |X| (spec), or the support sample size times |X| for a continuous κ. */
    private long domainSize() {
        int pool = contexts.finiteSupport().map(List::size).orElse(config.supportSampleCap());
        return (long) pool * actionFeatures.length;
    }

    private List<SupportPoint> support(Elimination activeSets, Map<ContextKey, int[]> cache, RandomGenerator rng) {
        List<SupportPoint> points = new ArrayList<>();
        var finite = contexts.finiteSupport();
        if (finite.isPresent()) {
            double contextWeight = 1.0 / finite.get().size();
            for (double[] c : finite.get()) {
                int[] active = active(c, activeSets, cache);
                for (int x : active) {
                    points.add(new SupportPoint(new JointPoint(c, x), contextWeight / active.length));
                }
            }
            if (points.size() <= config.supportSampleCap()) {
                return points;
            }
            // A random public subsample: maxima over it change utility only (every contribution
            // is clipped to the C_r it gives), never privacy.
            java.util.Collections.shuffle(points, asRandom(rng));
            return List.copyOf(points.subList(0, config.supportSampleCap()));
        }
        for (int i = 0; i < config.supportSampleCap(); i++) {
            double[] c = contexts.draw(rng);
            int[] active = active(c, activeSets, cache);
            points.add(new SupportPoint(new JointPoint(c, active[rng.nextInt(active.length)]), 1.0));
        }
        return points;
    }

    private List<JointPoint> drawProjectionSet(int length, Elimination activeSets, Map<ContextKey, int[]> cache,
            RandomGenerator rng) {
        LinkedHashSet<JointPoint> s = new LinkedHashSet<>();
        for (int t = 0; t < length && s.size() < config.projectionCap(); t++) {
            s.add(drawPoint(activeSets, cache, rng));
        }
        return new ArrayList<>(s);
    }

    private Map<JointPoint, Integer> drawCovarianceSet(int length, Elimination activeSets,
            Map<ContextKey, int[]> cache, RandomGenerator rng) {
        Map<JointPoint, Integer> r = new LinkedHashMap<>();
        for (int t = 0; t < length; t++) {
            r.merge(drawPoint(activeSets, cache, rng), 1, Integer::sum);
        }
        return r;
    }

    private JointPoint drawPoint(Elimination activeSets, Map<ContextKey, int[]> cache, RandomGenerator rng) {
        double[] c = contexts.draw(rng);
        int[] active = active(c, activeSets, cache);
        return new JointPoint(c, active[rng.nextInt(active.length)]);
    }

    private int[] active(double[] c, Elimination activeSets, Map<ContextKey, int[]> cache) {
        return cache.computeIfAbsent(new ContextKey(c), k -> activeSets.activeSet(c));
    }

    private double[][] featuresOf(java.util.Collection<JointPoint> points) {
        return points.stream().map(p -> p.features(actionFeatures)).toArray(double[][]::new);
    }

    private static java.util.Random asRandom(RandomGenerator rng) {
        return new java.util.Random(rng.nextLong());
    }
}

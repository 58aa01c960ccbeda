package io.dpbandit.policy.capri;

import io.dpbandit.kernel.Cholesky;
import io.dpbandit.kernel.CholeskyFactor;
import io.dpbandit.kernel.GramMatrices;
import io.dpbandit.kernel.JitterPolicy;
import io.dpbandit.client.kernel.Kernel;
import io.dpbandit.policy.ContextGenerator;
import io.dpbandit.policy.ContextKey;
import io.dpbandit.policy.JointPoint;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;

/**
 * Plans epoch r from public inputs only (CAPRI steps 2–5 and 8, docs/papers.md): draws S and R from
 * κ × Unif(X_r(c)), accumulates M_r = K_SR K_RS + τ K_SS over all T_r points of R (distinct points
 * once, weighted by their count; never a shrunken, rescaled R), factors M_r = L Lᵀ and keeps
 * A = L⁻¹, takes C_r and σ̃_max over the support of the epoch's sampling measure, calibrates the
 * noise and forms the width Δ_r.
 *
 * <p>The planner needs the active sets of epoch r, which depend on released models only, so the
 * plan is post-processing of earlier releases and costs no privacy. Nothing in it depends on epoch
 * r's own data, so the service runs it in the background while epoch r collects its rounds
 * (decisions need only the active sets), as a {@link PlanningJob} advanced in bounded steps so one
 * large bandit cannot hold the lifecycle worker for minutes.
 */
public final class EpochPlanner {

    /** Points of R (or of the support) per chunk: memory O(m · CHUNK). */
    static final int CHUNK = 512;
    /** Draws of S or R (or support contexts) between two checks of a step's time budget. */
    private static final int DRAW_BATCH = 2048;

    private final CapriConfig config;
    private final Kernel kernel;
    private final double[][] actionFeatures;
    private final ContextGenerator contexts;
    private final EpochNoiseCalibrator calibrator;
    private final EpochWidths widths;

    public EpochPlanner(CapriConfig config, Kernel kernel, ContextGenerator contexts) {
        this.config = config;
        this.kernel = kernel;
        this.actionFeatures = config.actionFeatures().toArray(double[][]::new);
        this.contexts = contexts;
        this.calibrator = new EpochNoiseCalibrator(config);
        this.widths = new EpochWidths(config, contexts);
    }

    /** The standard deviation of the noise on each coordinate of g (see {@link EpochWidths}). */
    double effectiveSigma(EpochPlan.EpochNoise noise, int length) {
        return widths.effectiveSigma(noise, length);
    }

    /** z of the PAIRWISE test (see {@link EpochWidths#pairQuantile()}). */
    double pairQuantile() {
        return widths.pairQuantile();
    }

    /** The rule the released model will eliminate with (see {@link EpochWidths}). */
    EpochPlan.EliminationRule rule(EpochPlan.Width width, EpochPlan.EpochNoise noise, int length, double tau,
            double sigmaTildeMax) {
        return widths.rule(width, noise, length, tau, sigmaTildeMax);
    }

    /** A weighted point of the support of the sampling measure κ × Unif(X_r(c)). */
    record SupportPoint(JointPoint point, double weight) {
    }

    /** The public sets of one epoch: S (deduplicated, capped), R by count, and the support. */
    record PublicSets(List<JointPoint> projection, Map<JointPoint, Integer> covariance, List<SupportPoint> support) {
    }

    /** Plans epoch {@code epoch} in one go (the simulator and tests). */
    public EpochPlan plan(int epoch, int length, long startRound, Elimination activeSets, RandomGenerator rng) {
        return begin(epoch, length, startRound, activeSets, rng, 0).runToEnd();
    }

    /**
     * A job that plans epoch {@code epoch} step by step. {@code firstCholeskyAttempt} is where the
     * factorisation of M_r starts on the jitter ladder: the previous epoch's
     * {@link EpochPlan#choleskyAttempt()}.
     */
    public PlanningJob begin(int epoch, int length, long startRound, Elimination activeSets, RandomGenerator rng,
            int firstCholeskyAttempt) {
        return new PlanningJob(epoch, length, startRound, activeSets, rng, null, firstCholeskyAttempt);
    }

    /** Step 2 in one go: draws S and R from κ × Unif(X_r(c)) and lists the support. */
    PublicSets drawSets(int length, Elimination activeSets, RandomGenerator rng) {
        PlanningJob job = new PlanningJob(0, length, 0, activeSets, rng, null, 0);
        while (job.stage.ordinal() < Stage.GRAM.ordinal()) {
            job.step(Long.MAX_VALUE);
        }
        return new PublicSets(new ArrayList<>(job.projection), job.covariance, job.support);
    }

    /** Steps 3–5 and the width of step 8, from given public sets. */
    EpochPlan planFrom(int epoch, int length, long startRound, PublicSets sets) {
        return new PlanningJob(epoch, length, startRound, null, null, sets, 0).runToEnd();
    }

    enum Stage { SUPPORT, SPECTRUM, DRAW_S, DRAW_R, GRAM, ACCUMULATE, FACTOR, MAXIMA, FINISH, DONE }

    /** Rounds of the PLANNED τ fixed point τ_r = 1 + σ_r²/B² (σ_r falls as τ_r grows; two suffice). */
    private static final int TAU_ROUNDS = 2;

    /**
     * One epoch's plan, computed in steps: {@link #step} does at least one unit of work and returns
     * once its time budget is spent. The stages are drawing the support, S and R (in batches of
     * draws), K_SS, accumulating K_SR K_RS (in chunks of R), the factorisations, the maxima over
     * the support (in chunks) and the calibration. Not thread-safe; one job per epoch.
     */
    public final class PlanningJob {

        private final int epoch;
        private final int length;
        private final long startRound;
        private final Elimination activeSets;
        private final RandomGenerator rng;
        private final int firstCholeskyAttempt;
        private final Map<ContextKey, int[]> activeCache = new HashMap<>();
        private Stage stage;

        private List<SupportPoint> support = new ArrayList<>();
        private int supportCursor;
        private final LinkedHashSet<JointPoint> projection = new LinkedHashSet<>();
        private int drawsOfS;
        private Map<JointPoint, Integer> covariance = new LinkedHashMap<>();
        private int drawsOfR;

        private double[][] sFeatures;
        private double[][] rFeatures;
        private double[] rWeights;
        private DMatrixRMaj kss;
        private DMatrixRMaj mMatrix;
        private int rCursor;
        private DMatrixRMaj a;
        private DMatrixRMaj nystrom;
        private int choleskyAttempt;
        private double[][] supportFeatures;
        private double[] projNorm;
        private double[] residual;
        private int maximaCursor;
        private EpochPlan result;
        /** The cap on |S| this job draws to: the configured cap, or m_r for a PLANNED projection. */
        private int sCap;
        /** The support's public kernel spectrum (PLANNED projection only). */
        private double[] spectrum;
        private boolean resized;
        /** τ_r: the configured τ, or the PLANNED fixed point being iterated. */
        private double tau;
        private int tauRounds;
        /** K_SR K_RS kept apart from τ K_SS while τ_r is still being iterated. */
        private DMatrixRMaj outer;

        private PlanningJob(int epoch, int length, long startRound, Elimination activeSets, RandomGenerator rng,
                PublicSets given, int firstCholeskyAttempt) {
            this.epoch = epoch;
            this.length = length;
            this.startRound = startRound;
            this.activeSets = activeSets;
            this.rng = rng;
            this.firstCholeskyAttempt = firstCholeskyAttempt;
            this.sCap = config.projectionCap();
            this.tau = plannedTau() ? 1.0 : config.regularization();
            if (given != null) {
                support = given.support();
                projection.addAll(given.projection());
                covariance = given.covariance();
                resized = true;
                stage = Stage.GRAM;
            } else {
                stage = Stage.SUPPORT;
            }
        }

        public int epoch() {
            return epoch;
        }

        public boolean done() {
            return stage == Stage.DONE;
        }

        /** The finished plan; only once {@link #done()}. */
        public EpochPlan result() {
            if (result == null) {
                throw new IllegalStateException("epoch " + epoch + " is still being planned (" + stage + ")");
            }
            return result;
        }

        /** Roughly how far along the job is, in [0, 1], for progress reports. */
        public double progress() {
            return switch (stage) {
                case SUPPORT -> 0.0;
                case SPECTRUM -> 0.02;
                case DRAW_S -> 0.05;
                case DRAW_R -> 0.05 + 0.15 * drawsOfR / Math.max(1, length);
                case GRAM -> 0.2;
                case ACCUMULATE -> 0.2 + 0.5 * rCursor / Math.max(1.0, rFeatures.length);
                case FACTOR -> 0.7;
                case MAXIMA -> 0.8 + 0.15 * maximaCursor / Math.max(1.0, supportFeatures.length);
                case FINISH -> 0.95;
                case DONE -> 1.0;
            };
        }

        /** The stage the job is in, for progress reports. */
        public String stage() {
            return stage.name();
        }

        /** Works until {@code budgetNanos} have passed (at least one unit); returns {@link #done()}. */
        public boolean step(long budgetNanos) {
            long deadline = System.nanoTime() + Math.min(budgetNanos, Long.MAX_VALUE / 4);
            do {
                advance();
            } while (stage != Stage.DONE && System.nanoTime() < deadline);
            return stage == Stage.DONE;
        }

        EpochPlan runToEnd() {
            while (!step(Long.MAX_VALUE)) {
                // runs every stage
            }
            return result;
        }

        private void advance() {
            switch (stage) {
                case SUPPORT -> supportStep();
                case SPECTRUM -> spectrumStep();
                case DRAW_S -> drawSStep();
                case DRAW_R -> drawRStep();
                case GRAM -> gramStep();
                case ACCUMULATE -> accumulateStep();
                case FACTOR -> factorStep();
                case MAXIMA -> maximaStep();
                case FINISH -> finishStep();
                case DONE -> { }
            }
        }

        /** The support of κ × Unif(X_r(c)): pool contexts with their active actions, or a public sample. */
        private void supportStep() {
            var finite = contexts.finiteSupport();
            if (finite.isPresent()) {
                List<double[]> pool = finite.get();
                double contextWeight = 1.0 / pool.size();
                int end = Math.min(pool.size(), supportCursor + DRAW_BATCH);
                for (; supportCursor < end; supportCursor++) {
                    double[] c = pool.get(supportCursor);
                    int[] active = active(c);
                    for (int x : active) {
                        support.add(new SupportPoint(new JointPoint(c, x), contextWeight / active.length));
                    }
                }
                if (supportCursor < pool.size()) {
                    return;
                }
                if (support.size() > config.supportSampleCap()) {
                    // A random public subsample: maxima over it change utility only (every
                    // contribution is clipped to the C_r it gives), never privacy.
                    java.util.Collections.shuffle(support, new java.util.Random(rng.nextLong()));
                    support = List.copyOf(support.subList(0, config.supportSampleCap()));
                }
                stage = afterSupport();
                return;
            }
            int end = Math.min(config.supportSampleCap(), supportCursor + DRAW_BATCH);
            for (; supportCursor < end; supportCursor++) {
                double[] c = contexts.draw(rng);
                int[] active = active(c);
                support.add(new SupportPoint(new JointPoint(c, active[rng.nextInt(active.length)]), 1.0));
            }
            if (supportCursor >= config.supportSampleCap()) {
                stage = afterSupport();
            }
        }

        private Stage afterSupport() {
            return plannedProjection() ? Stage.SPECTRUM : Stage.DRAW_S;
        }

        /**
         * The public kernel spectrum of the epoch's support (at most {@link ProjectionPlanner#SPECTRUM_POINTS}
         * points, a public subsample beyond), and the first m_r: the one for a noise-free epoch, the
         * largest the rule can give. The finish stage shrinks S once the noise is known.
         */
        private void spectrumStep() {
            List<SupportPoint> points = support;
            if (points.size() > ProjectionPlanner.SPECTRUM_POINTS) {
                points = new ArrayList<>(support);
                java.util.Collections.shuffle(points, new java.util.Random(rng.nextLong()));
                points = points.subList(0, ProjectionPlanner.SPECTRUM_POINTS);
            }
            double[][] features = points.stream().map(p -> p.point().features(actionFeatures)).toArray(double[][]::new);
            double[] weights = points.stream().mapToDouble(SupportPoint::weight).toArray();
            spectrum = ProjectionPlanner.spectrum(kernel, features, weights);
            sCap = ProjectionPlanner.size(spectrum, length, 0.0, pairQuantile(), config.refinements().residualFloor(),
                    config.projectionCap());
            stage = Stage.DRAW_S;
        }

        private void drawSStep() {
            int end = drawsOfS + DRAW_BATCH;
            for (; drawsOfS < end && drawsOfS < length && projection.size() < sCap; drawsOfS++) {
                projection.add(drawPoint());
            }
            if (drawsOfS >= length || projection.size() >= sCap) {
                stage = Stage.DRAW_R;
            }
        }

        private void drawRStep() {
            int end = Math.min(length, drawsOfR + DRAW_BATCH);
            for (; drawsOfR < end; drawsOfR++) {
                covariance.merge(drawPoint(), 1, Integer::sum);
            }
            if (drawsOfR >= length) {
                stage = Stage.GRAM;
            }
        }

        private void gramStep() {
            sFeatures = projection.stream().map(p -> p.features(actionFeatures)).toArray(double[][]::new);
            rFeatures = covariance.keySet().stream().map(p -> p.features(actionFeatures)).toArray(double[][]::new);
            rWeights = covariance.values().stream().mapToDouble(Integer::doubleValue).toArray();
            kss = GramMatrices.gram(kernel, sFeatures);
            mMatrix = new DMatrixRMaj(sFeatures.length, sFeatures.length);
            rCursor = 0;
            stage = Stage.ACCUMULATE;
        }

        /** Step 3, one chunk of R: M += K_S,chunk diag(w) K_chunk,S. */
        private void accumulateStep() {
            int cols = Math.min(CHUNK, rFeatures.length - rCursor);
            KernelMatrices.addWeightedOuterSum(kernel, sFeatures, rFeatures, rWeights, rCursor, cols, mMatrix);
            rCursor += cols;
            if (rCursor >= rFeatures.length) {
                KernelMatrices.symmetrise(mMatrix);
                if (plannedTau()) {
                    outer = mMatrix;
                    mMatrix = null;
                }
                stage = Stage.FACTOR;
            }
        }

        /** Step 3: M = K_SR K_RS + τ K_SS (no rescaling), then A = L⁻¹ with M = L Lᵀ. */
        private void factorStep() {
            if (outer != null) {
                mMatrix = outer.copy();
            }
            CommonOps_DDRM.addEquals(mMatrix, tau, kss);
            CholeskyFactor factor = Cholesky.factor(mMatrix, JitterPolicy.DEFAULT, firstCholeskyAttempt);
            choleskyAttempt = factor.attempts() - 1;
            a = factor.inverseFactor();
            mMatrix = null;
            // For the Nyström residuals of step 4: B = L_SS⁻¹ (jitter only enlarges residuals: utility).
            nystrom = Cholesky.factor(kss, JitterPolicy.DEFAULT, firstCholeskyAttempt).inverseFactor();
            supportFeatures = support.stream().map(p -> p.point().features(actionFeatures)).toArray(double[][]::new);
            projNorm = new double[supportFeatures.length];
            residual = new double[supportFeatures.length];
            maximaCursor = 0;
            stage = Stage.MAXIMA;
        }

        /**
         * Step 4 and C_r, one chunk of the support: ‖A k_S(w)‖ and σ̃²(w) = residual/τ + ‖A k_S(w)‖²,
         * where residual = k(w,w) − k_Sᵀ K_SS⁻¹ k_S (Nyström); the identity follows from
         * V = K_SS⁻¹ − τ M⁻¹.
         */
        private void maximaStep() {
            int cols = Math.min(CHUNK, supportFeatures.length - maximaCursor);
            double[][] chunk = Arrays.copyOfRange(supportFeatures, maximaCursor, maximaCursor + cols);
            double[] norms = KernelMatrices.projectionNorms(kernel, a, sFeatures, chunk);
            double[] nystromNorms = KernelMatrices.projectionNorms(kernel, nystrom, sFeatures, chunk);
            for (int j = 0; j < cols; j++) {
                projNorm[maximaCursor + j] = norms[j];
                residual[maximaCursor + j] = kernel.value(chunk[j], chunk[j]) - nystromNorms[j] * nystromNorms[j];
            }
            maximaCursor += cols;
            if (maximaCursor >= supportFeatures.length) {
                stage = Stage.FINISH;
            }
        }

        /**
         * Step 5 (this epoch's noise) and step 8 (the width it will eliminate with). With a PLANNED
         * projection, once the noise is known, S shrinks to the m_r it gives (the first m_r distinct
         * draws, still an i.i.d. sample) and the plan is redone from K_SS; with a PLANNED τ, τ_r moves
         * to 1 + σ_r²/B² and M_r is refactored. Every pass computes C_r for the S, τ and A it ends
         * with, so the final calibration is always for the contributions actually clipped.
         */
        private void finishStep() {
            double maxSigmaSq = 0;
            double maxNorm = 0;
            for (int j = 0; j < supportFeatures.length; j++) {
                double sigmaSq = Math.max(0, residual[j]) / tau + projNorm[j] * projNorm[j];
                maxSigmaSq = Math.max(maxSigmaSq, sigmaSq);
                maxNorm = Math.max(maxNorm, projNorm[j]);
            }
            double sigmaTildeMax = Math.sqrt(maxSigmaSq);
            double contributionBound = config.rewardBound() * widths.clippingNorm(projNorm, support, maxNorm);
            long domainSize = widths.domainSize();
            EpochPlan.EpochNoise noise = calibrator.calibrate(contributionBound, sigmaTildeMax);
            double noiseRatio = sq(effectiveSigma(noise)) / sq(config.rewardBound());
            if (plannedProjection() && !resized) {
                resized = true;
                int m = ProjectionPlanner.size(spectrum, length, noiseRatio, pairQuantile(),
                        config.refinements().residualFloor(), config.projectionCap());
                if (m < projection.size()) {
                    List<JointPoint> prefix = new ArrayList<>(projection).subList(0, m);
                    projection.clear();
                    projection.addAll(prefix);
                    outer = null;
                    stage = Stage.GRAM;
                    return;
                }
            }
            if (plannedTau() && tauRounds < TAU_ROUNDS) {
                tauRounds++;
                double next = 1 + noiseRatio;
                if (Math.abs(next - tau) > 1e-3 * tau) {
                    tau = next;
                    stage = Stage.FACTOR;
                    return;
                }
            }
            EpochPlan.Width width = width(length, sigmaTildeMax, maxSigmaSq, maxNorm, noise, domainSize);
            EpochPlan.EliminationRule rule = rule(width, noise, sigmaTildeMax);
            result = new EpochPlan(epoch, length, startRound, new ArrayList<>(projection), a.data, contributionBound,
                    maxNorm, sigmaTildeMax, noise, width, domainSize, length, choleskyAttempt, tau, rule);
            stage = Stage.DONE;
            outer = null;
            spectrum = null;
            // Free the working memory; only the plan is kept.
            kss = null;
            nystrom = null;
            rFeatures = null;
            supportFeatures = null;
        }

        private boolean plannedProjection() {
            return config.refinements().projection() == CapriConfig.Refinements.ProjectionRule.PLANNED;
        }

        private boolean plannedTau() {
            return config.refinements().tau() == CapriConfig.Refinements.TauRule.PLANNED;
        }

        /** Step 8's statistical term and the elimination rule, with this epoch's τ_r. */
        private EpochPlan.Width width(int length, double sigmaTildeMax, double maxSigmaSq, double maxNorm,
                EpochPlan.EpochNoise noise, long domainSize) {
            return widths.width(length, tau, sigmaTildeMax, maxSigmaSq, maxNorm, noise, domainSize);
        }

        private EpochPlan.EliminationRule rule(EpochPlan.Width width, EpochPlan.EpochNoise noise,
                double sigmaTildeMax) {
            return EpochPlanner.this.rule(width, noise, length, tau, sigmaTildeMax);
        }

        private double effectiveSigma(EpochPlan.EpochNoise noise) {
            return EpochPlanner.this.effectiveSigma(noise, length);
        }

        private JointPoint drawPoint() {
            double[] c = contexts.draw(rng);
            int[] active = active(c);
            return new JointPoint(c, active[rng.nextInt(active.length)]);
        }

        private int[] active(double[] c) {
            return activeCache.computeIfAbsent(new ContextKey(c), k -> activeSets.activeSet(c));
        }
    }

    private static double sq(double v) {
        return v * v;
    }
}

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
    static final int DRAW_BATCH = 2048;

    final CapriConfig config;
    final Kernel kernel;
    final double[][] actionFeatures;
    final ContextGenerator contexts;
    final EpochNoiseCalibrator calibrator;
    final EpochWidths widths;

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
            job.stage = job.stage.work.advance(job.state);
        }
        return new PublicSets(new ArrayList<>(job.state.projection), job.state.covariance, job.state.support);
    }

    /** Steps 3–5 and the width of step 8, from given public sets. */
    EpochPlan planFrom(int epoch, int length, long startRound, PublicSets sets) {
        return new PlanningJob(epoch, length, startRound, null, null, sets, 0).runToEnd();
    }

    /**
     * The stages of planning an epoch, in order (a PLANNED projection or τ goes back to GRAM or
     * FACTOR from FINISH), each one class that does its work on the job's {@link PlanningState}.
     * The names are what progress reports show ("PLANNING:ACCUMULATE").
     */
    enum Stage {
        SUPPORT(new SupportStage()), SPECTRUM(new SpectrumStage()), DRAW_S(new ProjectionDrawStage()),
        DRAW_R(new CovarianceDrawStage()), GRAM(new GramStage()), ACCUMULATE(new AccumulateStage()),
        FACTOR(new FactorStage()), MAXIMA(new MaximaStage()), FINISH(new FinishStage()), DONE(PlanningStage.DONE);

        private final PlanningStage work;

        Stage(PlanningStage work) {
            this.work = work;
        }
    }

    /**
     * One epoch's plan, computed in steps: {@link #step} does at least one unit of work and returns
     * once its time budget is spent. The stages are drawing the support, S and R (in batches of
     * draws), K_SS, accumulating K_SR K_RS (in chunks of R), the factorisations, the maxima over
     * the support (in chunks) and the calibration. Not thread-safe; one job per epoch.
     */
    public final class PlanningJob {

        private final PlanningState state;
        private Stage stage;

        private PlanningJob(int epoch, int length, long startRound, Elimination activeSets, RandomGenerator rng,
                PublicSets given, int firstCholeskyAttempt) {
            this.state = new PlanningState(EpochPlanner.this, epoch, length, startRound, activeSets, rng,
                    firstCholeskyAttempt);
            if (given != null) {
                state.support = given.support();
                state.projection.addAll(given.projection());
                state.covariance = given.covariance();
                state.resized = true;
                stage = Stage.GRAM;
            } else {
                stage = Stage.SUPPORT;
            }
        }

        public int epoch() {
            return state.epoch;
        }

        public boolean done() {
            return stage == Stage.DONE;
        }

        /** The finished plan; only once {@link #done()}. */
        public EpochPlan result() {
            if (state.result == null) {
                throw new IllegalStateException("epoch " + state.epoch + " is still being planned (" + stage + ")");
            }
            return state.result;
        }

        /** Roughly how far along the job is, in [0, 1], for progress reports. */
        public double progress() {
            return stage.work.progress(state);
        }

        /** The stage the job is in, for progress reports. */
        public String stage() {
            return stage.name();
        }

        /** Works until {@code budgetNanos} have passed (at least one unit); returns {@link #done()}. */
        public boolean step(long budgetNanos) {
            long deadline = System.nanoTime() + Math.min(budgetNanos, Long.MAX_VALUE / 4);
            do {
                stage = stage.work.advance(state);
            } while (stage != Stage.DONE && System.nanoTime() < deadline);
            return stage == Stage.DONE;
        }

        EpochPlan runToEnd() {
            while (!step(Long.MAX_VALUE)) {
                // runs every stage
            }
            return state.result;
        }
    }
}

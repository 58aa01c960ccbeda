package io.dpbandit.policy.capri;

import io.dpbandit.client.kernel.Kernel;
import io.dpbandit.policy.ContextKey;
import io.dpbandit.policy.JointPoint;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.ejml.data.DMatrixRMaj;

/**
 * The working memory of one epoch's {@link EpochPlanner.PlanningJob}: its public inputs, and what
 * each {@link PlanningStage} has made so far for the stages after it (the support, S and R, the
 * Gram matrices, A = L⁻¹, the maxima over the support). Each field is written by the stage named
 * beside it; the finish stage frees the large ones once the plan is made. Not thread-safe.
 */
final class PlanningState {

    final EpochPlanner planner;
    final int epoch;
    final int length;
    final long startRound;
    final int firstCholeskyAttempt;
    private final Elimination activeSets;
    private final RandomGenerator rng;
    private final Map<ContextKey, int[]> activeCache = new HashMap<>();

    /** SUPPORT: the weighted support of κ × Unif(X_r(c)), and how far through the pool it is. */
    List<EpochPlanner.SupportPoint> support = new ArrayList<>();
    int supportCursor;
    /** SPECTRUM (PLANNED projection only): the support's public kernel spectrum. */
    double[] spectrum;
    /** The cap on |S| this job draws to: the configured cap, or m_r for a PLANNED projection. */
    int sCap;
    /** DRAW_S: S, deduplicated in draw order, and the draws made. */
    final LinkedHashSet<JointPoint> projection = new LinkedHashSet<>();
    int drawsOfS;
    /** DRAW_R: R by count, and the draws made. */
    Map<JointPoint, Integer> covariance = new LinkedHashMap<>();
    int drawsOfR;
    /** GRAM: the features of S and R, R's counts, K_SS and the M_r being accumulated. */
    double[][] sFeatures;
    double[][] rFeatures;
    double[] rWeights;
    DMatrixRMaj kss;
    DMatrixRMaj mMatrix;
    /** ACCUMULATE: the next chunk of R; K_SR K_RS kept apart from τ K_SS while τ_r is iterated. */
    int rCursor;
    DMatrixRMaj outer;
    /** FACTOR: A = L⁻¹ of M_r, the Nyström factor L_SS⁻¹, the jitter rung reached. */
    DMatrixRMaj a;
    DMatrixRMaj nystrom;
    int choleskyAttempt;
    /** MAXIMA: the support's features, ‖A k_S(w)‖ and the Nyström residuals, and the next chunk. */
    double[][] supportFeatures;
    double[] projNorm;
    double[] residual;
    int maximaCursor;
    /** FINISH: whether S was already cut to the m_r the noise gives, τ_r and its fixed-point rounds. */
    boolean resized;
    double tau;
    int tauRounds;
    /** The plan, once made. */
    EpochPlan result;

    PlanningState(EpochPlanner planner, int epoch, int length, long startRound, Elimination activeSets,
            RandomGenerator rng, int firstCholeskyAttempt) {
        this.planner = planner;
        this.epoch = epoch;
        this.length = length;
        this.startRound = startRound;
        this.activeSets = activeSets;
        this.rng = rng;
        this.firstCholeskyAttempt = firstCholeskyAttempt;
        this.sCap = config().projectionCap();
        this.tau = plannedTau() ? 1.0 : config().regularization();
    }

    CapriConfig config() {
        return planner.config;
    }

    Kernel kernel() {
        return planner.kernel;
    }

    double[][] actionFeatures() {
        return planner.actionFeatures;
    }

    RandomGenerator rng() {
        return rng;
    }

    boolean plannedProjection() {
        return config().refinements().projection() == CapriConfig.Refinements.ProjectionRule.PLANNED;
    }

    boolean plannedTau() {
        return config().refinements().tau() == CapriConfig.Refinements.TauRule.PLANNED;
    }

    /** A draw from κ × Unif(X_r(c)): a public context, then one of its active actions uniformly. */
    JointPoint drawPoint() {
        double[] c = planner.contexts.draw(rng);
        int[] active = active(c);
        return new JointPoint(c, active[rng.nextInt(active.length)]);
    }

    /** X_r(c), the context's active set under the released models, cached per context. */
    int[] active(double[] c) {
        return activeCache.computeIfAbsent(new ContextKey(c), k -> activeSets.activeSet(c));
    }
}

package io.dpbandit.policy.capri;

import io.dpbandit.policy.JointPoint;
import java.util.ArrayList;
import java.util.List;

/**
 * CAPRI step 5 (this epoch's noise) and step 8 (the width it will eliminate with). With a PLANNED
 * projection, once the noise is known, S shrinks to the m_r it gives (the first m_r distinct draws,
 * still an i.i.d. sample) and the plan is redone from K_SS; with a PLANNED τ, τ_r moves to
 * 1 + σ_r²/B² and M_r is refactored (two rounds of the fixed point suffice: σ_r falls as τ_r grows).
 * Every pass computes C_r for the S, τ and A it ends with, so the final calibration is always for
 * the contributions actually clipped.
 */
final class FinishStage implements PlanningStage {

    /** Rounds of the PLANNED τ fixed point τ_r = 1 + σ_r²/B². */
    private static final int TAU_ROUNDS = 2;

    @Override
    public EpochPlanner.Stage advance(PlanningState s) {
        double maxSigmaSq = 0;
        double maxNorm = 0;
        for (int j = 0; j < s.supportFeatures.length; j++) {
            double sigmaSq = Math.max(0, s.residual[j]) / s.tau + s.projNorm[j] * s.projNorm[j];
            maxSigmaSq = Math.max(maxSigmaSq, sigmaSq);
            maxNorm = Math.max(maxNorm, s.projNorm[j]);
        }
        double sigmaTildeMax = Math.sqrt(maxSigmaSq);
        EpochPlanner planner = s.planner;
        CapriConfig config = s.config();
        double contributionBound = config.rewardBound() * planner.widths.clippingNorm(s.projNorm, s.support, maxNorm);
        long domainSize = planner.widths.domainSize();
        EpochPlan.EpochNoise noise = planner.calibrator.calibrate(contributionBound, sigmaTildeMax);
        double noiseRatio = sq(planner.effectiveSigma(noise, s.length)) / sq(config.rewardBound());
        if (s.plannedProjection() && !s.resized) {
            s.resized = true;
            int m = ProjectionPlanner.size(s.spectrum, s.length, noiseRatio, planner.pairQuantile(),
                    config.refinements().residualFloor(), config.projectionCap());
            if (m < s.projection.size()) {
                List<JointPoint> prefix = new ArrayList<>(s.projection).subList(0, m);
                s.projection.clear();
                s.projection.addAll(prefix);
                s.outer = null;
                return EpochPlanner.Stage.GRAM;
            }
        }
        if (s.plannedTau() && s.tauRounds < TAU_ROUNDS) {
            s.tauRounds++;
            double next = 1 + noiseRatio;
            if (Math.abs(next - s.tau) > 1e-3 * s.tau) {
                s.tau = next;
                return EpochPlanner.Stage.FACTOR;
            }
        }
        EpochPlan.Width width = planner.widths.width(s.length, s.tau, sigmaTildeMax, maxSigmaSq, maxNorm, noise,
                domainSize);
        EpochPlan.EliminationRule rule = planner.rule(width, noise, s.length, s.tau, sigmaTildeMax);
        s.result = new EpochPlan(s.epoch, s.length, s.startRound, new ArrayList<>(s.projection), s.a.data,
                contributionBound, maxNorm, sigmaTildeMax, noise, width, domainSize, s.length, s.choleskyAttempt, s.tau,
                rule);
        // Free the working memory; only the plan is kept.
        s.outer = null;
        s.spectrum = null;
        s.kss = null;
        s.nystrom = null;
        s.rFeatures = null;
        s.supportFeatures = null;
        return EpochPlanner.Stage.DONE;
    }

    @Override
    public double progress(PlanningState s) {
        return 0.95;
    }

    private static double sq(double v) {
        return v * v;
    }
}

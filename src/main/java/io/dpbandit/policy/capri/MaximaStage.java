package io.dpbandit.policy.capri;

import java.util.Arrays;

/**
 * CAPRI step 4 and C_r, one chunk of the support at a time: ‖A k_S(w)‖ and the Nyström residual
 * k(w,w) − k_Sᵀ K_SS⁻¹ k_S, from which the finish stage forms σ̃²(w) = residual/τ + ‖A k_S(w)‖²
 * (the identity follows from V = K_SS⁻¹ − τ M⁻¹).
 */
final class MaximaStage implements PlanningStage {

    @Override
    public EpochPlanner.Stage advance(PlanningState s) {
        int cols = Math.min(EpochPlanner.CHUNK, s.supportFeatures.length - s.maximaCursor);
        double[][] chunk = Arrays.copyOfRange(s.supportFeatures, s.maximaCursor, s.maximaCursor + cols);
        double[] norms = KernelMatrices.projectionNorms(s.kernel(), s.a, s.sFeatures, chunk);
        double[] nystromNorms = KernelMatrices.projectionNorms(s.kernel(), s.nystrom, s.sFeatures, chunk);
        for (int j = 0; j < cols; j++) {
            s.projNorm[s.maximaCursor + j] = norms[j];
            s.residual[s.maximaCursor + j] = s.kernel().value(chunk[j], chunk[j]) - nystromNorms[j] * nystromNorms[j];
        }
        s.maximaCursor += cols;
        return s.maximaCursor >= s.supportFeatures.length ? EpochPlanner.Stage.FINISH : EpochPlanner.Stage.MAXIMA;
    }

    @Override
    public double progress(PlanningState s) {
        return 0.8 + 0.15 * s.maximaCursor / Math.max(1.0, s.supportFeatures.length);
    }
}

package io.dpbandit.policy.capri;

import io.dpbandit.kernel.Cholesky;
import io.dpbandit.kernel.CholeskyFactor;
import io.dpbandit.kernel.JitterPolicy;
import org.ejml.dense.row.CommonOps_DDRM;

/**
 * CAPRI step 3: M_r = K_SR K_RS + τ_r K_SS (no rescaling), then A = L⁻¹ with M_r = L Lᵀ, starting
 * on the jitter ladder where the previous epoch ended; and L_SS⁻¹ for the Nyström residuals of
 * step 4 (jitter there only enlarges the residuals: utility, not privacy).
 */
final class FactorStage implements PlanningStage {

    @Override
    public EpochPlanner.Stage advance(PlanningState s) {
        if (s.outer != null) {
            s.mMatrix = s.outer.copy();
        }
        CommonOps_DDRM.addEquals(s.mMatrix, s.tau, s.kss);
        CholeskyFactor factor = Cholesky.factor(s.mMatrix, JitterPolicy.DEFAULT, s.firstCholeskyAttempt);
        s.choleskyAttempt = factor.attempts() - 1;
        s.a = factor.inverseFactor();
        s.mMatrix = null;
        s.nystrom = Cholesky.factor(s.kss, JitterPolicy.DEFAULT, s.firstCholeskyAttempt).inverseFactor();
        double[][] actions = s.actionFeatures();
        s.supportFeatures = s.support.stream().map(p -> p.point().features(actions)).toArray(double[][]::new);
        s.projNorm = new double[s.supportFeatures.length];
        s.residual = new double[s.supportFeatures.length];
        s.maximaCursor = 0;
        return EpochPlanner.Stage.MAXIMA;
    }

    @Override
    public double progress(PlanningState s) {
        return 0.7;
    }
}

package io.dpbandit.policy.capri;

import io.dpbandit.kernel.GramMatrices;
import org.ejml.data.DMatrixRMaj;

/** The features of S and R, R's counts as weights, K_SS, and an empty M_r to accumulate into. */
final class GramStage implements PlanningStage {

    @Override
    public EpochPlanner.Stage advance(PlanningState s) {
        double[][] actions = s.actionFeatures();
        s.sFeatures = s.projection.stream().map(p -> p.features(actions)).toArray(double[][]::new);
        s.rFeatures = s.covariance.keySet().stream().map(p -> p.features(actions)).toArray(double[][]::new);
        s.rWeights = s.covariance.values().stream().mapToDouble(Integer::doubleValue).toArray();
        s.kss = GramMatrices.gram(s.kernel(), s.sFeatures);
        s.mMatrix = new DMatrixRMaj(s.sFeatures.length, s.sFeatures.length);
        s.rCursor = 0;
        return EpochPlanner.Stage.ACCUMULATE;
    }

    @Override
    public double progress(PlanningState s) {
        return 0.2;
    }
}

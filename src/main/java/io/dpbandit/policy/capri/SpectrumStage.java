package io.dpbandit.policy.capri;

import java.util.ArrayList;
import java.util.List;

/**
 * PLANNED projection only: the public kernel spectrum of the epoch's support (at most
 * {@link ProjectionPlanner#SPECTRUM_POINTS} points, a public subsample beyond), and the first m_r,
 * the one for a noise-free epoch, the largest the rule can give. The finish stage shrinks S once
 * the noise is known.
 */
final class SpectrumStage implements PlanningStage {

    @Override
    public EpochPlanner.Stage advance(PlanningState s) {
        List<EpochPlanner.SupportPoint> points = s.support;
        if (points.size() > ProjectionPlanner.SPECTRUM_POINTS) {
            points = new ArrayList<>(s.support);
            java.util.Collections.shuffle(points, new java.util.Random(s.rng().nextLong()));
            points = points.subList(0, ProjectionPlanner.SPECTRUM_POINTS);
        }
        double[][] features = points.stream().map(p -> p.point().features(s.actionFeatures())).toArray(double[][]::new);
        double[] weights = points.stream().mapToDouble(EpochPlanner.SupportPoint::weight).toArray();
        s.spectrum = ProjectionPlanner.spectrum(s.kernel(), features, weights);
        s.sCap = ProjectionPlanner.size(s.spectrum, s.length, 0.0, s.planner.pairQuantile(),
                s.config().refinements().residualFloor(), s.config().projectionCap());
        return EpochPlanner.Stage.DRAW_S;
    }

    @Override
    public double progress(PlanningState s) {
        return 0.02;
    }
}

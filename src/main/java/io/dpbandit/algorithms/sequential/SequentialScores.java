package io.dpbandit.algorithms.sequential;

import io.dpbandit.policy.planning.Point;
import java.util.List;
import java.util.Optional;

/**
 * Reading a sequential model's recommendation against its noise: the scores of the candidates, and
 * the planner's score error after the rounds the model holds. The planner calls a gap resolved once
 * the score error is below half of it (LinearForecast, GpUcbForecast), so a recommendation is
 * resolved when its margin over the best other action exceeds twice the error; the same rule, read
 * backwards, gives the rounds after which a margin is expected to be resolved.
 */
public final class SequentialScores {

    private SequentialScores() {
    }

    /** θ·x for each candidate x (a candidate longer than θ, or null, scores 0 on the missing part). */
    public static double[] dot(double[] theta, double[][] features) {
        double[] out = new double[features.length];
        for (int i = 0; i < features.length; i++) {
            double s = 0;
            double[] x = features[i];
            for (int j = 0; x != null && j < Math.min(x.length, theta.length); j++) {
                s += theta[j] * x[j];
            }
            out[i] = s;
        }
        return out;
    }

    /** The score of {@code best} minus the largest other score. */
    public static double margin(double[] scores, int best) {
        double other = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < scores.length; i++) {
            if (i != best) {
                other = Math.max(other, scores[i]);
            }
        }
        return scores[best] - other;
    }

    /**
     * The forecast score error after {@code rounds}: that of the last forecast point at or before
     * them (the error only falls with rounds, so this never understates it); infinite before the
     * first point or without points.
     */
    public static double errorAt(List<Point> points, long rounds) {
        double error = Double.POSITIVE_INFINITY;
        for (Point p : points) {
            if (p.rounds() <= rounds) {
                error = p.scoreError();
            }
        }
        return error;
    }

    /** Whether a margin is resolved at a score error: more than twice the error (the planner's rule). */
    public static boolean resolved(double margin, double error) {
        return Double.isFinite(error) && margin > 2 * error;
    }

    /** The first forecast point's rounds at which {@code margin} is resolved, if any. */
    public static Optional<Long> roundsToResolve(List<Point> points, double margin) {
        return points.stream().filter(p -> resolved(margin, p.scoreError())).map(Point::rounds).findFirst();
    }
}

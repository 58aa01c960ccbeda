package io.dpbandit.algorithms.sequential;

import static org.assertj.core.api.Assertions.assertThat;

import io.dpbandit.policy.planning.Point;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A sequential model's recommendation is a finding only when its margin over the best other action
 * exceeds twice the planner's score error at the rounds the model holds (the planner's own rule: a
 * gap is resolved once the error is below half of it), never on a point the forecast has not reached.
 */
class SequentialScoresTest {

    static final List<Point> FORECAST = List.of(new Point(100, 0.4), new Point(1000, 0.1), new Point(10_000, 0.02));

    @Test
    void scoresAndMarginsAreTheReleasedEstimates() {
        double[] scores = SequentialScores.dot(new double[] {0.5, -0.25, 1.0},
                new double[][] {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, null, {1, 1}});
        assertThat(scores).containsExactly(0.5, -0.25, 1.0, 0.0, 0.25);
        assertThat(SequentialScores.margin(scores, 2)).isEqualTo(0.5);
        assertThat(SequentialScores.margin(scores, 0)).as("not the top score: a negative margin").isEqualTo(-0.5);
    }

    @Test
    void theErrorIsTheLastForecastPointReachedAndInfiniteBeforeTheFirst() {
        assertThat(SequentialScores.errorAt(FORECAST, 99)).isInfinite();
        assertThat(SequentialScores.errorAt(FORECAST, 100)).isEqualTo(0.4);
        assertThat(SequentialScores.errorAt(FORECAST, 9_999)).as("never the smaller error of a later point")
                .isEqualTo(0.1);
        assertThat(SequentialScores.errorAt(List.of(), 1_000_000)).isInfinite();
    }

    @Test
    void aMarginIsResolvedAboveTwiceTheErrorAndTheForecastSaysWhen() {
        assertThat(SequentialScores.resolved(0.21, 0.1)).isTrue();
        assertThat(SequentialScores.resolved(0.2, 0.1)).as("at the bound: not above it").isFalse();
        assertThat(SequentialScores.resolved(5, Double.POSITIVE_INFINITY)).isFalse();
        assertThat(SequentialScores.resolved(-1, 0)).isFalse();
        assertThat(SequentialScores.roundsToResolve(FORECAST, 0.3)).contains(1000L);
        assertThat(SequentialScores.roundsToResolve(FORECAST, 0.01)).as("not within the forecast").isEmpty();
    }
}

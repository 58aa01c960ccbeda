package io.dpbandit.runtime;

import io.dpbandit.policy.planning.PlannerOptions;
import io.dpbandit.policy.planning.Point;
import io.dpbandit.spec.BanditSpec;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The points a released model's margins are read against ({@code Forecast.scoreErrors}: a sequential
 * model's score error, CAPRI's planned resolvable gaps), per bandit, from its spec alone (public). Asked
 * for by an analyst's read of the recommendations, so bounded: a forecast that would take longer than
 * {@value #MAX_SECONDS} s (a large pool, support or horizon) is not made and the recommendations stand
 * without it. Computed outside the map's lock (two first reads may both compute it), and kept only when
 * a forecast was made, so a failure is tried again on a later read.
 */
public final class ForecastPoints {

    static final double MAX_SECONDS = 5;

    private final Map<String, List<Point>> known = new ConcurrentHashMap<>();

    public List<Point> of(BanditSpec spec, Optional<Forecaster> forecaster) {
        List<Point> points = known.get(spec.id());
        if (points != null) {
            return points;
        }
        try {
            List<Point> made = forecaster.map(f -> f.forecast(spec, PlannerOptions.defaults().withMaxSeconds(MAX_SECONDS))
                    .forecast().scoreErrors()).orElse(List.of());
            known.putIfAbsent(spec.id(), made);
            return made;
        } catch (RuntimeException beyondThePlannersLimits) {
            return List.of(); // no forecast to read margins against: nothing is resolved, nothing expected
        }
    }
}

package io.dpbandit.runtime;

import java.util.List;

/**
 * How the analyst page draws a forecast (served with the algorithm's profile at
 * /ui/algorithms.json): the page reads the plan report's field {@code key} and draws it as one of
 * its charts, so the page names no algorithm.
 *
 * @param key       the plan report's field that holds the forecast
 * @param chart     EPOCH_GAPS (per releasing epoch the gap it resolves, next to what the releases
 *                  did), RELEASE_ODDS (a per-context release's odds at the gap) or NOISE_CURVE (a
 *                  sequential model's error against the rounds it holds, from the forecast's points)
 * @param series    NOISE_CURVE: the curves, each a field of the forecast's points
 * @param main      NOISE_CURVE: the field of the points that decides when a gap is resolved
 * @param mainName  NOISE_CURVE: what the page calls that field ("score error", ...)
 */
public record ForecastView(String key, Chart chart, List<Series> series, String main, String mainName) {

    /** The page's charts for forecasts. */
    public enum Chart { EPOCH_GAPS, RELEASE_ODDS, NOISE_CURVE }

    /**
     * One curve of a NOISE_CURVE.
     *
     * @param field the points' field it draws
     * @param label its legend
     * @param kind  its line style on the page ("score", "bonus", "decision")
     */
    public record Series(String field, String label, String kind) {
    }

    public ForecastView {
        series = List.copyOf(series);
    }

    /** A chart without curves (EPOCH_GAPS, RELEASE_ODDS). */
    public static ForecastView of(String key, Chart chart) {
        return new ForecastView(key, chart, List.of(), null, null);
    }

    /** A NOISE_CURVE whose series {@code main} decides when a gap is resolved. */
    public static ForecastView curve(String key, String main, String mainName, Series... series) {
        return new ForecastView(key, Chart.NOISE_CURVE, List.of(series), main, mainName);
    }
}

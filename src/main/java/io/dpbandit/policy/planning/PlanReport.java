package io.dpbandit.policy.planning;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;
import java.util.Map;

/**
 * The planner's answer for one bandit spec: numbers and strings only, so it serialises as JSON as
 * it is. The algorithm's forecast is written under its own key ({@link Forecast#key()}: "capri",
 * "usca", ...), the one field of the report that differs by algorithm; the API document lists the
 * keys from the algorithm registry.
 *
 * @param algorithm the spec's algorithm
 * @param gap       the reward gap the report was asked about
 * @param forecast  the algorithm's forecast
 * @param notes     what the numbers assume and how to read them
 */
public record PlanReport(String algorithm, double gap, @JsonIgnore Forecast forecast, List<String> notes) {

    public PlanReport {
        notes = List.copyOf(notes);
    }

    /** The same report with {@code first} ahead of its notes. */
    public PlanReport withLeadingNotes(List<String> first) {
        if (first.isEmpty()) {
            return this;
        }
        List<String> all = new java.util.ArrayList<>(first);
        all.addAll(notes);
        return new PlanReport(algorithm, gap, forecast, all);
    }

    /** The same report with {@code note} after its notes, when present. */
    public PlanReport withNote(java.util.Optional<String> note) {
        if (note.isEmpty()) {
            return this;
        }
        List<String> all = new java.util.ArrayList<>(notes);
        all.add(note.get());
        return new PlanReport(algorithm, gap, forecast, all);
    }

    /** The forecast as its own type (ClassCastException if the report is of another algorithm). */
    public <F extends Forecast> F forecast(Class<F> type) {
        return type.cast(forecast);
    }

    /**
     * The forecast under its key, for a plain ObjectMapper; the API and the plan command write every
     * registered key (null but for this one) through {@code io.dpbandit.algorithms.PlanReportJson}.
     */
    @JsonAnyGetter
    Map<String, Forecast> forecastByKey() {
        return Map.of(forecast.key(), forecast);
    }
}

package io.dpbandit.policy.planning;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * One algorithm's forecast, the body of a {@link PlanReport}: a record of numbers and strings that
 * lives in its algorithm's policy package and renders itself for the plan command. The report
 * carries it under {@link #key()}, the field the API document names for it.
 */
public interface Forecast {

    /** The field of the report that holds this forecast ("capri", "linear", ...). */
    @JsonIgnore
    String key();

    /** The plan command's table of this forecast (without the report's notes). */
    String table();

    /**
     * A sequential model's forecast score error after a few numbers of learning rounds, fewest first
     * (empty for a forecast of another kind): what a released model's margins are read against.
     */
    @JsonIgnore
    default java.util.List<Point> scoreErrors() {
        return java.util.List.of();
    }
}

package io.dpbandit.policy.planning;

import java.util.List;

/**
 * The planner's answer for one bandit spec: numbers and strings only, so it serialises as JSON
 * as it is. Exactly one of {@code capri}, {@code usca}, {@code linear} and {@code gpucb} is set.
 *
 * @param algorithm "CAPRI", "USCA", "LINUCB" or "GPUCB"
 * @param gap       the reward gap the report was asked about
 * @param capri     the CAPRI forecast, or null
 * @param usca      the USCA forecast, or null
 * @param linear    the LINUCB forecast, or null
 * @param gpucb     the GPUCB forecast, or null
 * @param notes     what the numbers assume and how to read them
 */
public record PlanReport(String algorithm, double gap, CapriForecast capri, UscaForecast usca,
        LinearForecast linear, GpUcbForecast gpucb, List<String> notes) {

    /** A CAPRI or USCA report. */
    public PlanReport(String algorithm, double gap, CapriForecast capri, UscaForecast usca, List<String> notes) {
        this(algorithm, gap, capri, usca, null, null, notes);
    }

    /** A CAPRI, USCA or LINUCB report. */
    public PlanReport(String algorithm, double gap, CapriForecast capri, UscaForecast usca, LinearForecast linear,
            List<String> notes) {
        this(algorithm, gap, capri, usca, linear, null, notes);
    }

    public PlanReport {
        notes = List.copyOf(notes);
    }
}

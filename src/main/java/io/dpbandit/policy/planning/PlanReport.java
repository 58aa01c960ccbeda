package io.dpbandit.policy.planning;

import java.util.List;

/**
 * The planner's answer for one bandit spec: numbers and strings only, so it serialises as JSON
 * as it is. Exactly one of {@code capri}, {@code usca}, {@code linear}, {@code onlineucb} and
 * {@code gpucb} is set.
 *
 * @param algorithm "CAPRI", "USCA", "LINUCB", "ONLINEUCB" or "GPUCB"
 * @param gap       the reward gap the report was asked about
 * @param capri     the CAPRI forecast, or null
 * @param usca      the USCA forecast, or null
 * @param linear    the LINUCB forecast, or null
 * @param onlineucb the ONLINEUCB forecast, or null
 * @param gpucb     the GPUCB forecast, or null
 * @param notes     what the numbers assume and how to read them
 */
public record PlanReport(String algorithm, double gap, CapriForecast capri, UscaForecast usca,
        LinearForecast linear, OnlineUcbForecast onlineucb, GpUcbForecast gpucb, List<String> notes) {

    /** A CAPRI or USCA report. */
    public PlanReport(String algorithm, double gap, CapriForecast capri, UscaForecast usca, List<String> notes) {
        this(algorithm, gap, capri, usca, null, null, null, notes);
    }

    /** A LINUCB report. */
    public static PlanReport linear(double gap, LinearForecast linear, List<String> notes) {
        return new PlanReport("LINUCB", gap, null, null, linear, null, null, notes);
    }

    /** An ONLINEUCB report. */
    public static PlanReport onlineUcb(double gap, OnlineUcbForecast forecast, List<String> notes) {
        return new PlanReport("ONLINEUCB", gap, null, null, null, forecast, null, notes);
    }

    /** A GPUCB report. */
    public static PlanReport gpUcb(double gap, GpUcbForecast forecast, List<String> notes) {
        return new PlanReport("GPUCB", gap, null, null, null, null, forecast, notes);
    }

    public PlanReport {
        notes = List.copyOf(notes);
    }
}

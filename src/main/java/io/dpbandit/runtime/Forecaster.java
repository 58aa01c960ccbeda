package io.dpbandit.runtime;

import io.dpbandit.policy.planning.Forecast;
import io.dpbandit.policy.planning.PlanReport;
import io.dpbandit.policy.planning.PlannerOptions;
import io.dpbandit.spec.BanditSpec;
import java.util.List;
import java.util.function.BiFunction;

/**
 * What an algorithm that the planner covers offers through its descriptor: its forecast for a spec
 * (from public inputs only), the plan report's field the forecast is written under and its type
 * (the API document lists them from the registry), and how the analyst page draws it. The forecast
 * itself renders the plan command's table ({@link Forecast#table()}), so neither the command, the
 * page nor the report has a branch per algorithm.
 */
public interface Forecaster {

    /** The plan report's field that holds this algorithm's forecast ("capri", "linear", ...). */
    String key();

    /** The forecast's type, for the API document's schema of that field. */
    Class<? extends Forecast> type();

    /** How the analyst page draws the forecast. */
    ForecastView view();

    /**
     * The forecast for a valid, normalised spec of this algorithm.
     *
     * @throws io.dpbandit.policy.planning.ForecastTooLong past the options' time limit
     */
    PlanReport forecast(BanditSpec spec, PlannerOptions options);

    /**
     * What the spec's profile chose for the options it left out, one note each, so that the plan says
     * what it plans and why before its figures.
     */
    static List<String> choiceNotes(BanditSpec spec) {
        if (spec.choices() == null) {
            return List.of();
        }
        return spec.choices().stream().map(c -> "Chosen under the " + spec.profileOrLearn() + " profile (the spec "
                + "leaves it out): " + c.field() + " = " + c.value() + ". " + c.reason() + ".").toList();
    }

    /** A forecaster from its parts. */
    static Forecaster of(String key, Class<? extends Forecast> type, ForecastView view,
            BiFunction<BanditSpec, PlannerOptions, PlanReport> plan) {
        return new Forecaster() {
            @Override
            public String key() {
                return key;
            }

            @Override
            public Class<? extends Forecast> type() {
                return type;
            }

            @Override
            public ForecastView view() {
                return view;
            }

            @Override
            public PlanReport forecast(BanditSpec spec, PlannerOptions options) {
                return plan.apply(spec, options).withLeadingNotes(choiceNotes(spec));
            }
        };
    }
}

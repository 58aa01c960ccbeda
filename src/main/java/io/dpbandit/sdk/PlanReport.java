package io.dpbandit.sdk;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The planner's forecast for a spec (POST /bandits/plan, GET /bandits/{id}/plan): computed from the
 * spec and its public pool only, so it costs no privacy. The algorithm's forecast is written under
 * its own key ("capri", "linear", ...); read it as its algorithm's record with
 * {@link #forecast(Class)}: {@code plan.forecast(CapriForecast.class)} (each algorithm's forecast
 * record is in its own package, {@code io.dpbandit.sdk.capri}, {@code io.dpbandit.sdk.linucb}, ...).
 *
 * @param algorithm the spec's algorithm
 * @param gap       the reward gap the forecast was asked about
 * @param forecasts the forecast as sent, by key (one key: the algorithm's)
 * @param notes     what the numbers assume and how to read them
 */
public record PlanReport(String algorithm, double gap, @JsonIgnore Map<String, JsonNode> forecasts,
        List<String> notes) {

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = SdkJson.mapper();

    public PlanReport {
        forecasts = Map.copyOf(forecasts);
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    /** The report as the service writes it: every registered forecaster's key, null but the algorithm's. */
    @JsonCreator
    static PlanReport read(ObjectNode json) {
        Map<String, JsonNode> forecasts = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        json.path("notes").forEach(n -> notes.add(n.asText()));
        for (Iterator<Map.Entry<String, JsonNode>> it = json.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            if (!List.of("algorithm", "gap", "notes").contains(field.getKey()) && !field.getValue().isNull()) {
                forecasts.put(field.getKey(), field.getValue());
            }
        }
        return new PlanReport(json.path("algorithm").asText(null), json.path("gap").asDouble(), forecasts, notes);
    }

    /**
     * The forecast as its algorithm's record ({@code type} names its key with {@code @JsonTypeName}).
     *
     * @throws IllegalArgumentException if this is the report of another algorithm (no forecast under
     *         that key), or {@code type} declares no key
     */
    public <F> F forecast(Class<F> type) {
        String key = SpecOptions.key(type);
        JsonNode forecast = forecasts.get(key);
        if (forecast == null) {
            throw new IllegalArgumentException("this is the plan of a " + algorithm + " spec: it has no '"
                    + key + "' forecast (it has " + forecasts.keySet() + ")");
        }
        try {
            return JSON.treeToValue(forecast, type);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("the '" + key + "' forecast does not read as "
                    + type.getSimpleName() + ": " + e.getOriginalMessage(), e);
        }
    }

    /** The forecast under its key, as the service wrote it. */
    @JsonAnyGetter
    Map<String, JsonNode> forecastByKey() {
        return forecasts;
    }

    /** The score error after {@code rounds} learning rounds (a point of a forecast's curve). */
    public record Point(long rounds, double scoreError) {
    }
}

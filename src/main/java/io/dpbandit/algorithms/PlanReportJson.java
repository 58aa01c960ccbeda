package io.dpbandit.algorithms;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import io.dpbandit.policy.planning.PlanReport;
import io.dpbandit.runtime.Forecaster;
import java.io.IOException;
import java.util.List;

/**
 * The wire shape of a {@link PlanReport}, the same for the API and the plan command's --json:
 * {@code algorithm}, {@code gap}, then every registered forecaster's key in registry order (the
 * report's own forecast under its key, null under the others), then {@code notes}. The report itself
 * holds one forecast; the fixed list of keys the API document names comes from the registry here.
 */
public final class PlanReportJson extends SimpleModule {

    public PlanReportJson() {
        super("PlanReportJson");
        addSerializer(PlanReport.class, new Writer());
    }

    /** The report fields that hold forecasts, in registry order. */
    public static List<String> keys() {
        return Algorithms.all().stream().flatMap(d -> d.forecaster().stream()).map(Forecaster::key).toList();
    }

    private static final class Writer extends StdSerializer<PlanReport> {

        Writer() {
            super(PlanReport.class);
        }

        @Override
        public void serialize(PlanReport report, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeStartObject();
            provider.defaultSerializeField("algorithm", report.algorithm(), gen);
            gen.writeNumberField("gap", report.gap());
            String own = report.forecast().key();
            for (String key : keys()) {
                provider.defaultSerializeField(key, key.equals(own) ? report.forecast() : null, gen);
            }
            provider.defaultSerializeField("notes", report.notes(), gen);
            gen.writeEndObject();
        }
    }
}

package io.dpbandit.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The cached handler records what Micrometer's default handler records: the same meters, tags and counts. */
class CachedMeterObservationHandlerTest {

    static void observe(ObservationRegistry observations) {
        for (int i = 0; i < 3; i++) {
            Observation.createNotStarted("http.server.requests", observations).lowCardinalityKeyValue("uri", "/decide")
                    .lowCardinalityKeyValue("status", "200").highCardinalityKeyValue("http.url", "/decide?" + i)
                    .observe(() -> { });
        }
        Observation failed = Observation.createNotStarted("http.server.requests", observations)
                .lowCardinalityKeyValue("uri", "/decide").lowCardinalityKeyValue("status", "500").start();
        failed.error(new IllegalStateException("boom"));
        failed.stop();
        Observation withEvent = Observation.createNotStarted("task", observations).start();
        withEvent.event(Observation.Event.of("retried"));
        withEvent.stop();
    }

    /** Every meter's id (name and sorted tags) and count. */
    static Map<String, Long> recorded(MeterRegistry registry) {
        Map<String, Long> seen = new TreeMap<>();
        for (Meter meter : registry.getMeters()) {
            long count = meter instanceof Timer t ? t.count()
                    : (long) meter.measure().iterator().next().getValue();
            seen.put(meter.getId().getName() + meter.getId().getTags(), count);
        }
        return seen;
    }

    static ObservationRegistry with(ObservationHandler<Observation.Context> handler) {
        ObservationRegistry observations = ObservationRegistry.create();
        observations.observationConfig().observationHandler(handler);
        return observations;
    }

    @Test
    void recordsWhatTheDefaultHandlerRecords() {
        MeterRegistry cached = new SimpleMeterRegistry();
        MeterRegistry reference = new SimpleMeterRegistry();
        observe(with(new CachedMeterObservationHandler(cached)));
        observe(with(new DefaultMeterObservationHandler(reference,
                DefaultMeterObservationHandler.IgnoredMeters.LONG_TASK_TIMER)));
        assertThat(recorded(cached)).isEqualTo(recorded(reference)).containsEntry(
                "http.server.requests[tag(error=none), tag(status=200), tag(uri=/decide)]", 3L).containsEntry(
                "http.server.requests[tag(error=IllegalStateException), tag(status=500), tag(uri=/decide)]", 1L);
    }

    @Test
    void aTimerTheRegistryDroppedIsRegisteredAgain() {
        MeterRegistry registry = new SimpleMeterRegistry();
        ObservationRegistry observations = with(new CachedMeterObservationHandler(registry));
        observe(observations);
        registry.getMeters().forEach(registry::remove);
        observe(observations);
        assertThat(recorded(registry)).containsEntry(
                "http.server.requests[tag(error=none), tag(status=200), tag(uri=/decide)]", 3L);
    }
}

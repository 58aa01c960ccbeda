package io.dpbandit.config;

import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.observation.MeterObservationHandler;
import io.micrometer.observation.Observation;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The timers of observations ({@code http.server.requests} above all), as Micrometer's
 * {@code DefaultMeterObservationHandler} records them (the observation's name, its low-cardinality
 * key values as tags, and {@code error}: the error's simple class name or {@code none}), but with each
 * tag set's timer looked up once and kept: the default handler builds the tags, the meter id and a
 * registry lookup through every meter filter for every request, about a tenth of a small request's
 * CPU (docs/benchmarks.md, 5.1). Events count as the default handler counts them. A meter removed
 * from the registry is forgotten here too, so a timer is never kept that the registry has dropped.
 * No long-task timers (the service turns them off; {@link ObservationConfiguration} keeps the default
 * handler when they are on).
 */
final class CachedMeterObservationHandler implements MeterObservationHandler<Observation.Context> {

    private record TimerKey(String name, KeyValues tags, String error) {
    }

    private final MeterRegistry registry;
    private final ConcurrentMap<TimerKey, Timer> timers = new ConcurrentHashMap<>();

    CachedMeterObservationHandler(MeterRegistry registry) {
        this.registry = registry;
        registry.config().onMeterRemoved(meter -> timers.values().removeIf(timer -> timer.getId().equals(meter.getId())));
    }

    @Override
    public void onStart(Observation.Context context) {
        context.put(Timer.Sample.class, Timer.start(registry));
    }

    @Override
    public void onStop(Observation.Context context) {
        Throwable error = context.getError();
        TimerKey key = new TimerKey(context.getName(), context.getLowCardinalityKeyValues(),
                error == null ? "none" : error.getClass().getSimpleName());
        Timer timer = timers.computeIfAbsent(key, k -> Timer.builder(k.name()).tags(tags(k.tags()))
                .tag("error", k.error()).register(registry));
        Timer.Sample sample = context.getRequired(Timer.Sample.class);
        sample.stop(timer);
    }

    @Override
    public void onEvent(Observation.Event event, Observation.Context context) {
        Counter.builder(context.getName() + "." + event.getName()).tags(tags(context.getLowCardinalityKeyValues()))
                .register(registry).increment();
    }

    private static List<Tag> tags(KeyValues values) {
        List<Tag> tags = new ArrayList<>();
        for (KeyValue value : values) {
            tags.add(Tag.of(value.getKey(), value.getValue()));
        }
        return tags;
    }
}

package io.dpbandit.config;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.observation.MeterObservationHandler;
import io.micrometer.observation.Observation;
import org.springframework.boot.actuate.autoconfigure.observation.ObservationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Observations become timers through {@link CachedMeterObservationHandler} (Spring Boot then
 * registers no handler of its own for meters), unless long-task timers are turned on
 * ({@code management.observations.long-task-timer.enabled}), which only Micrometer's default
 * handler records.
 */
@Configuration(proxyBeanMethods = false)
public class ObservationConfiguration {

    @Bean
    MeterObservationHandler<Observation.Context> meterObservationHandler(MeterRegistry registry,
            ObservationProperties properties) {
        return properties.getLongTaskTimer().isEnabled() ? new DefaultMeterObservationHandler(registry)
                : new CachedMeterObservationHandler(registry);
    }
}

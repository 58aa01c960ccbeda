package io.dpbandit.config;

import java.util.HashMap;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * The embedded (development) mode listens on the loopback address only: it prints a development key
 * with every role and keeps it beside its data, which is fine on a laptop and not on an address
 * others can reach. Unless {@code server.address} (or {@code management.server.address}, with a
 * management port of its own) is set, both servers bind to 127.0.0.1 when no external database is configured; a deployment (with
 * {@code spring.datasource.url}) keeps Spring Boot's default of every interface. Added as the
 * lowest-precedence source, so any configuration wins.
 */
public class EmbeddedLoopback implements EnvironmentPostProcessor {

    static final String SOURCE = "dpbandit-embedded-loopback";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        if (!DatabaseModeConfiguration.of(environment).isEmbedded()) {
            return;
        }
        Map<String, Object> loopback = new HashMap<>();
        if (!environment.containsProperty("server.address")) {
            loopback.put("server.address", "127.0.0.1");
        }
        // Spring Boot refuses a management address without a management port of its own.
        if (environment.containsProperty("management.server.port")
                && !environment.containsProperty("management.server.address")) {
            loopback.put("management.server.address", "127.0.0.1");
        }
        if (!loopback.isEmpty()) {
            environment.getPropertySources().addLast(new MapPropertySource(SOURCE, loopback));
        }
    }
}

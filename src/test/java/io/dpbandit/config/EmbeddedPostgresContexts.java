package io.dpbandit.config;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * A context with only the embedded PostgreSQL configuration in it (no web server, no Flyway), for
 * tests about the cluster itself. Properties are those given; application.yml is not read, so
 * unset ones take the record's defaults.
 */
final class EmbeddedPostgresContexts {

    private EmbeddedPostgresContexts() {
    }

    static ApplicationContextRunner embeddedPostgres(String... properties) {
        return new ApplicationContextRunner()
                .withUserConfiguration(EmbeddedPostgresConfiguration.class, Properties.class)
                .withPropertyValues(properties);
    }

    @EnableConfigurationProperties(EmbeddedPostgresProperties.class)
    static class Properties {
    }
}

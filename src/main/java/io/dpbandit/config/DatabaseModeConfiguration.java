package io.dpbandit.config;

import io.dpbandit.bandit.DatabaseMode;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.util.StringUtils;

/**
 * Which database this instance runs on ({@link DatabaseMode}): external when
 * {@code spring.datasource.url} is set, otherwise the embedded PostgreSQL unless
 * {@code dpbandit.embedded-postgres.enabled} is false. One rule, read by the condition that starts
 * the embedded cluster and by the beans that generate the quick start's secrets.
 */
@Configuration(proxyBeanMethods = false)
public class DatabaseModeConfiguration {

    @Bean
    DatabaseMode databaseMode(Environment env) {
        return of(env);
    }

    /** The mode the environment describes (usable before beans exist, from a condition). */
    static DatabaseMode of(Environment env) {
        if (StringUtils.hasText(env.getProperty("spring.datasource.url"))) {
            return DatabaseMode.external();
        }
        EmbeddedPostgresProperties embedded = Binder.get(env)
                .bindOrCreate("dpbandit.embedded-postgres", EmbeddedPostgresProperties.class);
        return embedded.enabled() ? DatabaseMode.embedded(embedded.dataDirectory()) : DatabaseMode.none();
    }
}

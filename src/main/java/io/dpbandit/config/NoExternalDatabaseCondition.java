package io.dpbandit.config;

import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.StringUtils;

/**
 * Matches when no external database is configured and the embedded one is not switched off.
 * With {@code SPRING_DATASOURCE_URL} set, the embedded PostgreSQL is never started, so a
 * production deployment does not depend on it.
 */
class NoExternalDatabaseCondition implements Condition {

    @Override
    public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
        var env = context.getEnvironment();
        boolean externalUrl = StringUtils.hasText(env.getProperty("spring.datasource.url"));
        boolean enabled = env.getProperty("dpbandit.embedded-postgres.enabled", Boolean.class, true);
        return enabled && !externalUrl;
    }
}

package io.dpbandit.config;

import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Matches when no external database is configured and the embedded one is not switched off
 * ({@link DatabaseModeConfiguration}). With {@code SPRING_DATASOURCE_URL} set, the embedded
 * PostgreSQL is never started, so a production deployment does not depend on it.
 */
class NoExternalDatabaseCondition implements Condition {

    @Override
    public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
        return DatabaseModeConfiguration.of(context.getEnvironment()).isEmbedded();
    }
}

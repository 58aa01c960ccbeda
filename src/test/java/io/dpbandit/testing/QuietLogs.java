package io.dpbandit.testing;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.slf4j.LoggerFactory;

/**
 * Keeps the service's INFO lines (an epoch planned, closed, ...) out of the output of unit tests
 * that run its classes without Spring, whose logging configuration would otherwise be Logback's
 * default (everything to the console). Warnings and errors still show. The level is restored after
 * the class.
 */
public final class QuietLogs implements BeforeAllCallback, AfterAllCallback {

    private static final String LOGGER = "io.dpbandit";
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(QuietLogs.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        if (LoggerFactory.getLogger(LOGGER) instanceof Logger logger) {
            context.getStore(NAMESPACE).put("level", logger.getLevel() == null ? "" : logger.getLevel().levelStr);
            logger.setLevel(Level.WARN);
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (LoggerFactory.getLogger(LOGGER) instanceof Logger logger) {
            String level = context.getStore(NAMESPACE).get("level", String.class);
            logger.setLevel(level == null || level.isEmpty() ? null : Level.toLevel(level));
        }
    }
}

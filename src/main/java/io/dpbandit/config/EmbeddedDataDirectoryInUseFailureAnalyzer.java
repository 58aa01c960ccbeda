package io.dpbandit.config;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Turns a refused embedded data directory into Spring Boot's "APPLICATION FAILED TO START"
 * report: what is wrong and what to do, instead of a stack trace.
 */
class EmbeddedDataDirectoryInUseFailureAnalyzer extends AbstractFailureAnalyzer<EmbeddedDataDirectoryInUseException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, EmbeddedDataDirectoryInUseException cause) {
        return new FailureAnalysis(cause.getMessage() + ". This instance stopped and left it untouched.",
                "Stop the other instance first, or give this one its own directory with "
                        + "dpbandit.embedded-postgres.data-directory, or use an external PostgreSQL by setting "
                        + "SPRING_DATASOURCE_URL.",
                cause);
    }
}

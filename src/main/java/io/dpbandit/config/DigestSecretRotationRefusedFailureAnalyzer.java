package io.dpbandit.config;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Turns a refused rotation of the digest secret into Spring Boot's "APPLICATION FAILED TO START"
 * report: which bandits need which secret and what to configure, instead of a stack trace.
 */
class DigestSecretRotationRefusedFailureAnalyzer extends AbstractFailureAnalyzer<DigestSecretRotationRefused> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, DigestSecretRotationRefused cause) {
        return new FailureAnalysis(cause.description(), cause.action(), cause);
    }
}

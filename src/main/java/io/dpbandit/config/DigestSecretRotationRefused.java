package io.dpbandit.config;

/**
 * A start refused by {@link DigestSecretRotationGuard}: what is wrong and what to do, which
 * {@link DigestSecretRotationRefusedFailureAnalyzer} prints as Spring Boot's "APPLICATION FAILED TO
 * START" report.
 */
public class DigestSecretRotationRefused extends IllegalStateException {

    private final String description;
    private final String action;

    DigestSecretRotationRefused(String description, String action) {
        super("Refusing to start: " + description + " " + action);
        this.description = description;
        this.action = action;
    }

    public String description() {
        return description;
    }

    public String action() {
        return action;
    }
}

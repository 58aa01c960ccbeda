package io.dpbandit.sdk;

/**
 * How a release was made: the service and its version, the JVM and architecture it ran on, the
 * tuning it ran with and the state version it was read from, and the profile the bandit's spec was
 * normalised under with the options the service chose for it (null profile: created before profiles).
 */
public record Provenance(String service, String version, String java, String arch, BanditSpec.Tuning tuning,
        long stateVersion, Profile profile, java.util.List<DefaultChoice> choices) {
}

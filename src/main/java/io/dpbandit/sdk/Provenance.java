package io.dpbandit.sdk;

/**
 * How a release was made: the service and its version, the JVM and architecture it ran on, the
 * tuning it ran with and the state version it was read from.
 */
public record Provenance(String service, String version, String java, String arch, BanditSpec.Tuning tuning,
        long stateVersion) {
}

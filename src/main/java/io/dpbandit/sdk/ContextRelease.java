package io.dpbandit.sdk;

/**
 * The answer to POST /release: a private decision for a context.
 *
 * @param bandit  the bandit
 * @param action  the action released for the context
 * @param charged whether this release was charged to the ledger (USCA's first release for a context)
 * @param epsilon the ε it was charged (0 when free)
 */
public record ContextRelease(String bandit, String action, boolean charged, double epsilon) {
}
